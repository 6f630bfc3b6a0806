package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.analysis.TermMatcher;
import org.qmd4j.search.LineMatch;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Mode;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * The {@code matches} of every result the embedded engine returns (read from its index's
 * postings) are those of the result's lines analysed one by one: the exact-answer queries and
 * more (prefixes, plurals, accents, elisions, identifiers, phrases), in both modes.
 */
class MatchesFromTheIndexTest {
  private static final List<String> MORE = List.of("factur", "impayées", "paiements",
      "Décisions", "\"relation client\"", "fonctionnalité geler", "l'équipe", "api",
      "readAllLines", "postgres", "bloquée", "cautionnements", "tâches", "webhooks stripe");

  private static Searcher searcher;

  @BeforeAll
  static void open() {
    searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
  }

  @AfterAll
  static void close() {
    searcher.close();
  }

  @Test
  void everyResultsMatchesAreThoseOfItsLinesAnalysed() {
    List<String> queries = new ArrayList<>(ExactAnswersTest.QUERIES);
    queries.addAll(MORE);
    int compared = 0;
    for (Mode mode : Mode.values()) {
      for (String q : queries) {
        TermMatcher matcher = TermMatcher.of(q);
        for (SearchResult r : searcher.search(SearchRequest.of(q).withMode(mode).withLimit(10))) {
          if (r.matchType() == MatchType.FUZZY) continue; // matched by the corrected words
          assertThat(r.matches()).as(mode + " <" + q + "> " + r.path() + ":" + r.lines())
              .isEqualTo(lineByLine(matcher, r));
          compared++;
        }
      }
    }
    assertThat(compared).isGreaterThan(300);
  }

  private static List<LineMatch> lineByLine(TermMatcher matcher, SearchResult r) {
    List<LineMatch> out = new ArrayList<>();
    String[] lines = r.chunk().split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      List<LineMatch.Range> ranges = matcher.find(lines[i]);
      if (!ranges.isEmpty()) out.add(new LineMatch(r.lines().from() + i, ranges));
    }
    return out;
  }
}
