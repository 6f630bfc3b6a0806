package org.qmd4j.qmd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.BinaryLocator;

/**
 * A score means the same whichever engine answers. For 18 queries on a copy of the
 * example vault, each chunk in qmd's top 5 that the embedded engine also returns scores about
 * the same on both (the figure is in docs/benchmarks.md, "Score agreement"). Real qmd on PATH;
 * skipped without it.
 */
@Tag("qmd")
class ScoreAgreementTest {
  private static final List<String> QUERIES = List.of("webhook", "facture", "décision",
      "paiement webhook", "factures impayées", "migration base de données", "blocage",
      "client dupont", "devis", "rendez-vous comptable", "idempotence", "tva", "stripe",
      "cahier des charges", "sauvegarde", "relance", "api", "abonnement");

  @TempDir Path tmp;

  private SearchOptions options(EngineChoice engine) {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.remove("QMD4J_SEARCH_FALLBACK");
    env.remove(BinaryLocator.BINARY_ENV);
    env.put("XDG_CACHE_HOME", tmp.resolve("xdg").toString());
    return SearchOptions.DEFAULT.withEngine(engine).withCacheDir(tmp.resolve("cache-" + engine))
        .withInMemoryIndex(true).withClock(Fixtures.CLOCK).withEnvironment(env);
  }

  @Test
  void theSameChunkScoresAboutTheSameOnBothEngines() throws IOException {
    Assumptions.assumeTrue(BinaryLocator.fromEnvironment(System.getenv()).locate().isPresent(),
        "no qmd on PATH");
    Path vault = Fixtures.copyVault(Files.createDirectories(tmp.resolve("vault"))).toRealPath();
    List<String> rows = new ArrayList<>();
    double sum = 0;
    int shared = 0;
    try (Searcher qmd = SearchProviders.forVault(vault, options(EngineChoice.QMD));
        Searcher embedded = SearchProviders.forVault(vault, options(EngineChoice.EMBEDDED))) {
      for (String query : QUERIES) {
        List<SearchResult> fromQmd = qmd.search(SearchRequest.of(query).withLimit(5));
        List<SearchResult> fromEmbedded = embedded.search(SearchRequest.of(query).withLimit(50));
        for (SearchResult r : fromQmd) {
          Optional<SearchResult> same = fromEmbedded.stream()
              .filter(e -> e.path().equals(r.path()) && e.lines().equals(r.lines()))
              .findFirst();
          if (same.isEmpty()) continue;
          double difference = Math.abs(r.score() - same.get().score());
          rows.add(String.format("%s\t%s:%s\t%.2f\t%.2f", query, r.path(), r.lines(), r.score(),
              same.get().score()));
          assertThat(difference).as("%s: %s", query, rows.get(rows.size() - 1))
              .isLessThan(0.2);
          sum += difference;
          shared++;
        }
      }
    }
    assertThat(shared).as("shared top-5 hits").isGreaterThan(50);
    double mean = sum / shared;
    System.out.printf("ScoreAgreementTest: %d shared top-5 hits, mean absolute difference %.3f%n",
        shared, mean);
    assertThat(mean).as(String.join("\n", rows)).isLessThan(0.06);
  }
}
