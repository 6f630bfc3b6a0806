package org.qmd4j;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.qmd4j.spi.EmbeddingModel;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.spi.QmdOptions;
import org.qmd4j.vault.Chunker;

/**
 * How {@link SearchProviders#forVault} builds a {@link Searcher}. Immutable and thread-safe:
 * start from {@link #DEFAULT} or {@link #builder()}, derive a variant with {@link #toBuilder()}
 * or a {@code withX} method. A new option is a new builder method: code that builds options
 * keeps compiling. Builders are not thread-safe.
 *
 * <pre>{@code
 * SearchOptions options = SearchOptions.builder()
 *     .engine(EngineChoice.EMBEDDED)
 *     .inMemoryIndex(true)
 *     .clock(Clock.fixed(Instant.parse("2025-09-15T10:00:00Z"), ZoneId.of("Europe/Paris")))
 *     .build();
 * }</pre>
 *
 * <p>Each option is a method of {@link Builder}, which says what it does and its default.
 *
 * @since 0.1
 */
public final class SearchOptions {
  /** Automatic engine, on-disk index in the default cache, default sizes, system clock. */
  public static final SearchOptions DEFAULT = builder().build();

  private final OptionsBuilder v;

  SearchOptions(OptionsBuilder values) {
    this.v = values;
  }

  /**
   * A builder holding the defaults of {@link #DEFAULT}.
   *
   * @since 0.9
   */
  public static Builder builder() {
    return new OptionsBuilder();
  }

  /**
   * A builder holding these options, to derive a variant.
   *
   * @since 0.9
   */
  public Builder toBuilder() {
    return v.copy();
  }

  /**
   * The built-in engine asked for.
   *
   * @throws IllegalStateException if the engine asked for is not built in ({@link
   *     #engineName()} names it)
   * @deprecated since 0.9, an engine is chosen by name: read {@link #engineName()}
   */
  @Deprecated
  public EngineChoice engine() {
    if (!EnginePlugins.isBuiltIn(v.engine)) {
      throw new IllegalStateException("The engine '" + v.engine + "' is not built in");
    }
    return EngineChoice.parse(v.engine);
  }

  /**
   * The engine's name: {@code auto}, {@code qmd}, {@code embedded}, or the {@linkplain
   * org.qmd4j.spi.SearchEngine.Factory#name() name} of an engine on the class path.
   *
   * @since 0.9
   */
  public String engineName() {
    return v.engine;
  }

  /**
   * The settings the chosen engine reads (its own keys), unmodifiable.
   *
   * @since 0.9
   */
  public Map<String, String> engineSettings() {
    return v.engineSettings;
  }

  /** Where indexes are kept; empty: the environment's cache folder. */
  public Optional<Path> cacheDir() {
    return v.cacheDir;
  }

  /** Whether the embedded index is kept in memory. */
  public boolean inMemoryIndex() {
    return v.inMemoryIndex;
  }

  /** The size above which a state, description or bucket file is split. */
  public int chunkSize() {
    return v.chunkSize;
  }

  /** The size above which a changelog day is split into its entries. */
  public int denseDaySize() {
    return v.denseDaySize;
  }

  /** The clock relative dates are resolved against, in its zone. */
  public Clock clock() {
    return v.clock;
  }

  /** The environment variables read, unmodifiable. */
  public Map<String, String> environment() {
    return v.environment;
  }

  /** How the qmd engine runs qmd. */
  public QmdOptions qmd() {
    return v.qmd;
  }

  /** Where the {@code ...Async} calls run; empty: the shared daemon pool. */
  public Optional<Executor> executor() {
    return v.executor;
  }

  /** Whether the vault is watched (true) or walked before every search (false). */
  public boolean watch() {
    return v.watch;
  }

  /** Who hears how indexing goes. */
  public IndexProgress progress() {
    return v.progress;
  }

  /** The vault's layout, or {@link LayoutChoice#AUTO} to detect it. */
  public LayoutChoice layout() {
    return v.layout;
  }

  /** The sentence-embedding model of deep search; empty: {@code QMD4J_MODEL}, else none. */
  public Optional<EmbeddingModel> embeddingModel() {
    return v.embeddingModel;
  }

  /** These options with another built-in engine. */
  public SearchOptions withEngine(EngineChoice engine) {
    return toBuilder().engine(engine).build();
  }

  /** These options with another cache folder. */
  public SearchOptions withCacheDir(Path cacheDir) {
    return toBuilder().cacheDir(cacheDir).build();
  }

  /** These options with the embedded index in memory, or not. */
  public SearchOptions withInMemoryIndex(boolean inMemoryIndex) {
    return toBuilder().inMemoryIndex(inMemoryIndex).build();
  }

  /** These options with another chunk size. */
  public SearchOptions withChunkSize(int chunkSize) {
    return toBuilder().chunkSize(chunkSize).build();
  }

  /** These options with another dense-day size. */
  public SearchOptions withDenseDaySize(int denseDaySize) {
    return toBuilder().denseDaySize(denseDaySize).build();
  }

  /** These options with another clock. */
  public SearchOptions withClock(Clock clock) {
    return toBuilder().clock(clock).build();
  }

  /** These options with other environment variables. */
  public SearchOptions withEnvironment(Map<String, String> environment) {
    return toBuilder().environment(environment).build();
  }

  /** These options with other qmd options. */
  public SearchOptions withQmd(QmdOptions qmd) {
    return toBuilder().qmd(qmd).build();
  }

  /** These options with the async calls on {@code executor}; see {@link Builder#executor}. */
  public SearchOptions withExecutor(Executor executor) {
    return toBuilder().executor(executor).build();
  }

  /** These options watching the vault, or walking it before every search (since 0.2). */
  public SearchOptions withWatch(boolean watch) {
    return toBuilder().watch(watch).build();
  }

  /** These options reporting indexing progress to {@code progress} (since 0.2). */
  public SearchOptions withProgress(IndexProgress progress) {
    return toBuilder().progress(progress).build();
  }

  /** These options reading the vault in the given layout (since 0.4). */
  public SearchOptions withLayout(LayoutChoice layout) {
    return toBuilder().layout(layout).build();
  }

  /** These options with deep search made hybrid by {@code model} (since 0.5). */
  public SearchOptions withEmbeddingModel(EmbeddingModel model) {
    return toBuilder().embeddingModel(model).build();
  }

  /** The executor of async calls: the option, else the shared daemon pool. */
  Executor resolveExecutor() {
    return v.executor.orElseGet(AsyncExecutor::shared);
  }

  /** The chunker these sizes describe. */
  Chunker chunker() {
    return new Chunker(v.chunkSize, v.denseDaySize);
  }

  /** The cache root: the option, else the environment's, else {@code ~/.cache/qmd4j}. */
  Path resolveCacheDir() {
    if (v.cacheDir.isPresent()) return v.cacheDir.get();
    String dir = v.environment.get("QMD4J_CACHE_DIR");
    if (dir != null && !dir.isBlank()) return Path.of(dir);
    String xdg = v.environment.get("XDG_CACHE_HOME"); // a relative one is invalid: ignored
    if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) return Path.of(xdg, "qmd4j");
    String home = v.environment.get("HOME");
    return Path.of(home != null && !home.isBlank() ? home : System.getProperty("user.home"),
        ".cache", "qmd4j");
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SearchOptions && v.values().equals(((SearchOptions) o).v.values());
  }

  @Override
  public int hashCode() {
    return v.values().hashCode();
  }

  /** Lists the options; the environment and the engine's settings by their keys only. */
  @Override
  public String toString() {
    return "SearchOptions[engine=" + v.engine + ", engineSettings=" + v.engineSettings.keySet()
        + ", cacheDir=" + v.cacheDir + ", inMemoryIndex=" + v.inMemoryIndex + ", chunkSize="
        + v.chunkSize + ", denseDaySize=" + v.denseDaySize + ", clock=" + v.clock
        + ", environment=" + v.environment.size() + " variables, qmd=" + v.qmd + ", executor="
        + v.executor + ", watch=" + v.watch + ", progress=" + v.progress + ", layout="
        + v.layout + ", embeddingModel=" + v.embeddingModel + "]";
  }

  /**
   * Builds {@link SearchOptions}; each setter checks its value and returns this builder. The
   * options and their defaults are in the table of {@link SearchOptions}. Not thread-safe.
   *
   * @since 0.9
   */
  public interface Builder {
    /** Which built-in engine to use (default {@link EngineChoice#AUTO}). */
    Builder engine(EngineChoice engine);

    /**
     * Which engine to use, by name, ignoring case: {@code auto}, {@code qmd}, {@code embedded}
     * or the {@linkplain org.qmd4j.spi.SearchEngine.Factory#name() name} of an engine
     * registered on the class path ({@code solr} with {@code qmd4j-solr}).
     *
     * @throws org.qmd4j.search.InvalidRequestException if no engine has this name, listing
     *     the engines on the class path
     */
    Builder engine(String name);

    /** Sets one setting of the chosen engine, as it documents them; null removes it. */
    Builder engineSetting(String key, String value);

    /** Replaces the chosen engine's settings. */
    Builder engineSettings(Map<String, String> settings);

    /**
     * Where indexes are kept; by default {@code $QMD4J_CACHE_DIR}, else {@code
     * $XDG_CACHE_HOME/qmd4j}, else {@code ~/.cache/qmd4j}.
     */
    Builder cacheDir(Path cacheDir);

    /** Keeps the embedded index in memory (tests, throw-away use); default false. */
    Builder inMemoryIndex(boolean inMemoryIndex);

    /** The size above which a state, description or bucket file is split. */
    Builder chunkSize(int chunkSize);

    /** The size above which a changelog day is split into its entries. */
    Builder denseDaySize(int denseDaySize);

    /** The clock relative dates are resolved against, in its zone. */
    Builder clock(Clock clock);

    /** The environment variables read (default: the process's), copied when built. */
    Builder environment(Map<String, String> environment);

    /** How the qmd engine runs qmd. */
    Builder qmd(QmdOptions qmd);

    /**
     * Runs the {@code ...Async} calls of {@link Searcher} on {@code executor} instead of the
     * shared daemon pool. The caller keeps ownership: closing a searcher does not shut it down.
     */
    Builder executor(Executor executor);

    /**
     * Watches the vault (true, the default): a search then re-reads only what changed instead
     * of walking the whole vault first. Turn it off (false: a walk before every search) for a
     * searcher used once, where setting up the watch costs more than the single walk. Linux
     * only; elsewhere, or when the kernel's inotify limits are reached, the vault is walked.
     */
    Builder watch(boolean watch);

    /**
     * Reports indexing progress (called from the indexing threads, one at a time); by default
     * none: the library never prints, it logs a summary through SLF4J.
     */
    Builder progress(IndexProgress progress);

    /** Reads the vault in this layout ({@link LayoutChoice#AUTO}, the default, detects it). */
    Builder layout(LayoutChoice layout);

    /**
     * Makes the embedded engine's deep search hybrid with {@code model}: chunk vectors are
     * kept in the index (rebuilt when the model's {@link EmbeddingModel#id() id} changes) and
     * deep search fuses BM25 and nearest-neighbour candidates. Fast search never uses it. The
     * caller keeps ownership and closes the model after the searchers that use it. By default,
     * the model in the folder {@code QMD4J_MODEL} names, if set, else none.
     */
    Builder embeddingModel(EmbeddingModel model);

    /**
     * The options.
     *
     * @throws IllegalArgumentException if the chunk sizes are not valid
     */
    SearchOptions build();
  }
}
