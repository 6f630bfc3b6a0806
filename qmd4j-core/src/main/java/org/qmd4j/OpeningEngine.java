package org.qmd4j;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.qmd4j.search.Total;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.spi.Vocabulary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An engine opened on a thread of its own, for a long-lived searcher: the searcher is returned
 * at once and its engine opened meanwhile (for the embedded engine: the index checked, its
 * file records loaded, while its watcher registers the vault's folders), so that a server
 * answers its clients' handshake without waiting for that. Every call but {@link #name()} and
 * {@link #indexLocation()} waits until the engine is open; when opening failed, it fails with
 * the same exception (an {@link org.qmd4j.search.IndexException} saying why). Thread-safe.
 */
final class OpeningEngine implements SearchEngine {
  private static final Logger LOG = LoggerFactory.getLogger(OpeningEngine.class);

  private final String name;
  private final String location;
  private final CompletableFuture<SearchEngine> opened = new CompletableFuture<>();

  /**
   * Starts opening the engine {@code open} makes.
   *
   * @param name the engine's name, known before it is open
   * @param location where its index will be, known before it is open
   */
  OpeningEngine(String name, String location, Supplier<SearchEngine> open) {
    this.name = name;
    this.location = location;
    Thread thread = new Thread(() -> {
      try {
        opened.complete(open.get());
      } catch (RuntimeException | Error e) {
        LOG.debug("Opening the {} engine failed; searches will say why", name, e);
        opened.completeExceptionally(e);
      }
    }, "qmd4j-open-" + name);
    thread.setDaemon(true);
    thread.start();
  }

  /** The open engine, once it is; the exception opening it failed with, if it did. */
  SearchEngine engine() {
    try {
      return opened.join();
    } catch (CompletionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException) throw (RuntimeException) cause;
      if (cause instanceof Error) throw (Error) cause;
      throw e;
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public List<Hit> search(EngineQuery query) {
    return engine().search(query);
  }

  @Override
  public Optional<Total> count(EngineQuery query) {
    return engine().count(query);
  }

  @Override
  public boolean indexesRecords() {
    return engine().indexesRecords();
  }

  @Override
  public Optional<Vocabulary> vocabulary() {
    return engine().vocabulary();
  }

  /**
   * Where the index is: the opened engine's answer, or before that the folder it is opened
   * from (an index that cannot be kept there is then kept in memory, with a warning).
   */
  @Override
  public String indexLocation() {
    SearchEngine engine = opened.getNow(null);
    return engine == null ? location : engine.indexLocation();
  }

  @Override
  public Map<String, String> diagnostics() {
    return engine().diagnostics();
  }

  /** Closes the engine once it is open; nothing when opening failed (nothing is open). */
  @Override
  public void close() {
    SearchEngine engine = opened.handle((e, failure) -> e).join();
    if (engine != null) engine.close();
  }
}
