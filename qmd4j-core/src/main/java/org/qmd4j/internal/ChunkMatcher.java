package org.qmd4j.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.qmd4j.spi.Chunk;

/**
 * How well a chunk matches a query under qmd4j's own analysis (case, accents, Unicode
 * forms, elisions, light stemming, prefixes of 3 letters or more): the share of query words
 * it holds, in [0, 1]. Used to find, inside a document that qmd returned, the chunks that
 * answer the query. Immutable and thread-safe.
 */
public final class ChunkMatcher {
  private static final int MIN_PREFIX_LENGTH = 3;
  private final Map<String, String> words;

  private ChunkMatcher(Map<String, String> words) {
    this.words = words;
  }

  /** A matcher for {@code query}. */
  public static ChunkMatcher of(String query) {
    return new ChunkMatcher(Analysis.queryWords(query));
  }

  /** Whether the query holds no searchable word. */
  public boolean isEmpty() {
    return words.isEmpty();
  }

  /** Share of the query's words that {@code chunk} holds (its text or headings), in [0, 1]. */
  public double strength(Chunk chunk) {
    if (words.isEmpty()) return 0;
    String text = Analysis.normalize(chunk.text() + "\n" + String.join("\n", chunk.headings()));
    List<String> tokens = Analysis.tokens(Analysis.EXACT, text);
    Set<String> exact = new HashSet<>(tokens);
    Set<String> stems = new HashSet<>();
    for (String t : exact) stems.add(Analysis.stem(t));
    int matched = 0;
    for (Map.Entry<String, String> w : words.entrySet()) {
      if (stems.contains(w.getValue()) || exact.contains(w.getKey())
          || prefixOf(w.getKey(), exact)) {
        matched++;
      }
    }
    return matched / (double) words.size();
  }

  private static boolean prefixOf(String word, Set<String> tokens) {
    if (word.length() < MIN_PREFIX_LENGTH) return false;
    for (String t : tokens) {
      if (t.startsWith(word)) return true;
    }
    return false;
  }
}
