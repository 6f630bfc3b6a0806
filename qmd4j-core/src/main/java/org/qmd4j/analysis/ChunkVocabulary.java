package org.qmd4j.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
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
  /** What joins the segments of a dotted or snake_case identifier. */
  private static final Pattern SEGMENTS = Pattern.compile("[._]");

  /** Folded, unstemmed word to the number of chunks holding it. */
  private final Map<String, Integer> counts;
  private final NavigableSet<String> sorted;
  private final Set<String> stems;
  /**
   * Identifier part to the identifiers holding it, as a reader that keeps identifiers whole
   * (qmd) reads them: the dotted or snake_case segment the part is in ({@code builder} to
   * {@code httpclientbuilder}, {@code lines} to {@code readalllines}).
   */
  private final NavigableMap<String, Set<String>> identifiers;

  private ChunkVocabulary(Map<String, Integer> counts,
      NavigableMap<String, Set<String>> identifiers) {
    this.counts = counts;
    this.identifiers = identifiers;
    this.sorted = new TreeSet<>(counts.keySet());
    this.stems = new HashSet<>();
    for (String w : counts.keySet()) stems.add(Analysis.stem(w));
  }

  /** The words of {@code chunks}: their text, headings and paths. */
  public static ChunkVocabulary of(Iterable<Chunk> chunks) {
    Map<String, Integer> counts = new HashMap<>();
    NavigableMap<String, Set<String>> identifiers = new TreeMap<>();
    for (Chunk c : chunks) {
      Set<String> words = new HashSet<>();
      read(Analysis.normalize(c.text() + "\n" + String.join("\n", c.headings()) + "\n"
          + c.path()), words, identifiers);
      for (String w : words) counts.merge(w, 1, Integer::sum);
    }
    return new ChunkVocabulary(counts, identifiers);
  }

  /** The words of {@code text} into {@code words}, its identifiers' parts into {@code parts}. */
  private static void read(String text, Set<String> words, Map<String, Set<String>> parts) {
    try (TokenStream ts = Analysis.EXACT.tokenStream("v", text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      PositionIncrementAttribute inc = ts.addAttribute(PositionIncrementAttribute.class);
      ts.reset();
      String whole = "";
      while (ts.incrementToken()) {
        String t = term.toString();
        words.add(t);
        if (inc.getPositionIncrement() > 0) {
          whole = t; // identifier parts follow their identifier at its position
          continue;
        }
        for (String segment : SEGMENTS.split(whole)) {
          if (!segment.equals(t) && segment.contains(t)) {
            parts.computeIfAbsent(t, k -> new TreeSet<>()).add(segment);
          }
        }
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException("Analysis of an in-memory string failed", e);
    }
  }

  /**
   * The identifiers holding {@code word} as a part, or a part it begins (3 letters or more),
   * as a reader that keeps identifiers whole reads them ({@code builder}:
   * {@code httpclientbuilder}); the most frequent first, at most {@code max}.
   */
  public List<String> identifiersWithPart(String word, int max) {
    Set<String> found = new HashSet<>();
    Map<String, Set<String>> parts = word.length() < MIN_PREFIX_LENGTH
        ? identifiers.subMap(word, true, word, true)
        : identifiers.subMap(word, true, word + Character.MAX_VALUE, true);
    for (Set<String> holders : parts.values()) found.addAll(holders);
    return found.stream()
        .sorted(Comparator.comparingInt((String w) -> -counts.getOrDefault(w, 0))
            .thenComparing(Comparator.naturalOrder()))
        .limit(max).toList();
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
