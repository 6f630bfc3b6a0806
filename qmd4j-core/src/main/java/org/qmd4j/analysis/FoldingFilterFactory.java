package org.qmd4j.analysis;

import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenFilterFactory;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.util.ArrayUtil;

/**
 * Lucene's {@code asciiFolding} (without the original kept), giving the same tokens from a
 * table of what it gives each character of the Latin blocks (French text, most others). Lucene's
 * {@link ASCIIFoldingFilter#foldToASCII} folds one character at a time, but is one method too
 * large for the JIT compilers (about 14 KB of bytecode; HotSpot compiles none over 8 KB), so
 * it ran interpreted for every word holding an accent. A character outside the table still
 * goes through it.
 *
 * <p>Public only because Lucene builds factories by reflection.
 */
public final class FoldingFilterFactory extends TokenFilterFactory {
  /** The table's characters: U+0080 to the end of Latin Extended-B (U+024F). */
  private static final int TABLE_END = 0x250;
  /** What each character from U+0080 folds to; null where it stays itself. */
  private static final char[][] FOLDED = table();

  /** Takes no parameters ({@code args} must be empty but for Lucene's own). */
  public FoldingFilterFactory(Map<String, String> args) {
    super(args);
    if (!args.isEmpty()) throw new IllegalArgumentException("Unknown parameters: " + args);
  }

  private static char[][] table() {
    char[][] table = new char[TABLE_END - 0x80][];
    char[] in = new char[1];
    char[] out = new char[8];
    for (int c = 0x80; c < TABLE_END; c++) {
      in[0] = (char) c;
      int length = ASCIIFoldingFilter.foldToASCII(in, 0, out, 0, 1);
      if (length != 1 || out[0] != c) table[c - 0x80] = Arrays.copyOf(out, length);
    }
    return table;
  }

  @Override
  public TokenStream create(TokenStream input) {
    return new Folding(input);
  }

  /** Folds a word holding a character from U+0080; leaves an ASCII word as it is. */
  private static final class Folding extends TokenFilter {
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private char[] out = new char[64];

    Folding(TokenStream input) {
      super(input);
    }

    @Override
    public boolean incrementToken() throws IOException {
      if (!input.incrementToken()) return false;
      char[] buffer = term.buffer();
      int length = term.length();
      int i = 0;
      while (i < length && buffer[i] < 0x80) i++;
      if (i == length) return true;
      // Lucene's folding writes at most 4 characters for one.
      if (out.length < 4 * length) out = new char[ArrayUtil.oversize(4 * length, Character.BYTES)];
      term.copyBuffer(out, 0, fold(buffer, length, out));
      return true;
    }
  }

  /**
   * What {@link ASCIIFoldingFilter#foldToASCII} writes for {@code input[0..length)} into
   * {@code output} (at least 4 times {@code length}); its length.
   */
  static int fold(char[] input, int length, char[] output) {
    int o = 0;
    for (int i = 0; i < length; i++) {
      char c = input[i];
      if (c < 0x80) {
        output[o++] = c;
      } else if (c < TABLE_END) {
        char[] folded = FOLDED[c - 0x80];
        if (folded == null) {
          output[o++] = c;
        } else {
          System.arraycopy(folded, 0, output, o, folded.length);
          o += folded.length;
        }
      } else {
        o = ASCIIFoldingFilter.foldToASCII(input, i, output, o, 1);
      }
    }
    return o;
  }
}
