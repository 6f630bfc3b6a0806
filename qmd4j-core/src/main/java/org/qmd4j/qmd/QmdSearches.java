package org.qmd4j.qmd;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.qmd4j.spi.QmdSession;
import org.qmd4j.spi.QmdSession.Search;
import org.qmd4j.spi.QmdSession.Type;

/**
 * The typed searches one {@code query} tool call sends to the resident session.
 *
 * <p>qmd's {@code lex} search ANDs its words, so a natural question matches nothing as one
 * search. Fast mode sends the whole query first (stop words dropped, quoted phrases kept; the
 * first search weighs double in qmd's fusion), then one {@code lex} search per significant
 * term or phrase, at most ten in all: qmd fuses them, so documents holding any term come
 * back, and qmd4j's chunk ranking puts those holding every term first. Quoted phrases are
 * sent as qmd phrases; exclusions ({@code -word}) are not sent: qmd's drop whole documents,
 * qmd4j's drop chunks, checked in Java through the search's filter.
 *
 * <p>Deep mode adds one {@code vec} search of the question as written, second; never qmd's own
 * query expansion, which rewrites non-English questions into English.
 */
final class QmdSearches {
  private QmdSearches() {}

  /** Fast mode: {@code lex} searches only. */
  static List<Search> fast(String query) {
    return build(query, false);
  }

  /** Deep mode: the {@code lex} searches of fast mode with one {@code vec} search second. */
  static List<Search> deep(String query) {
    return build(query, true);
  }

  /**
   * {@code searches} and one {@code lex} search per identifier of {@code identifiers} (the
   * vault's identifiers holding a query word as a part, which qmd reads whole), while there
   * is room.
   */
  static List<Search> withIdentifiers(List<Search> searches, List<String> identifiers) {
    List<Search> out = new ArrayList<>(searches);
    for (String identifier : identifiers) {
      if (out.size() == QmdSession.Query.MAX_SEARCHES) break;
      out.add(new Search(Type.LEX, identifier));
    }
    return out;
  }

  private static List<Search> build(String query, boolean deep) {
    String text = QmdQuery.forQuery(query);
    List<String> terms = new ArrayList<>();
    for (String part : QmdQuery.lexPieces(query)) {
      if (part.startsWith("\"") || (!QmdQuery.isStopWord(part) && hasLetterOrDigit(part))) {
        terms.add(part);
      }
    }
    List<Search> out = new ArrayList<>();
    String whole = QmdQuery.forSearch(query);
    if (!whole.isBlank()) out.add(new Search(Type.LEX, whole));
    if (deep) out.add(new Search(Type.VEC, text.isBlank() ? whole : text));
    if (terms.size() > 1 || out.isEmpty()) {
      Set<String> seen = new LinkedHashSet<>();
      for (Search s : out) seen.add(s.text().toLowerCase(Locale.ROOT));
      for (String term : terms) {
        if (out.size() == QmdSession.Query.MAX_SEARCHES) break;
        if (seen.add(term.toLowerCase(Locale.ROOT))) out.add(new Search(Type.LEX, term));
      }
    }
    return out;
  }

  private static boolean hasLetterOrDigit(String s) {
    return s.codePoints().anyMatch(Character::isLetterOrDigit);
  }
}
