package org.qmd4j.qmd;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.qmd4j.analysis.Analysis;
import org.qmd4j.analysis.Hashtags;
import org.qmd4j.analysis.QuerySyntax;

/**
 * Turns a user query into the argument given to qmd.
 *
 * <ul>
 *   <li>Newlines become spaces: a newline turns a {@code qmd query} argument into a
 *       structured query.
 *   <li>For {@code qmd search}, which ANDs every word, French and English stop words are
 *       removed ("les dépenses du troisième trimestre" would match nothing because of "du"),
 *       except inside quoted phrases, and unless nothing else would remain. Quoted phrases
 *       are sent as qmd phrases; exclusions ({@code -word}) are not sent (see {@link
 *       #lexPieces}). Tag brackets
 *       ({@code [décision]}) are kept: qmd strips punctuation itself.
 *   <li>Obsidian tags lose their {@code #} and their levels become words ({@code
 *       #projet/client} is searched as {@code projet client}): qmd's tokenizer cannot tell a
 *       tag from a word, so qmd is asked for the words and qmd4j keeps only the chunks that
 *       carry the tag ({@link QmdChunks}).
 * </ul>
 */
final class QmdQuery {
  private QmdQuery() {}

  /**
   * The query as one line, its tags as words, its exclusions left out and its phrases
   * unquoted: for {@code qmd query} and vector searches, which take no lex syntax.
   */
  static String forQuery(String query) {
    String q = oneLine(query);
    QuerySyntax syntax = QuerySyntax.parse(q);
    return syntax.hasConditions() ? syntax.positive().replaceAll("\\s+", " ").strip() : q;
  }

  private static String oneLine(String query) {
    return untagged(query.replaceAll("[\\r\\n]+", " ").strip());
  }

  /**
   * The searched pieces of the query, in qmd's lex syntax: words as written, phrases in
   * straight double quotes, always closed (qmd refuses a lex search with an odd number of
   * quotes). Exclusions are left out: qmd's {@code -word} drops whole documents, while qmd4j
   * excludes chunks, which it checks itself. Inside a phrase, punctuation becomes spaces:
   * qmd's tokenizer splits {@code 2025-07-14} into three words, but would glue the phrase's
   * {@code 2025-07-14} into one that no note holds.
   */
  static List<String> lexPieces(String query) {
    List<String> out = new ArrayList<>();
    for (String piece : QuerySyntax.parse(oneLine(query)).pieces()) {
      if (!piece.startsWith("\"")) {
        out.add(piece);
        continue;
      }
      String words = piece.substring(1, piece.length() - 1)
          .replaceAll("[^\\p{L}\\p{M}\\p{N}'\\s]+", " ").replaceAll("\\s+", " ").strip();
      if (!words.isEmpty()) out.add('"' + words + '"');
    }
    return out;
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

  /** The lex query of {@code qmd search}: {@link #lexPieces}, stop words left out. */
  static String forSearch(String query) {
    List<String> pieces = lexPieces(query);
    List<String> kept = new ArrayList<>();
    for (String part : pieces) {
      if (part.startsWith("\"") || !isStopWord(part)) kept.add(part);
    }
    return String.join(" ", kept.isEmpty() ? pieces : kept);
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
