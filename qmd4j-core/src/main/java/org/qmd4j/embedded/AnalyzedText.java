package org.qmd4j.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.qmd4j.analysis.Analysis;

/**
 * A text analysed once by the exact chain ({@link Analysis#EXACT}: words, elision, lower
 * case, accent folding), replayed into two fields: as it is for {@code exact}, stemmed for
 * {@code body} through the filters {@link Analysis#STEMMED} adds to that chain
 * ({@link Analysis#stemmedFromExact}, read from the one chain definition), so the tokens are
 * the same. Indexing sent each chunk's text through the chain twice
 * (the analysis was two thirds of the first index).
 *
 * <p>Not thread-safe: one per document being built.
 */
final class AnalyzedText {
  private char[] chars = new char[256];
  private int[] ends = new int[32];
  private int[] increments = new int[32];
  /** Token offsets, replayed so that the exact field's postings keep them (matches). */
  private int[] starts = new int[32];
  private int[] offsetEnds = new int[32];
  private int count;
  private int used;

  /** Analyses {@code text} (already NFKC-normalised). */
  static AnalyzedText of(String text) {
    return capture(Analysis.EXACT.tokenStream(Fields.EXACT, text));
  }

  /** The tokens of {@code stream}, read to its end and closed. */
  private static AnalyzedText capture(TokenStream stream) {
    AnalyzedText out = new AnalyzedText();
    try (TokenStream ts = stream) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      PositionIncrementAttribute inc = ts.addAttribute(PositionIncrementAttribute.class);
      OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        out.add(term.buffer(), term.length(), inc.getPositionIncrement(), offset.startOffset(),
            offset.endOffset());
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException("Analysis of an in-memory string failed", e);
    }
    return out;
  }

  private void add(char[] term, int length, int increment, int start, int end) {
    if (used + length > chars.length) chars = Arrays.copyOf(chars, Math.max(chars.length * 2,
        used + length));
    if (count == ends.length) {
      ends = Arrays.copyOf(ends, count * 2);
      increments = Arrays.copyOf(increments, count * 2);
      starts = Arrays.copyOf(starts, count * 2);
      offsetEnds = Arrays.copyOf(offsetEnds, count * 2);
    }
    starts[count] = start;
    offsetEnds[count] = end;
    System.arraycopy(term, 0, chars, used, length);
    used += length;
    ends[count] = used;
    increments[count] = increment;
    count++;
  }

  /**
   * The stemmed tokens, kept: replayed by {@link #exact()} as often as needed (a file's title
   * and path, the same in each of its chunks, are stemmed once).
   */
  AnalyzedText stemmedOnce() {
    return capture(stemmed());
  }

  /** The tokens as they are (the exact field). */
  TokenStream exact() {
    return new Replay();
  }

  /** The tokens through the rest of the stemmed chain (the body field). */
  TokenStream stemmed() {
    return Analysis.stemmedFromExact(new Replay());
  }

  /** Replays the tokens; a field's stream, read once by the writer. */
  private final class Replay extends TokenStream {
    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final PositionIncrementAttribute inc =
        addAttribute(PositionIncrementAttribute.class);
    private final OffsetAttribute offset = addAttribute(OffsetAttribute.class);
    private int next;

    @Override
    public boolean incrementToken() {
      if (next == count) return false;
      clearAttributes();
      int start = next == 0 ? 0 : ends[next - 1];
      int length = ends[next] - start;
      char[] buffer = term.resizeBuffer(length);
      System.arraycopy(chars, start, buffer, 0, length);
      term.setLength(length);
      inc.setPositionIncrement(increments[next]);
      offset.setOffset(starts[next], offsetEnds[next]);
      next++;
      return true;
    }

    @Override
    public void reset() throws IOException {
      super.reset();
      next = 0;
    }
  }
}
