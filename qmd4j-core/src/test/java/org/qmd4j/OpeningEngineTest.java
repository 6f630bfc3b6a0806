package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;

/**
 * A searcher for a long-lived server ({@link SearchProviders#openInBackground}) is returned
 * before its index is open: it describes itself at once, its searches wait for the opening and
 * answer as any searcher's, and a failed opening is each search's typed error.
 */
class OpeningEngineTest {

  @Test
  void aSearcherOpenedInTheBackgroundAnswersAsOneOpenedAtOnce(@TempDir Path dir) {
    Path vault = Fixtures.copyVault(dir.resolve("vault"));
    SearchOptions options = Fixtures.memoryOptions().withInMemoryIndex(false)
        .withCacheDir(dir.resolve("cache")).withWatch(true);
    try (Searcher background = SearchProviders.openInBackground(vault, options);
        Searcher direct = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
      assertThat(background.describe().engine()).isEqualTo("embedded");
      assertThat(background.describe().indexLocation())
          .startsWith(dir.resolve("cache").toString());
      for (String q : List.of("décision", "blocage paiement", "budjet", "*")) {
        assertThat(background.answer(SearchRequest.of(q))).as(q)
            .isEqualTo(direct.answer(SearchRequest.of(q)));
      }
    }
  }

  @Test
  void callsWaitForTheOpeningWhileItsNameAndFolderAreKnownAtOnce() throws Exception {
    CountDownLatch open = new CountDownLatch(1);
    Engine engine = new Engine();
    OpeningEngine opening = new OpeningEngine("slow", "/cache/index", () -> {
      await(open);
      return engine;
    });
    assertThat(opening.name()).isEqualTo("slow");
    assertThat(opening.indexLocation()).isEqualTo("/cache/index");
    CompletableFuture<Map<String, String>> asked =
        CompletableFuture.supplyAsync(opening::diagnostics);
    // The opening waits for the latch: nothing can answer before it is released.
    assertThat(asked).isNotDone();
    open.countDown();
    assertThat(asked.get(60, TimeUnit.SECONDS)).containsEntry("engine", "open");
    assertThat(opening.indexLocation()).isEqualTo("/the/opened/index");
    opening.close();
    assertThat(engine.closed).isTrue();
  }

  @Test
  void aFailedOpeningIsEachCallsTypedErrorAndCloseHasNothingToClose() {
    OpeningEngine opening = new OpeningEngine("broken", "/cache/index", () -> {
      throw new IndexException("Cannot open the index of the vault /v (disk full)", null);
    });
    for (int i = 0; i < 2; i++) {
      assertThatThrownBy(opening::diagnostics).isInstanceOf(IndexException.class)
          .hasMessage("Cannot open the index of the vault /v (disk full)");
    }
    opening.close();
  }

  private static void await(CountDownLatch latch) {
    try {
      if (!latch.await(60, TimeUnit.SECONDS)) throw new AssertionError("never released");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** An engine that answers its diagnostics and remembers being closed. */
  private static final class Engine implements SearchEngine {
    volatile boolean closed;

    @Override
    public String name() {
      return "slow";
    }

    @Override
    public List<Hit> search(EngineQuery query) {
      return List.of();
    }

    @Override
    public String indexLocation() {
      return "/the/opened/index";
    }

    @Override
    public Map<String, String> diagnostics() {
      return Map.of("engine", "open");
    }

    @Override
    public void close() {
      closed = true;
    }
  }
}
