package org.qmd4j.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.qmd4j.spi.Chunk;

/**
 * Words that must stand next to each other, in order, after folding and stemming: a quoted
 * phrase of a query, or an excluded compound ({@code -en-cours}). A text holds the phrase when
 * the stems of its tokens, position by position (tokens stacked at one position all count),
 * are those of the phrase. Immutable and thread-safe.
 */
final class Phrase {
  /** The stems at each position of the phrase, from its first. */
  private final List<Set<String>> stems;

  private Phrase(List<Set<String>> stems) {
    this.stems = stems;
  }

  /** The phrase of {@code text} as written (one word or more; nothing for punctuation). */
  static Phrase of(String text) {
    List<Set<String>> stems = new ArrayList<>();
    // The phrase's words as typed (an identifier stays one word); the text's tokens below
    // also hold an identifier's parts, at its position.
    for (Token t : tokens(Analysis.WORDS, Analysis.normalize(text))) {
      while (stems.size() <= t.position) stems.add(new HashSet<>());
      stems.get(t.position).add(Analysis.stem(t.term));
    }
    stems.removeIf(Set::isEmpty);
    return new Phrase(List.copyOf(stems));
  }

  /** Whether the phrase has no word: it holds in no text. */
  boolean isEmpty() {
    return stems.isEmpty();
  }

  /** Whether {@code chunk}'s text, or one of its headings, holds the phrase. */
  boolean heldBy(Chunk chunk) {
    if (!find(Analysis.normalize(chunk.text())).isEmpty()) return true;
    for (String heading : chunk.headings()) {
      if (!find(Analysis.normalize(heading)).isEmpty()) return true;
    }
    return false;
  }

  /**
   * Where {@code text} (NFKC) holds the phrase: the character ranges from its first word's
   * start to its last word's end, in order; empty when nowhere.
   */
  List<int[]> find(String text) {
    List<int[]> out = new ArrayList<>();
    if (stems.isEmpty() || text.isEmpty()) return out;
    List<Token> tokens = tokens(Analysis.EXACT, text);
    int last = tokens.isEmpty() ? -1 : tokens.get(tokens.size() - 1).position;
    List<List<Token>> at = new ArrayList<>();
    for (int p = 0; p <= last; p++) at.add(new ArrayList<>());
    for (Token t : tokens) at.get(t.position).add(t);
    for (int p = 0; p + stems.size() - 1 <= last; p++) {
      int start = Integer.MAX_VALUE;
      int end = -1;
      boolean held = true;
      for (int k = 0; k < stems.size() && held; k++) {
        held = false;
        for (Token t : at.get(p + k)) {
          if (stems.get(k).contains(Analysis.stem(t.term))) {
            held = true;
            start = Math.min(start, t.start);
            end = Math.max(end, t.end);
          }
        }
      }
      if (held) out.add(new int[] {start, end});
    }
    return out;
  }

  private record Token(String term, int position, int start, int end) {}

  private static List<Token> tokens(org.apache.lucene.analysis.Analyzer analyzer, String text) {
    List<Token> out = new ArrayList<>();
    try (TokenStream ts = analyzer.tokenStream("p", text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
      PositionIncrementAttribute increment = ts.addAttribute(PositionIncrementAttribute.class);
      ts.reset();
      int position = -1;
      while (ts.incrementToken()) {
        position += Math.max(increment.getPositionIncrement(), position < 0 ? 1 : 0);
        out.add(new Token(term.toString(), position, offset.startOffset(), offset.endOffset()));
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException("Analysis of an in-memory string failed", e);
    }
    return out;
  }

  @Override
  public String toString() {
    return "Phrase" + stems;
  }
}
