package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.lucene.search.IndexSearcher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.bench.VaultGenerator;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.vault.Chunker;

/**
 * A search on several threads at once ({@code qmd4j.searchThreads}) answers as one on its
 * caller's thread: the same hits, scores and counts; a wrong value is refused by name.
 */
class SearchThreadsTest {
  @TempDir static Path tmp;
  private static EmbeddedEngine engine;

  @BeforeAll
  static void open() throws IOException {
    Path vault = tmp.resolve("vault");
    VaultGenerator.generate(vault, 300, 7);
    engine = EmbeddedEngine.open(vault.toRealPath(), tmp.resolve("index"), Chunker.defaults());
    engine.refresh();
  }

  @AfterAll
  static void close() {
    engine.close();
  }

  @Test
  void theSameHitsAndCountsOnSeveralThreads() throws IOException {
    IndexStore store = engine.store();
    IndexSearcher one = store.acquire();
    try {
      IndexSearcher three = Searchers.factory("3").newSearcher(one.getIndexReader(), null);
      assertThat(three.getTaskExecutor()).isNotNull();
      for (String text : TermLookupsTest.queries()) {
        QueryPlan plan = QueryPlan.of(text);
        if (plan.isEmpty()) continue;
        EngineQuery query = new EngineQuery(text, Mode.FAST, ChunkFilter.EVERYTHING, 12);
        assertThat(Ranker.fast(three, query, plan.on(three))).as(text)
            .isEqualTo(Ranker.fast(one, query, plan.on(one)));
        assertThat(Ranker.count(three, query)).as(text).isEqualTo(Ranker.count(one, query));
      }
    } finally {
      store.release(one);
    }
  }

  @Test
  void aWrongNumberOfThreadsIsRefusedByName() {
    for (String wrong : new String[] {"0", "two", "65", "-1"}) {
      assertThatThrownBy(() -> Searchers.factory(wrong))
          .hasMessageContaining("qmd4j.searchThreads")
          .hasMessageContaining("from 1 to 64").hasMessageContaining("'" + wrong + "'");
    }
  }
}
