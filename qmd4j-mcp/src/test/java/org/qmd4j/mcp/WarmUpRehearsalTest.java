package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.SearchRequest;

/**
 * A fresh server warms its part of a search too: the warm-up's answers are read, checked and
 * written as the search tool's answer, then discarded, and no client sees a difference.
 */
class WarmUpRehearsalTest {
  @Test
  void theServersWarmUpRendersAnswersAndEndsWell() throws Exception {
    try (Searcher searcher = SearchProviders.forVault(Fixtures.vault(),
        Fixtures.memoryOptions())) {
      // A guard against a hang, not a timing: the warm-up ends on its own, without failing.
      assertThat(Qmd4jMcpServer.warmUp(searcher).get(5, TimeUnit.MINUTES)).isNull();
      assertThat(Qmd4jMcpServer.warmUp(searcher)).as("started once")
          .isSameAs(searcher.async().warmUp());
    }
  }

  @Test
  void everyKindOfAnswerIsRehearsed() {
    try (Searcher searcher = SearchProviders.forVault(Fixtures.vault(),
        Fixtures.memoryOptions())) {
      for (String q : List.of("décision", "budjet", "zzzqqq", "*", "\"comité de pilotage\"")) {
        assertThatCode(() -> SearchTool.rehearse(searcher.answer(SearchRequest.of(q))))
            .as(q).doesNotThrowAnyException();
      }
    }
  }
}
