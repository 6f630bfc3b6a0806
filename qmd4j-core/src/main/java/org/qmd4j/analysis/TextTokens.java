package org.qmd4j.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.text.Normalizer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;

/**
 * The tokens of a text under the exact chain ({@link Analysis#EXACT} over the text
 * NFKC-normalised), each with its character offsets: what {@link TermMatcher} reads to tell
 * which query words a text holds and where. Either all of them, analysed here ({@link
 * #analyse}), or only those of some query words ({@link #words()}), read back from an index
 * ({@link Builder#forWords}, the embedded engine's postings): every token that is one of the
 * words, has a word's searched stem ({@link Analysis#searchedStem}) for its stem, or starts
 * with a word of 3 letters or more, in any order. Such a list answers for those words only
 * ({@link #covers}). Immutable once built, thread-safe.
 */
public final class TextTokens {
  private static final TextTokens EMPTY = new TextTokens(new String[0], new int[0], new int[0],
      true, null);

  /** One entry per token occurrence. */
  private final String[] terms;
  private final int[] starts;
  private final int[] ends;
  /** Whether the offsets index the text as written: it was NFKC already. */
  private final boolean offsetsInText;
  /** The query words whose tokens these are; null for every token of the text. */
  private final Set<String> words;
  /** The distinct terms and their stems, computed at first use (a benign race). */
  private volatile Vocabulary vocabulary;

  private TextTokens(String[] terms, int[] starts, int[] ends, boolean offsetsInText,
      Set<String> words) {
    this.terms = terms;
    this.starts = starts;
    this.ends = ends;
    this.offsetsInText = offsetsInText;
    this.words = words;
  }

  /** The tokens of {@code text}, analysed now. */
  public static TextTokens analyse(String text) {
    if (text.isEmpty()) return EMPTY;
    String normal = Analysis.normalize(text);
    Builder b = new Builder(normal == text || normal.equals(text));
    try (TokenStream ts = Analysis.EXACT.tokenStream("m", normal)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
      ts.reset();
      while (ts.incrementToken()) b.add(term.toString(), offset.startOffset(), offset.endOffset());
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException("Analysis of an in-memory string failed", e);
    }
    return b.build();
  }

  /** Whether {@code text} is NFKC already, so that its tokens' offsets index it as written. */
  public static boolean isNormal(String text) {
    return Normalizer.isNormalized(text, Normalizer.Form.NFKC);
  }

  /** Whether these are every token of the text, not only those of some query words. */
  public boolean isComplete() {
    return words == null;
  }

  /** The query words whose tokens these are; empty when they are every token of the text. */
  public Set<String> words() {
    return words == null ? Set.of() : words;
  }

  /**
   * Whether these tokens answer for {@code queryWords} (folded): they are every token of the
   * text, or hold every token of each of these words.
   */
  public boolean covers(Set<String> queryWords) {
    return words == null || words.containsAll(queryWords);
  }

  /** How many token occurrences. */
  public int size() {
    return terms.length;
  }

  /** The term of occurrence {@code i}. */
  public String term(int i) {
    return terms[i];
  }

  /** Where occurrence {@code i} starts in the analysed (normalised) text. */
  public int start(int i) {
    return starts[i];
  }

  /** Where occurrence {@code i} ends (exclusive) in the analysed (normalised) text. */
  public int end(int i) {
    return ends[i];
  }

  /** Whether the offsets index the text as written (it needed no normalisation). */
  public boolean offsetsInText() {
    return offsetsInText;
  }

  /** The distinct terms, each with its stem ({@link Analysis#stem}). */
  public Map<String, String> stems() {
    return vocabulary().stems;
  }

  /** The stems of the terms. */
  public Set<String> stemSet() {
    return vocabulary().stemSet;
  }

  /**
   * Whether a distinct term starts with {@code prefix}: a binary search of the sorted terms,
   * where the terms starting with a prefix follow it, side by side.
   */
  public boolean hasTermStartingWith(String prefix) {
    String[] sorted = vocabulary().sorted;
    int at = Arrays.binarySearch(sorted, prefix);
    if (at >= 0) return true;
    int next = -at - 1;
    return next < sorted.length && sorted[next].startsWith(prefix);
  }

  private Vocabulary vocabulary() {
    Vocabulary v = vocabulary;
    if (v == null) {
      Map<String, String> s = new HashMap<>();
      for (String t : terms) s.computeIfAbsent(t, Analysis::stem);
      String[] sorted = s.keySet().toArray(new String[0]);
      Arrays.sort(sorted);
      v = new Vocabulary(s, new HashSet<>(s.values()), sorted);
      vocabulary = v;
    }
    return v;
  }

  private record Vocabulary(Map<String, String> stems, Set<String> stemSet, String[] sorted) {}

  /** Collects the tokens of one text. Not thread-safe. */
  public static final class Builder {
    private final boolean offsetsInText;
    private Set<String> words;
    private String[] terms = new String[32];
    private int[] starts = new int[32];
    private int[] ends = new int[32];
    private int count;

    /**
     * @param offsetsInText whether the offsets to come index the text as written (it is
     *     NFKC already), not only its normalised form
     */
    public Builder(boolean offsetsInText) {
      this.offsetsInText = offsetsInText;
    }

    /**
     * Makes the tokens to come those of {@code queryWords} (folded) only: every token that is
     * one of them, has the searched stem of one for its stem, or starts with one of 3 letters
     * or more; others may be added too.
     */
    public Builder forWords(Set<String> queryWords) {
      this.words = Set.copyOf(queryWords);
      return this;
    }

    /** Adds an occurrence of {@code term} at [start, end). */
    public Builder add(String term, int start, int end) {
      if (count == terms.length) {
        terms = Arrays.copyOf(terms, count * 2);
        starts = Arrays.copyOf(starts, count * 2);
        ends = Arrays.copyOf(ends, count * 2);
      }
      terms[count] = term;
      starts[count] = start;
      ends[count] = end;
      count++;
      return this;
    }

    /** The tokens added. */
    public TextTokens build() {
      return new TextTokens(Arrays.copyOf(terms, count), Arrays.copyOf(starts, count),
          Arrays.copyOf(ends, count), offsetsInText, words);
    }
  }
}
