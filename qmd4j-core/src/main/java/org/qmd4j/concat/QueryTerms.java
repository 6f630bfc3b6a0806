package org.qmd4j.concat;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.analysis.Analysis;
import org.qmd4j.internal.Texts;

/**
 * The terms of a question, and which of them a text contains, folding case, accents and
 * Unicode forms and applying light French stemming, as the search does. Stop words ("de",
 * "la", "the") and one-letter words (elided articles such as the {@code l} of {@code l'API})
 * are not terms. Stateless.
 */
final class QueryTerms {
  // Words, with their inner joiners: startup-x, 2025-07-14, v2.3.1 stay one unit.
  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+(?:[-_.][\\p{L}\\p{N}]+)*");

  private QueryTerms() {}

  /** The distinct terms of {@code question}, lower-cased as written, in order. */
  static List<String> of(String question) {
    Map<String, String> byFolded = new LinkedHashMap<>();
    Matcher m = WORD.matcher(Normalizer.normalize(question, Normalizer.Form.NFC));
    while (m.find()) {
      String word = m.group().toLowerCase(Locale.ROOT);
      String folded = fold(word);
      if (folded.length() < 2 || isStopWord(word, folded)) continue;
      byFolded.putIfAbsent(folded, word);
    }
    return List.copyOf(byFolded.values());
  }

  /** The terms of {@code terms} that {@code text} contains, in order. */
  static List<String> foundIn(List<String> terms, String text) {
    Set<String> tokens = new HashSet<>();
    Set<String> stems = new HashSet<>();
    Matcher m = WORD.matcher(fold(text));
    while (m.find()) {
      String token = m.group();
      tokens.add(token);
      for (String part : token.split("[-_.]")) {
        tokens.add(part);
        stems.add(stem(part));
      }
    }
    List<String> found = new ArrayList<>();
    for (String term : terms) {
      String folded = fold(term);
      if (tokens.contains(folded) || stems.contains(stem(folded)) || isPrefix(folded, tokens)) {
        found.add(term);
      }
    }
    return found;
  }

  /** NFKC, accents removed, lower case: the facade's folding. */
  static String fold(String text) {
    return Texts.fold(text);
  }

  // The search matches prefixes too: "paie" finds "paiement".
  private static boolean isPrefix(String term, Set<String> tokens) {
    if (term.length() < 3) return false;
    for (String token : tokens) {
      if (token.startsWith(term)) return true;
    }
    return false;
  }

  private static String stem(String folded) {
    return Analysis.stem(folded);
  }

  // The search's own stop words (French and English, as written and folded).
  private static boolean isStopWord(String word, String folded) {
    return Analysis.STOP_WORDS.contains(word) || Analysis.STOP_WORDS.contains(folded);
  }
}
