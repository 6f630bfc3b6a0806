package org.qmd4j;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.qmd4j.embedded.EmbeddedEngine;
import org.qmd4j.search.Total;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.spi.Vocabulary;

/**
 * The warm-up's view of an engine, for its searches while the first refresh runs: the embedded
 * engine's searches run on its index as it is, not brought up to date (nobody sees their
 * results, and they need not wait for the refresh); any other engine's, and every other call,
 * as the engine's own. Closing it closes nothing: the engine stays its searcher's.
 */
final class AsIsEngine implements SearchEngine {
  private final SearchEngine engine;

  AsIsEngine(SearchEngine engine) {
    this.engine = engine;
  }

  @Override
  public String name() {
    return engine.name();
  }

  @Override
  public List<Hit> search(EngineQuery query) {
    SearchEngine open = engine instanceof OpeningEngine ? ((OpeningEngine) engine).engine()
        : engine;
    return open instanceof EmbeddedEngine ? ((EmbeddedEngine) open).searchAsIs(query)
        : open.search(query);
  }

  @Override
  public Optional<Total> count(EngineQuery query) {
    return engine.count(query);
  }

  @Override
  public boolean indexesRecords() {
    return engine.indexesRecords();
  }

  @Override
  public Optional<Vocabulary> vocabulary() {
    return engine.vocabulary();
  }

  @Override
  public String indexLocation() {
    return engine.indexLocation();
  }

  @Override
  public Map<String, String> diagnostics() {
    return engine.diagnostics();
  }

  @Override
  public void close() {}
}
