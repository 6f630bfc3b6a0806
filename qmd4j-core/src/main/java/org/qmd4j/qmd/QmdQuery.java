package org.qmd4j.qmd;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.internal.Analysis;

/**
 * Turns a user query into the argument given to qmd.
 *
 * <ul>
 *   <li>Newlines become spaces: a newline turns a {@code qmd query} argument into a
 *       structured query.
 *   <li>For {@code qmd search}, which ANDs every word, French and English stop words are
 *       removed ("les dépenses du troisième trimestre" would match nothing because of "du"),
 *       except inside quoted phrases, and unless nothing else would remain. Tag brackets
 *       ({@code [décision]}) are kept: qmd strips punctuation itself.
 * </ul>
 */
final class QmdQuery {
  private static final Pattern PHRASE_OR_WORD = Pattern.compile("\"[^\"]*\"?|\\S+");

  private QmdQuery() {}

  static String forQuery(String query) {
    return query.replaceAll("[\\r\\n]+", " ").strip();
  }

  static String forSearch(String query) {
    String q = forQuery(query);
    List<String> kept = new ArrayList<>();
    Matcher m = PHRASE_OR_WORD.matcher(q);
    while (m.find()) {
      String part = m.group();
      if (part.startsWith("\"") || !isStopWord(part)) kept.add(part);
    }
    return kept.isEmpty() ? q : String.join(" ", kept);
  }

  /** A word all of whose tokens are stop words ({@code l'}, {@code du}, {@code the}). */
  static boolean isStopWord(String word) {
    String w = Normalizer.normalize(word, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
    List<String> tokens = Analysis.tokens(Analysis.EXACT, w);
    if (tokens.isEmpty()) return w.matches("[\\p{L}\\p{M}]+['\u2019]"); // a bare elision: l'
    for (String t : tokens) {
      if (!Analysis.STOP_WORDS.contains(t)) return false;
    }
    return true;
  }
}
