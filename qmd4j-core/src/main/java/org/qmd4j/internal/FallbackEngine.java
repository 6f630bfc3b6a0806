package org.qmd4j.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.spi.Vocabulary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The qmd engine with the embedded engine behind it: when qmd fails (exit code, timeout,
 * bad output, missing models), the embedded engine answers and every hit says it is degraded
 * and why. Never a silent empty answer. The embedded engine is opened on first need.
 */
public final class FallbackEngine implements SearchEngine {
  private static final Logger LOG = LoggerFactory.getLogger(FallbackEngine.class);

  private final SearchEngine primary;
  private final Supplier<SearchEngine> fallbackFactory;
  private SearchEngine fallback; // guarded by this

  public FallbackEngine(SearchEngine primary, Supplier<SearchEngine> fallbackFactory) {
    this.primary = primary;
    this.fallbackFactory = fallbackFactory;
  }

  @Override
  public String name() {
    return primary.name();
  }

  @Override
  public String indexLocation() {
    return primary.indexLocation();
  }

  @Override
  public Map<String, String> diagnostics() {
    Map<String, String> d = new LinkedHashMap<>(primary.diagnostics());
    d.put("on qmd failure", "answer from the embedded engine, results flagged degraded");
    return d;
  }

  /** The engine that answers first. */
  public SearchEngine primary() {
    return primary;
  }

  @Override
  public Optional<Vocabulary> vocabulary() {
    return primary.vocabulary();
  }

  @Override
  public List<Hit> search(EngineQuery query) {
    try {
      return primary.search(query);
    } catch (EngineException e) {
      if (e instanceof IndexException) throw e; // the vault itself is unreadable: no fallback helps
      String reason = primary.name() + " failed: " + e.getMessage();
      LOG.warn("{}; answering from the embedded engine (results flagged degraded)", reason);
      List<Hit> out = new ArrayList<>();
      for (Hit h : fallback().search(query)) out.add(h.degraded(reason));
      return out;
    }
  }

  private synchronized SearchEngine fallback() {
    if (fallback == null) fallback = fallbackFactory.get();
    return fallback;
  }

  @Override
  public synchronized void close() {
    primary.close();
    if (fallback != null) fallback.close();
  }
}
