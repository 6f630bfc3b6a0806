package org.qmd4j.qmd;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.internal.Analysis;
import org.qmd4j.internal.Hashtags;

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
 *   <li>Obsidian tags lose their {@code #} and their levels become words ({@code
 *       #projet/client} is searched as {@code projet client}): qmd's tokenizer cannot tell a
 *       tag from a word, so qmd is asked for the words and qmd4j keeps only the chunks that
 *       carry the tag ({@link QmdChunks}).
 * </ul>
 */
final class QmdQuery {
  private static final Pattern PHRASE_OR_WORD = Pattern.compile("\"[^\"]*\"?|\\S+");

  private QmdQuery() {}

  static String forQuery(String query) {
    return untagged(query.replaceAll("[\\r\\n]+", " ").strip());
  }

  /** Whether {@code query} holds an Obsidian tag ({@code #projet}). */
  static boolean hasTags(String query) {
    return !Hashtags.queryTags(query).isEmpty();
  }

  private static String untagged(String query) {
    List<Hashtags.Occurrence> tags = Hashtags.queryTags(query);
    StringBuilder sb = new StringBuilder(query);
    for (int k = tags.size() - 1; k >= 0; k--) {
      Hashtags.Occurrence o = tags.get(k);
      sb.replace(o.start(), o.end(), query.substring(o.start() + 1, o.end()).replace('/', ' '));
    }
    return sb.toString();
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
    List<String> tokens = Analysis.tokens(Analysis.WORDS, w);
    if (tokens.isEmpty()) return w.matches("[\\p{L}\\p{M}]+['\u2019]"); // a bare elision: l'
    for (String t : tokens) {
      if (!Analysis.STOP_WORDS.contains(t)) return false;
    }
    return true;
  }
}
