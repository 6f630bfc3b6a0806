package org.qmd4j.analysis;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.qmd4j.spi.KeywordQuery;

/**
 * Reads a search's text as the {@link KeywordQuery} the keyword engines search: its words,
 * phrase, compounds, tags and Obsidian tags by qmd4j's analysis, and the index clauses of its
 * phrases and exclusions ({@link QuerySyntax}). Not API: may change without notice.
 */
public final class KeywordParser {
  /** Longest phrase, and most compounds and tags, a query is searched with. */
  private static final int MAX_BONUS = 16;

  private KeywordParser() {}

  /**
   * The query {@code query} stands for. A long query is bounded: at most {@link
   * Analysis#MAX_QUERY_WORDS} words, fewer prefix expansions per word when there are many,
   * and no phrase, compound or tag bonus beyond 16, so that the rewritten query stays under
   * Lucene's 1,024 clauses whatever the user pastes.
   */
  public static KeywordQuery parse(String query) {
    QuerySyntax syntax = QuerySyntax.parse(query);
    String positive = syntax.positive();
    Set<String> hashtags = new LinkedHashSet<>(first(Hashtags.inQuery(positive)));
    String q = Analysis.normalize(Hashtags.withoutTags(positive));
    List<String> exact = Analysis.tokens(Analysis.WORDS, q);
    Map<String, String> words = Analysis.queryWords(q);
    Set<String> units = new LinkedHashSet<>(first(Analysis.compounds(q)));
    Set<String> tags = new LinkedHashSet<>(first(Analysis.tags(q)));
    boolean phrase = exact.size() >= 2 && exact.size() <= MAX_BONUS;
    return new KeywordQuery(words, phrase ? exact : List.of(), units, tags, hashtags,
        conditions(syntax));
  }

  /** What the index can tell of the phrases and exclusions of {@code syntax}. */
  static KeywordQuery.Conditions conditions(QuerySyntax syntax) {
    Set<String> required = new LinkedHashSet<>();
    for (String p : syntax.phrases()) required.addAll(Analysis.queryWords(p).values());
    Set<String> stems = new LinkedHashSet<>();
    List<List<String>> phrases = new ArrayList<>();
    Set<String> tags = new LinkedHashSet<>();
    Set<String> hashtags = new LinkedHashSet<>();
    for (String piece : syntax.excluded()) {
      List<String> inQuery = Hashtags.inQuery(piece);
      if (piece.startsWith("#") && inQuery.size() == 1) {
        hashtags.add(inQuery.get(0));
        continue;
      }
      List<String> tag = Analysis.tags(piece);
      if (piece.startsWith("[") && piece.endsWith("]") && tag.size() == 1) {
        tags.add(tag.get(0));
        continue;
      }
      List<String> exact = Analysis.tokens(Analysis.EXACT, Analysis.normalize(piece));
      if (exact.size() == 1) stems.add(Analysis.stem(exact.get(0)));
      else if (exact.size() > 1) phrases.add(exact);
    }
    return new KeywordQuery.Conditions(required, stems, phrases, tags, hashtags);
  }

  private static List<String> first(List<String> values) {
    return values.size() <= MAX_BONUS ? values : values.subList(0, MAX_BONUS);
  }
}
