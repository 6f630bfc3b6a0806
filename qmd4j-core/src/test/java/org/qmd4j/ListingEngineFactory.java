package org.qmd4j;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.qmd4j.search.MatchType;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;

/**
 * A test engine registered as a service (the test resources' {@code META-INF/services}), so
 * that it is chosen by name: it lists the chunks whose text holds the query, in path order,
 * and shows its settings in its diagnostics.
 */
public final class ListingEngineFactory implements SearchEngine.Factory {
  @Override
  public String name() {
    return "listing";
  }

  @Override
  public SearchEngine open(SearchEngine.Context context) {
    return new SearchEngine() {
      @Override
      public String name() {
        return "listing";
      }

      @Override
      public List<Hit> search(EngineQuery query) {
        List<Hit> hits = new ArrayList<>();
        for (String path : context.indexedFiles()) {
          for (Chunk chunk : context.chunks(path)) {
            if (hits.size() == query.limit()) return hits;
            if (query.filter().test(chunk) && chunk.text().contains(query.text())) {
              hits.add(new Hit(chunk, 0.5, MatchType.KEYWORD));
            }
          }
        }
        return hits;
      }

      @Override
      public String indexLocation() {
        return "none";
      }

      @Override
      public Map<String, String> diagnostics() {
        return Map.of("listing settings", context.settings().toString(),
            "listing watch", Boolean.toString(context.watch()));
      }

      @Override
      public void close() {}
    };
  }
}
