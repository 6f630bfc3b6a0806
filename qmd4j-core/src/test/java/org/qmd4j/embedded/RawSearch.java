package org.qmd4j.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.lucene.search.IndexSearcher;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.Hit;

/**
 * Benchmark helper: runs {@link EmbeddedEngine#search}'s ranking <em>without</em> the
 * freshness walk ({@code refresh()}) that every real search starts with, so that
 * "Lucene + chunk rebuilding" and "stat walk" can be timed apart. It calls the engine's own
 * {@link Ranker} on the engine's own {@link IndexStore} (same package), so the timed code is
 * exactly the engine's.
 */
public final class RawSearch {
  private final IndexStore store;

  public RawSearch(EmbeddedEngine engine) {
    this.store = engine.store();
  }

  /** The engine's search of the whole vault, minus its {@code refresh()}. */
  public List<Hit> search(String query, Mode mode, int limit) {
    IndexSearcher searcher = store.acquire();
    try {
      QueryPlan plan = QueryPlan.of(query);
      if (plan.isEmpty()) return List.of();
      if (mode == Mode.FAST) {
        return Ranker.ranked(searcher, plan.tiered(), plan.words.size(),
            ChunkFilter.EVERYTHING, limit);
      }
      return Ranker.deep(searcher, plan, ChunkFilter.EVERYTHING, limit);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      store.release(searcher);
    }
  }
}
