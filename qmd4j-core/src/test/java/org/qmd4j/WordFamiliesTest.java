package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmd4j.search.LineMatch;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * Which French word families the analysis merges (docs/analysis.md): the forms of
 * one word (plural, feminine, participles, the infinitive) are one word; derived words
 * ({@code facturation}, {@code facturable}) are other words, reached by their shared prefix.
 */
class WordFamiliesTest {
  private static final String TEXT =
      "Une facture, deux factures facturées ; facturer la facturation facturable.";

  private static List<String> found(String query) {
    return Highlighter.of(query).find(TEXT).stream()
        .map(r -> TEXT.substring(r.start(), r.end())).toList();
  }

  @Test
  void theFormsOfAWordAreOneWord() {
    for (String query : List.of("facture", "factures", "facturer", "facturée")) {
      assertThat(found(query)).as(query)
          .containsExactly("facture", "factures", "facturées", "facturer");
    }
  }

  @Test
  void derivedWordsAreOtherWords() {
    assertThat(found("facturation")).containsExactly("facturation");
    assertThat(found("facturable")).containsExactly("facturable");
  }

  @Test
  void theSharedPrefixReachesTheWholeFamily() {
    assertThat(found("factur")).containsExactly("facture", "factures", "facturées", "facturer",
        "facturation", "facturable");
  }

  @Test
  void theEngineAnswersAsTheAnalysisSays() {
    try (Searcher searcher = SearchProviders.forVault(Fixtures.vault(),
        Fixtures.memoryOptions())) {
      for (SearchResult r : searcher.search(SearchRequest.of("facturation"))) {
        for (LineMatch m : r.matches()) {
          String line = r.chunk().split("\n", -1)[m.line() - r.lines().from()];
          for (LineMatch.Range range : m.ranges()) {
            assertThat(line.substring(range.start(), range.end()).toLowerCase())
                .startsWith("facturation");
          }
        }
      }
    }
  }
}
