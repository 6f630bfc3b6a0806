package org.qmd4j.qmd;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.Mode;
import org.qmd4j.search.Total;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.spi.Vocabulary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The qmd engine with the embedded engine behind it. Deep searches that qmd cannot run (its
 * models are missing) are answered by the embedded engine's deep pipeline, always; with
 * {@code onFailure}, so are searches where qmd fails (exit code, timeout, bad output). Every
 * hit the embedded engine gives says it is degraded and why. Never a silent empty answer. The
 * embedded engine is opened on first need.
 */
public final class FallbackEngine implements SearchEngine {
  private static final Logger LOG = LoggerFactory.getLogger(FallbackEngine.class);
  /** The notice that deep search is degraded is given once per process. */
  private static final AtomicBoolean DEEP_NOTICE = new AtomicBoolean();

  private final SearchEngine primary;
  private final Supplier<SearchEngine> fallbackFactory;
  private final boolean onFailure;
  private final Supplier<Optional<String>> deepUnavailable;
  private SearchEngine fallback; // guarded by this

  /**
   * @param primary the engine that answers first
   * @param fallbackFactory opens the embedded engine, at most once
   * @param onFailure whether a failure of {@code primary} is answered by the embedded engine
   * @param deepUnavailable why {@code primary} cannot run a deep search now, if it cannot
   */
  public FallbackEngine(SearchEngine primary, Supplier<SearchEngine> fallbackFactory,
      boolean onFailure, Supplier<Optional<String>> deepUnavailable) {
    this.primary = primary;
    this.fallbackFactory = fallbackFactory;
    this.onFailure = onFailure;
    this.deepUnavailable = deepUnavailable;
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
    deepUnavailable.get().ifPresent(why -> d.put("deep search", "embedded (" + why + ")"));
    if (onFailure) {
      d.put("on qmd failure", "answer from the embedded engine, results flagged degraded");
    }
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
    if (query.mode() == Mode.DEEP && !query.isWildcard()) {
      Optional<String> why = deepUnavailable.get();
      if (why.isPresent()) {
        if (DEEP_NOTICE.compareAndSet(false, true)) {
          LOG.warn("Deep search: {}. Until then the embedded engine answers deep searches"
              + " (hybrid with a model set by --model or QMD4J_MODEL, else keyword lists fused"
              + " by rank), results marked degraded", why.get());
        }
        return degraded(query, why.get());
      }
    }
    try {
      return primary.search(query);
    } catch (EngineException e) {
      if (!onFailure || e instanceof IndexException) throw e; // unreadable vault: nothing helps
      String reason = primary.name() + " failed: " + e.getMessage();
      LOG.warn("{}; answering from the embedded engine (results flagged degraded)", reason);
      return degraded(query, reason);
    }
  }

  /**
   * The primary's count of a {@code *} listing, which it answers without qmd; other searches
   * may have been answered by the fallback, whose count would not be theirs: not counted.
   */
  @Override
  public Optional<Total> count(EngineQuery query) {
    return query.isWildcard() ? primary.count(query) : Optional.empty();
  }

  private List<Hit> degraded(EngineQuery query, String reason) {
    List<Hit> out = new ArrayList<>();
    for (Hit h : fallback().search(query)) out.add(h.degraded(reason));
    return out;
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
