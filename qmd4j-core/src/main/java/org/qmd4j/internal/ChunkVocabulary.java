package org.qmd4j.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.util.automaton.CharacterRunAutomaton;
import org.apache.lucene.util.automaton.LevenshteinAutomata;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.Vocabulary;

/**
 * A {@link Vocabulary} made in memory from chunks, for engines that keep no terms qmd4j can
 * read (qmd). Nearest words are found as Lucene's spell checker finds them: Levenshtein
 * automata (a transposition is one edit), the first letter kept, nearest first, then the most
 * frequent. Immutable and thread-safe.
 */
public final class ChunkVocabulary implements Vocabulary {
  private static final int MIN_PREFIX_LENGTH = 3;

  /** Folded, unstemmed word to the number of chunks holding it. */
  private final Map<String, Integer> counts;
  private final NavigableSet<String> sorted;
  private final Set<String> stems;

  private ChunkVocabulary(Map<String, Integer> counts) {
    this.counts = counts;
    this.sorted = new TreeSet<>(counts.keySet());
    this.stems = new HashSet<>();
    for (String w : counts.keySet()) stems.add(Analysis.stem(w));
  }

  /** The words of {@code chunks}: their text, headings and paths. */
  public static ChunkVocabulary of(Iterable<Chunk> chunks) {
    Map<String, Integer> counts = new HashMap<>();
    for (Chunk c : chunks) {
      Set<String> words = new HashSet<>(Analysis.tokens(Analysis.EXACT, Analysis.normalize(
          c.text() + "\n" + String.join("\n", c.headings()) + "\n" + c.path())));
      for (String w : words) counts.merge(w, 1, Integer::sum);
    }
    return new ChunkVocabulary(counts);
  }

  @Override
  public boolean holds(String word) {
    if (counts.containsKey(word) || stems.contains(Analysis.stem(word))) return true;
    if (word.length() < MIN_PREFIX_LENGTH) return false;
    String next = sorted.ceiling(word);
    return next != null && next.startsWith(word);
  }

  @Override
  public int frequency(String word) {
    return counts.getOrDefault(word, 0);
  }

  @Override
  public List<String> nearest(String word, int maxEdits, int max) {
    if (word.isEmpty() || max < 1) return List.of();
    List<CharacterRunAutomaton> byDistance = new ArrayList<>();
    for (int d = 1; d <= Math.min(maxEdits, LevenshteinAutomata.MAXIMUM_SUPPORTED_DISTANCE); d++) {
      byDistance.add(new CharacterRunAutomaton(
          new LevenshteinAutomata(word, true).toAutomaton(d)));
    }
    record Candidate(String word, int distance, int count) {}
    List<Candidate> found = new ArrayList<>();
    char first = word.charAt(0);
    String from = String.valueOf(first);
    for (String w : sorted.subSet(from, true, from + Character.MAX_VALUE, true)) {
      if (w.equals(word) || Math.abs(w.length() - word.length()) > maxEdits) continue;
      for (int d = 0; d < byDistance.size(); d++) {
        if (byDistance.get(d).run(w)) {
          found.add(new Candidate(w, d + 1, counts.get(w)));
          break;
        }
      }
    }
    found.sort(Comparator.comparingInt(Candidate::distance)
        .thenComparing(Comparator.comparingInt(Candidate::count).reversed())
        .thenComparing(Candidate::word));
    return found.stream().limit(max).map(Candidate::word).toList();
  }

  /** How many distinct words it holds. */
  public int size() {
    return counts.size();
  }
}
