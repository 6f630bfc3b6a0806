package org.qmd4j;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.qmd4j.spi.EmbeddingModel;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.spi.QmdOptions;
import org.qmd4j.vault.Chunker;

/**
 * How {@link SearchProviders#forVault} builds a {@link Searcher}. Immutable: start from
 * {@link #DEFAULT} and derive with the {@code withX} methods.
 *
 * <pre>{@code
 * SearchOptions options = SearchOptions.DEFAULT
 *     .withEngine(EngineChoice.EMBEDDED)
 *     .withInMemoryIndex(true)
 *     .withClock(Clock.fixed(Instant.parse("2025-09-15T10:00:00Z"), ZoneId.of("Europe/Paris")));
 * }</pre>
 *
 * @param engine which engine to use
 * @param cacheDir where indexes are kept; empty means {@code $QMD4J_CACHE_DIR}, else
 *     {@code $XDG_CACHE_HOME/qmd4j}, else {@code ~/.cache/qmd4j}
 * @param inMemoryIndex keep the embedded index in memory (tests, throw-away use)
 * @param chunkSize size above which a state, description or bucket file is split
 * @param denseDaySize size above which a changelog day is split into its entries
 * @param clock resolves relative dates ({@code today}, {@code 2 weeks ago}) in its zone
 * @param environment the environment variables read ({@code QMD4J_*}, {@code PATH}, ...);
 *     injectable for tests
 * @param qmd how the qmd engine runs qmd
 * @param executor where the {@code ...Async} calls of {@link Searcher} run; empty means a
 *     pool shared by every searcher, of {@code max(2, processors)} daemon threads
 * @param watch keep the embedded index fresh by watching the vault (on by default): a search
 *     then re-reads only what changed instead of walking the whole vault first, and results
 *     stay never stale. Turn it off for a searcher used once (a command-line search), where
 *     setting up the watch costs more than the single walk. Linux only; elsewhere, or when
 *     the kernel's inotify limits are reached, the vault is walked at every search
 * @param progress hears how indexing goes (the first index of a big vault takes seconds);
 *     the library itself never prints, it logs a summary through SLF4J
 * @param layout the vault's layout, or {@link LayoutChoice#AUTO} to detect it (since 0.4)
 * @param embeddingModel the sentence-embedding model that makes the embedded engine's deep
 *     search hybrid; empty means the folder named by {@code QMD4J_MODEL}, if set, else none
 *     (deep search is then keyword-only). The caller keeps ownership (since 0.5)
 */
public record SearchOptions(
    EngineChoice engine,
    Optional<Path> cacheDir,
    boolean inMemoryIndex,
    int chunkSize,
    int denseDaySize,
    Clock clock,
    Map<String, String> environment,
    QmdOptions qmd,
    Optional<Executor> executor,
    boolean watch,
    IndexProgress progress,
    LayoutChoice layout,
    Optional<EmbeddingModel> embeddingModel) {

  /** Automatic engine, on-disk index in the default cache, default sizes, system clock. */
  public static final SearchOptions DEFAULT = new SearchOptions(EngineChoice.AUTO,
      Optional.empty(), false, Chunker.DEFAULT_CHUNK_SIZE, Chunker.DEFAULT_DENSE_DAY_SIZE,
      Clock.systemDefaultZone(), System.getenv(), QmdOptions.DEFAULT,
      Optional.empty(), true, IndexProgress.NONE, LayoutChoice.AUTO, Optional.empty());

  public SearchOptions {
    Objects.requireNonNull(engine, "engine == null");
    Objects.requireNonNull(cacheDir, "cacheDir == null");
    Objects.requireNonNull(clock, "clock == null");
    environment = Map.copyOf(Objects.requireNonNull(environment, "environment == null"));
    new Chunker(chunkSize, denseDaySize); // validates both sizes
    Objects.requireNonNull(qmd, "qmd == null");
    Objects.requireNonNull(executor, "executor == null");
    Objects.requireNonNull(progress, "progress == null");
    Objects.requireNonNull(layout, "layout == null");
    Objects.requireNonNull(embeddingModel, "embeddingModel == null");
  }

  public SearchOptions withEngine(EngineChoice engine) {
    return new SearchOptions(engine, cacheDir, inMemoryIndex, chunkSize, denseDaySize, clock,
        environment, qmd, executor, watch, progress, layout, embeddingModel);
  }

  public SearchOptions withCacheDir(Path cacheDir) {
    return new SearchOptions(engine, Optional.of(cacheDir), inMemoryIndex, chunkSize,
        denseDaySize, clock, environment, qmd, executor, watch, progress, layout, embeddingModel);
  }

  public SearchOptions withInMemoryIndex(boolean inMemoryIndex) {
    return new SearchOptions(engine, cacheDir, inMemoryIndex, chunkSize, denseDaySize, clock,
        environment, qmd, executor, watch, progress, layout, embeddingModel);
  }

  public SearchOptions withChunkSize(int chunkSize) {
    return new SearchOptions(engine, cacheDir, inMemoryIndex, chunkSize, denseDaySize, clock,
        environment, qmd, executor, watch, progress, layout, embeddingModel);
  }

  public SearchOptions withDenseDaySize(int denseDaySize) {
    return new SearchOptions(engine, cacheDir, inMemoryIndex, chunkSize, denseDaySize, clock,
        environment, qmd, executor, watch, progress, layout, embeddingModel);
  }

  public SearchOptions withClock(Clock clock) {
    return new SearchOptions(engine, cacheDir, inMemoryIndex, chunkSize, denseDaySize, clock,
        environment, qmd, executor, watch, progress, layout, embeddingModel);
  }

  public SearchOptions withEnvironment(Map<String, String> environment) {
    return new SearchOptions(engine, cacheDir, inMemoryIndex, chunkSize, denseDaySize, clock,
        environment, qmd, executor, watch, progress, layout, embeddingModel);
  }

  public SearchOptions withQmd(QmdOptions qmd) {
    return new SearchOptions(engine, cacheDir, inMemoryIndex, chunkSize, denseDaySize, clock,
        environment, qmd, executor, watch, progress, layout, embeddingModel);
  }

  /**
   * Runs the {@code ...Async} calls of {@link Searcher} on {@code executor} instead of the
   * shared daemon pool. The caller keeps ownership: closing a searcher does not shut it down.
   */
  public SearchOptions withExecutor(Executor executor) {
    return new SearchOptions(engine, cacheDir, inMemoryIndex, chunkSize, denseDaySize, clock,
        environment, qmd, Optional.of(Objects.requireNonNull(executor, "executor == null")),
        watch, progress, layout, embeddingModel);
  }

  /**
   * Watches the vault (true, the default) or walks it before every search (false).
   *
   * @since 0.2
   */
  public SearchOptions withWatch(boolean watch) {
    return new SearchOptions(engine, cacheDir, inMemoryIndex, chunkSize, denseDaySize, clock,
        environment, qmd, executor, watch, progress, layout, embeddingModel);
  }

  /**
   * Reports indexing progress to {@code progress} (called from the indexing threads, one at a
   * time).
   *
   * @since 0.2
   */
  public SearchOptions withProgress(IndexProgress progress) {
    return new SearchOptions(engine, cacheDir, inMemoryIndex, chunkSize, denseDaySize, clock,
        environment, qmd, executor, watch,
        Objects.requireNonNull(progress, "progress == null"), layout, embeddingModel);
  }

  /**
   * Reads the vault in the given layout ({@link LayoutChoice#AUTO}, the default, detects it
   * when the searcher is built).
   *
   * @since 0.4
   */
  public SearchOptions withLayout(LayoutChoice layout) {
    return new SearchOptions(engine, cacheDir, inMemoryIndex, chunkSize, denseDaySize, clock,
        environment, qmd, executor, watch, progress,
        Objects.requireNonNull(layout, "layout == null"), embeddingModel);
  }

  /**
   * Makes the embedded engine's deep search hybrid with {@code model}: chunk vectors are kept
   * in the index (rebuilt when the model's {@link EmbeddingModel#id() id} changes) and deep
   * search fuses BM25 and nearest-neighbour candidates. Fast search never uses it. The caller
   * keeps ownership and closes the model after the searchers that use it.
   *
   * @since 0.5
   */
  public SearchOptions withEmbeddingModel(EmbeddingModel model) {
    return new SearchOptions(engine, cacheDir, inMemoryIndex, chunkSize, denseDaySize, clock,
        environment, qmd, executor, watch, progress, layout,
        Optional.of(Objects.requireNonNull(model, "model == null")));
  }

  /** The executor of async calls: the option, else the shared daemon pool. */
  Executor resolveExecutor() {
    return executor.orElseGet(AsyncExecutor::shared);
  }

  /** The chunker these sizes describe. */
  Chunker chunker() {
    return new Chunker(chunkSize, denseDaySize);
  }

  /** The cache root: the option, else the environment's, else {@code ~/.cache/qmd4j}. */
  Path resolveCacheDir() {
    if (cacheDir.isPresent()) return cacheDir.get();
    String dir = environment.get("QMD4J_CACHE_DIR");
    if (dir != null && !dir.isBlank()) return Path.of(dir);
    String xdg = environment.get("XDG_CACHE_HOME");
    // XDG: a relative XDG_CACHE_HOME is invalid and ignored.
    if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
      return Path.of(xdg, "qmd4j");
    }
    String home = environment.get("HOME");
    return Path.of(home != null && !home.isBlank() ? home : System.getProperty("user.home"),
        ".cache", "qmd4j");
  }
}
