package org.qmd4j;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.qmd4j.analysis.TermMatcher;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.Hit;

/** An engine's hits as the results a search answers: matched lines, dates, fuzzy marks. */
final class Results {
  private Results() {}

  /**
   * Hits as results: their matched lines ({@code text} null for none), their date and its
   * source; with {@code corrections}, only the hits holding a word of {@code exactText} (the
   * query's words that were not corrected) are exact: the others are fuzzy and come after,
   * their scores scaled below the lowest exact one.
   */
  static List<SearchResult> of(List<Hit> hits, String text, String exactText,
      Map<String, String> corrections, ResultDates dates) {
    TermMatcher matcher = text == null ? null : TermMatcher.of(text);
    TermMatcher exactWords = exactText == null || exactText.isBlank() ? null
        : TermMatcher.of(exactText);
    List<SearchResult> exact = new ArrayList<>(hits.size());
    List<SearchResult> fuzzy = new ArrayList<>();
    double lowestExact = 1.0;
    for (Hit hit : hits) {
      Chunk c = hit.chunk();
      boolean isFuzzy = !corrections.isEmpty()
          && (exactWords == null || exactWords.strength(c) == 0);
      SearchResult r = dates.dated(new SearchResult(c.path(), c.text(), hit.score(), c.lines(),
          isFuzzy ? MatchType.FUZZY : hit.matchType(), hit.degraded(),
          matcher == null ? List.of() : matcher.matches(c), Optional.empty(),
          isFuzzy ? corrections : Map.of()), c);
      if (isFuzzy) {
        fuzzy.add(r);
      } else {
        exact.add(r);
        lowestExact = Math.min(lowestExact, r.score());
      }
    }
    List<SearchResult> out = new ArrayList<>(exact);
    double scale = exact.isEmpty() ? 1.0 : 0.99 * lowestExact;
    for (SearchResult r : fuzzy) {
      out.add(rescored(r, r.score() * scale));
    }
    return List.copyOf(out);
  }

  /** {@code r} with {@code score}. */
  static SearchResult rescored(SearchResult r, double score) {
    return new SearchResult(r.path(), r.chunk(), score, r.lines(), r.matchType(),
        r.degraded(), r.matches(), r.date(), r.corrected(), r.dateSource());
  }

  /** Adds {@code more} to {@code out} up to {@code limit}, scaled below its lowest score. */
  static void addBelow(List<SearchResult> out, List<SearchResult> more, int limit) {
    double scale = out.isEmpty() ? 1.0
        : 0.99 * out.stream().mapToDouble(SearchResult::score).min().getAsDouble();
    for (SearchResult r : more) {
      if (out.size() >= limit) return;
      out.add(rescored(r, r.score() * scale));
    }
  }
}
