package org.qmd4j.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.qmd4j.EngineException;
import org.qmd4j.IndexException;
import org.qmd4j.Mode;
import org.qmd4j.vault.Chunk;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The qmd engine with the embedded engine behind it: when qmd fails (exit code, timeout,
 * bad output, missing models), the embedded engine answers and every hit says it is degraded
 * and why. Never a silent empty answer. The embedded engine is opened on first need.
 */
public final class FallbackEngine implements Engine {
  private static final Logger LOG = LoggerFactory.getLogger(FallbackEngine.class);

  private final Engine primary;
  private final Supplier<Engine> fallbackFactory;
  private Engine fallback; // guarded by this

  public FallbackEngine(Engine primary, Supplier<Engine> fallbackFactory) {
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
  public Engine primary() {
    return primary;
  }

  @Override
  public List<Hit> search(String query, Mode mode, Predicate<Chunk> filter, int limit) {
    try {
      return primary.search(query, mode, filter, limit);
    } catch (EngineException e) {
      if (e instanceof IndexException) throw e; // the vault itself is unreadable: no fallback helps
      String reason = primary.name() + " failed: " + e.getMessage();
      LOG.warn("{}; answering from the embedded engine (results flagged degraded)", reason);
      List<Hit> out = new ArrayList<>();
      for (Hit h : fallback().search(query, mode, filter, limit)) out.add(h.degraded(reason));
      return out;
    }
  }

  private synchronized Engine fallback() {
    if (fallback == null) fallback = fallbackFactory.get();
    return fallback;
  }

  @Override
  public synchronized void close() {
    primary.close();
    if (fallback != null) fallback.close();
  }
}
