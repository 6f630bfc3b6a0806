package org.qmd4j;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.analysis.Analysis;
import org.qmd4j.analysis.TermMatcher;
import org.qmd4j.search.LineMatch;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.Vocabulary;

/**
 * The words of one query that may be misspelled, and their corrections, as a
 * result shows them. A word may be corrected when it is a plain word of 4 letters or
 * more outside quotes and tags, holds no digit, is not a stop word and matches nothing in the
 * vault; it is then searched as the vault's nearest word within 1 edit (4 to 7 letters) or 2
 * (longer), the first letter kept. When nothing matches at all, {@link #suggestions} offers
 * up to 3 queries with one word replaced by a near word (2 edits) that do match. A word that
 * matches only a few chunks while a far more frequent vault word is within its edit budget
 * ({@code tresorie}, matching {@code trésorière} through stemming, beside
 * {@code trésorerie}) is searched as that word too, below ({@link #rare},
 * {@link #frequentNear}). Not thread-safe; one per search.
 */
final class Spelling {
  static final int MIN_LENGTH = 4;
  static final int MAX_SUGGESTIONS = 3;
  /** A word that at most this many chunks hold is rare: a frequent near word is offered. */
  static final int RARE = 3;
  /** How many times as many chunks must hold a near word for it to be offered. */
  static final int MUCH_MORE = 3;
  /** How many near words of a rare word are weighed. */
  private static final int NEAR_WORDS = 8;
  /** Whitespace-separated pieces, and quoted phrases or tags as single pieces. */
  private static final Pattern PIECE = Pattern.compile("\"[^\"]*\"?|\\[[^\\]]*\\]?|\\S+");
  private static final Pattern PLAIN = Pattern.compile("\\p{L}+(?:['\u2019]\\p{L}+)?");

  private final String text;
  /** Folded word to the piece of the text it comes from (start, end). */
  private final Map<String, int[]> candidates = new LinkedHashMap<>();

  Spelling(String text) {
    this.text = text;
    Matcher m = PIECE.matcher(text);
    while (m.find()) {
      String piece = m.group();
      if (!PLAIN.matcher(piece).matches()) continue; // quoted, tag, compound, number, symbol
      List<String> tokens = Analysis.tokens(Analysis.WORDS, Analysis.normalize(piece));
      if (tokens.size() != 1) continue;
      String word = tokens.get(0);
      if (word.length() < MIN_LENGTH || Analysis.STOP_WORDS.contains(word)) continue;
      candidates.putIfAbsent(word, new int[] {m.start(), m.end()});
    }
  }

  /**
   * The words that may be corrected and that neither a hit nor {@code vocabulary} holds, in
   * query order.
   */
  List<String> unmatched(List<Hit> hits, Vocabulary vocabulary) {
    List<String> out = new ArrayList<>();
    for (String word : candidates.keySet()) {
      TermMatcher matcher = TermMatcher.of(word);
      boolean held = false;
      for (Hit h : hits) {
        if (matcher.strength(h.chunk()) > 0) {
          held = true;
          break;
        }
      }
      if (!held && !vocabulary.holds(word)) out.add(word);
    }
    return out;
  }

  /** Whether some word of the query may be corrected at all. */
  boolean hasCandidates() {
    return !candidates.isEmpty();
  }

  /** The nearest vault word of each of {@code words} that has one: typed to corrected. */
  static Map<String, String> corrections(List<String> words, Vocabulary vocabulary) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String word : words) {
      int maxEdits = word.length() <= 7 ? 1 : 2;
      List<String> nearest = vocabulary.nearest(word, maxEdits, 1);
      if (!nearest.isEmpty()) out.put(word, nearest.get(0));
    }
    return out;
  }

  /**
   * The words of the query that some of {@code hits} (every chunk the query matches) hold but
   * at most {@link #RARE} do, and none as typed, with how many.
   */
  Map<String, Integer> rare(List<Hit> hits, Vocabulary vocabulary) {
    Map<String, Integer> out = new LinkedHashMap<>();
    for (String word : candidates.keySet()) {
      TermMatcher matcher = TermMatcher.of(word);
      int held = 0;
      for (Hit h : hits) {
        if (matcher.strength(h.chunk()) > 0) held++;
      }
      if (held == 0 || held > RARE) continue; // matches nothing: corrected instead; or common
      // A word the vault holds as typed is no typo (idempotence beside idempotent), and an
      // engine that cannot count (-1) widens nothing.
      if (vocabulary.frequency(word) == 0) out.put(word, held);
    }
    return out;
  }

  /**
   * For each rare word (with the number of chunks that hold it), the most frequent vault word
   * within its edit budget that is not one of its own forms (same stem, or a longer word it
   * begins, which it matches already) and that at least {@link #MUCH_MORE} times as many
   * chunks hold; words without one are left out.
   */
  static Map<String, String> frequentNear(Map<String, Integer> rare, Vocabulary vocabulary) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, Integer> e : rare.entrySet()) {
      String word = e.getKey();
      int maxEdits = word.length() <= 7 ? 1 : 2;
      String best = null;
      int bestCount = MUCH_MORE * e.getValue() - 1;
      for (String near : vocabulary.nearest(word, maxEdits, NEAR_WORDS)) {
        if (near.startsWith(word) || Analysis.stem(near).equals(Analysis.stem(word))) continue;
        int count = vocabulary.frequency(near);
        if (count > bestCount) {
          best = near;
          bestCount = count;
        }
      }
      if (best != null) out.put(word, best);
    }
    return out;
  }

  /**
   * {@code corrections} with each searched word as {@code hits} write it, accents included
   * ({@code tresorerie} becomes {@code trésorerie}), in lower case; a word no hit shows as
   * such stays folded.
   */
  static Map<String, String> asWritten(Map<String, String> corrections, List<Hit> hits) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : corrections.entrySet()) {
      String folded = e.getValue();
      String written = folded;
      TermMatcher matcher = TermMatcher.of(folded);
      search:
      for (Hit h : hits) {
        String text = h.chunk().text();
        for (LineMatch.Range r : matcher.find(text)) {
          String surface = text.substring(r.start(), r.end());
          if (List.of(folded).equals(Analysis.tokens(Analysis.EXACT,
              Analysis.normalize(surface)))) {
            written = surface.toLowerCase(Locale.ROOT);
            break search;
          }
        }
      }
      out.put(e.getKey(), written);
    }
    return out;
  }

  /** The query with each corrected word's piece replaced by its correction. */
  String rewrite(Map<String, String> corrections) {
    StringBuilder sb = new StringBuilder(text);
    List<Map.Entry<String, int[]>> pieces = new ArrayList<>(candidates.entrySet());
    for (int i = pieces.size() - 1; i >= 0; i--) { // from the end: offsets stay valid
      String replacement = corrections.get(pieces.get(i).getKey());
      if (replacement == null) continue;
      int[] at = pieces.get(i).getValue();
      sb.replace(at[0], at[1], replacement);
    }
    return sb.toString();
  }

  /**
   * Up to {@link #MAX_SUGGESTIONS} queries that {@code matches}, each {@code words} replaced,
   * one at a time, by its near vault words (2 edits), nearest first.
   */
  List<String> suggestions(List<String> words, Vocabulary vocabulary,
      Predicate<String> matches) {
    List<String> out = new ArrayList<>();
    int tries = 0;
    for (String word : words) {
      for (String near : vocabulary.nearest(word, 2, MAX_SUGGESTIONS)) {
        String query = rewrite(Map.of(word, near));
        if (out.contains(query) || tries++ >= 2 * MAX_SUGGESTIONS) continue;
        if (matches.test(query)) out.add(query);
        if (out.size() == MAX_SUGGESTIONS) return out;
      }
    }
    return out;
  }

  /** Whether every word of {@code text} is held by some hit: nothing to correct then. */
  static boolean allHeld(List<Hit> hits, String text) {
    TermMatcher matcher = TermMatcher.of(text);
    java.util.Set<String> held = new java.util.HashSet<>();
    for (Hit h : hits) {
      held.addAll(matcher.held(h.chunk())); // its text and headings, analysed once
      held.addAll(matcher.held(h.chunk().path()));
      if (held.size() == matcher.words().size()) return true;
    }
    return false;
  }

  /** The hits holding a word of {@code text} (as a person reads it), in their order. */
  static List<Hit> holding(List<Hit> hits, String text) {
    TermMatcher matcher = TermMatcher.of(text);
    return hits.stream().filter(h -> matcher.strength(h.chunk()) > 0).toList();
  }
}
