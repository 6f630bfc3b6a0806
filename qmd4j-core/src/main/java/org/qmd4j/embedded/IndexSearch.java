package org.qmd4j.embedded;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.search.IndexSearcher;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;

/** One search of the embedded index as it is now: the ranking of {@link Ranker} or deep. */
final class IndexSearch {
  private IndexSearch() {}

  /** The hits of {@code query} on the index as {@code store} has it now, best first. */
  static List<Hit> search(IndexStore store, EngineQuery query, Vectors vectors)
      throws IOException {
    store.checkIntact();
    IndexSearcher searcher = store.acquire();
    try {
      if (query.isWildcard()) return Ranker.wildcard(searcher, query.filter(), query.limit());
      QueryPlan plan = QueryPlan.of(query.text());
      if (plan.isEmpty()) return List.of();
      plan = plan.on(searcher); // each term looked up once, for the search and its count
      if (query.mode() == Mode.FAST) {
        return Ranker.fast(searcher, query, plan);
      }
      return HybridRanker.deep(searcher, plan, query.text(), vectors, query.filter(),
          query.limit());
    } finally {
      store.release(searcher);
    }
  }
}
