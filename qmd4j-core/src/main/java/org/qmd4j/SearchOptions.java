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
 * <table>
 *   <caption>Options and their defaults</caption>
 *   <tr><th>option</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@code engine}</td><td>{@link EngineChoice#AUTO}</td><td>which engine to use</td></tr>
 *   <tr><td>{@code cacheDir}</td><td>empty</td><td>where indexes are kept; empty means
 *       {@code $QMD4J_CACHE_DIR}, else {@code $XDG_CACHE_HOME/qmd4j}, else
 *       {@code ~/.cache/qmd4j}</td></tr>
 *   <tr><td>{@code inMemoryIndex}</td><td>false</td><td>keep the embedded index in memory
 *       (tests, throw-away use)</td></tr>
 *   <tr><td>{@code chunkSize}</td><td>{@value Chunker#DEFAULT_CHUNK_SIZE}</td><td>size above
 *       which a state, description or bucket file is split</td></tr>
 *   <tr><td>{@code denseDaySize}</td><td>{@value Chunker#DEFAULT_DENSE_DAY_SIZE}</td><td>size
 *       above which a changelog day is split into its entries</td></tr>
 *   <tr><td>{@code clock}</td><td>the system clock</td><td>resolves relative dates
 *       ({@code today}, {@code 2 weeks ago}) in its zone</td></tr>
 *   <tr><td>{@code environment}</td><td>the process's</td><td>the environment variables read
 *       ({@code QMD4J_*}, {@code PATH}, ...); injectable for tests</td></tr>
 *   <tr><td>{@code qmd}</td><td>{@link QmdOptions#DEFAULT}</td><td>how the qmd engine runs
 *       qmd</td></tr>
 *   <tr><td>{@code executor}</td><td>empty</td><td>where the {@code ...Async} calls of
 *       {@link Searcher} run; empty means a pool shared by every searcher, of
 *       {@code max(2, processors)} daemon threads</td></tr>
 *   <tr><td>{@code watch}</td><td>true</td><td>keep the index fresh by watching the vault: a
 *       search then re-reads only what changed instead of walking the whole vault first. Turn
 *       it off for a searcher used once (a command-line search), where setting up the watch
 *       costs more than the single walk. Linux only; elsewhere, or when the kernel's inotify
 *       limits are reached, the vault is walked at every search</td></tr>
 *   <tr><td>{@code progress}</td><td>{@link IndexProgress#NONE}</td><td>hears how indexing
 *       goes; the library itself never prints, it logs a summary through SLF4J</td></tr>
 *   <tr><td>{@code layout}</td><td>{@link LayoutChoice#AUTO}</td><td>the vault's layout, or
 *       detect it (since 0.4)</td></tr>
 *   <tr><td>{@code embeddingModel}</td><td>empty</td><td>the sentence-embedding model that
 *       makes the embedded engine's deep search hybrid; empty means the folder named by
 *       {@code QMD4J_MODEL}, if set, else none. The caller keeps ownership (since 0.5)</td></tr>
 * </table>
 *
 * @since 0.1
 */
public final class SearchOptions {

  /** Automatic engine, on-disk index in the default cache, default sizes, system clock. */
  public static final SearchOptions DEFAULT = new Builder().build();

  private final EngineChoice engine;
  private final Optional<Path> cacheDir;
  private final boolean inMemoryIndex;
  private final int chunkSize;
  private final int denseDaySize;
  private final Clock clock;
  private final Map<String, String> environment;
  private final QmdOptions qmd;
  private final Optional<Executor> executor;
  private final boolean watch;
  private final IndexProgress progress;
  private final LayoutChoice layout;
  private final Optional<EmbeddingModel> embeddingModel;

  private SearchOptions(Builder b) {
    this.engine = b.engine;
    this.cacheDir = b.cacheDir;
    this.inMemoryIndex = b.inMemoryIndex;
    this.chunkSize = b.chunkSize;
    this.denseDaySize = b.denseDaySize;
    this.clock = b.clock;
    this.environment = Map.copyOf(b.environment);
    this.qmd = b.qmd;
    this.executor = b.executor;
    this.watch = b.watch;
    this.progress = b.progress;
    this.layout = b.layout;
    this.embeddingModel = b.embeddingModel;
    new Chunker(chunkSize, denseDaySize); // validates both sizes
  }

  /**
   * A builder holding the defaults of {@link #DEFAULT}.
   *
   * @since 0.9
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder holding these options, to derive a variant.
   *
   * @since 0.9
   */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Which engine to use. */
  public EngineChoice engine() {
    return engine;
  }

  /** Where indexes are kept; empty: the environment's cache folder. */
  public Optional<Path> cacheDir() {
    return cacheDir;
  }

  /** Whether the embedded index is kept in memory. */
  public boolean inMemoryIndex() {
    return inMemoryIndex;
  }

  /** The size above which a state, description or bucket file is split. */
  public int chunkSize() {
    return chunkSize;
  }

  /** The size above which a changelog day is split into its entries. */
  public int denseDaySize() {
    return denseDaySize;
  }

  /** The clock relative dates are resolved against, in its zone. */
  public Clock clock() {
    return clock;
  }

  /** The environment variables read, unmodifiable. */
  public Map<String, String> environment() {
    return environment;
  }

  /** How the qmd engine runs qmd. */
  public QmdOptions qmd() {
    return qmd;
  }

  /** Where the {@code ...Async} calls run; empty: the shared daemon pool. */
  public Optional<Executor> executor() {
    return executor;
  }

  /** Whether the vault is watched (true) or walked before every search (false). */
  public boolean watch() {
    return watch;
  }

  /** Who hears how indexing goes. */
  public IndexProgress progress() {
    return progress;
  }

  /** The vault's layout, or {@link LayoutChoice#AUTO} to detect it. */
  public LayoutChoice layout() {
    return layout;
  }

  /** The sentence-embedding model of deep search; empty: {@code QMD4J_MODEL}, else none. */
  public Optional<EmbeddingModel> embeddingModel() {
    return embeddingModel;
  }

  /** These options with another engine; {@code toBuilder().engine(engine).build()}. */
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

  /**
   * These options watching the vault (true) or walking it before every search (false).
   *
   * @since 0.2
   */
  public SearchOptions withWatch(boolean watch) {
    return toBuilder().watch(watch).build();
  }

  /**
   * These options reporting indexing progress to {@code progress}.
   *
   * @since 0.2
   */
  public SearchOptions withProgress(IndexProgress progress) {
    return toBuilder().progress(progress).build();
  }

  /**
   * These options reading the vault in the given layout.
   *
   * @since 0.4
   */
  public SearchOptions withLayout(LayoutChoice layout) {
    return toBuilder().layout(layout).build();
  }

  /**
   * These options with deep search made hybrid by {@code model}; see
   * {@link Builder#embeddingModel}.
   *
   * @since 0.5
   */
  public SearchOptions withEmbeddingModel(EmbeddingModel model) {
    return toBuilder().embeddingModel(model).build();
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
    if (xdg != null && !xdg.isBlank()) return Path.of(xdg, "qmd4j");
    return Path.of(System.getProperty("user.home"), ".cache", "qmd4j");
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SearchOptions && fields().equals(((SearchOptions) o).fields());
  }

  @Override
  public int hashCode() {
    return fields().hashCode();
  }

  /** Lists the options, the environment by its size only (it may hold credentials). */
  @Override
  public String toString() {
    return "SearchOptions[engine=" + engine + ", cacheDir=" + cacheDir + ", inMemoryIndex="
        + inMemoryIndex + ", chunkSize=" + chunkSize + ", denseDaySize=" + denseDaySize
        + ", clock=" + clock + ", environment=" + environment.size() + " variables, qmd="
        + qmd + ", executor=" + executor + ", watch=" + watch + ", progress=" + progress
        + ", layout=" + layout + ", embeddingModel=" + embeddingModel + "]";
  }

  private java.util.List<Object> fields() {
    return java.util.Arrays.asList(engine, cacheDir, inMemoryIndex, chunkSize, denseDaySize,
        clock, environment, qmd, executor, watch, progress, layout, embeddingModel);
  }

  /**
   * Builds {@link SearchOptions}; each setter checks its value and returns this builder.
   * Not thread-safe.
   *
   * @since 0.9
   */
  public static final class Builder {
    private EngineChoice engine = EngineChoice.AUTO;
    private Optional<Path> cacheDir = Optional.empty();
    private boolean inMemoryIndex;
    private int chunkSize = Chunker.DEFAULT_CHUNK_SIZE;
    private int denseDaySize = Chunker.DEFAULT_DENSE_DAY_SIZE;
    private Clock clock = Clock.systemDefaultZone();
    private Map<String, String> environment = System.getenv();
    private QmdOptions qmd = QmdOptions.DEFAULT;
    private Optional<Executor> executor = Optional.empty();
    private boolean watch = true;
    private IndexProgress progress = IndexProgress.NONE;
    private LayoutChoice layout = LayoutChoice.AUTO;
    private Optional<EmbeddingModel> embeddingModel = Optional.empty();

    private Builder() {}

    private Builder(SearchOptions o) {
      engine = o.engine;
      cacheDir = o.cacheDir;
      inMemoryIndex = o.inMemoryIndex;
      chunkSize = o.chunkSize;
      denseDaySize = o.denseDaySize;
      clock = o.clock;
      environment = o.environment;
      qmd = o.qmd;
      executor = o.executor;
      watch = o.watch;
      progress = o.progress;
      layout = o.layout;
      embeddingModel = o.embeddingModel;
    }

    /** Which engine to use (default {@link EngineChoice#AUTO}). */
    public Builder engine(EngineChoice engine) {
      this.engine = Objects.requireNonNull(engine, "engine == null");
      return this;
    }

    /** Where indexes are kept (default: the environment's cache folder). */
    public Builder cacheDir(Path cacheDir) {
      this.cacheDir = Optional.of(Objects.requireNonNull(cacheDir, "cacheDir == null"));
      return this;
    }

    /** Keeps the embedded index in memory (tests, throw-away use); default false. */
    public Builder inMemoryIndex(boolean inMemoryIndex) {
      this.inMemoryIndex = inMemoryIndex;
      return this;
    }

    /** The size above which a state, description or bucket file is split. */
    public Builder chunkSize(int chunkSize) {
      this.chunkSize = chunkSize;
      return this;
    }

    /** The size above which a changelog day is split into its entries. */
    public Builder denseDaySize(int denseDaySize) {
      this.denseDaySize = denseDaySize;
      return this;
    }

    /** The clock relative dates are resolved against, in its zone. */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock == null");
      return this;
    }

    /** The environment variables read (default: the process's), copied when built. */
    public Builder environment(Map<String, String> environment) {
      this.environment = Objects.requireNonNull(environment, "environment == null");
      return this;
    }

    /** How the qmd engine runs qmd. */
    public Builder qmd(QmdOptions qmd) {
      this.qmd = Objects.requireNonNull(qmd, "qmd == null");
      return this;
    }

    /**
     * Runs the {@code ...Async} calls of {@link Searcher} on {@code executor} instead of the
     * shared daemon pool. The caller keeps ownership: closing a searcher does not shut it down.
     */
    public Builder executor(Executor executor) {
      this.executor = Optional.of(Objects.requireNonNull(executor, "executor == null"));
      return this;
    }

    /** Watches the vault (true, the default) or walks it before every search (false). */
    public Builder watch(boolean watch) {
      this.watch = watch;
      return this;
    }

    /** Reports indexing progress (called from the indexing threads, one at a time). */
    public Builder progress(IndexProgress progress) {
      this.progress = Objects.requireNonNull(progress, "progress == null");
      return this;
    }

    /** Reads the vault in this layout ({@link LayoutChoice#AUTO}, the default, detects it). */
    public Builder layout(LayoutChoice layout) {
      this.layout = Objects.requireNonNull(layout, "layout == null");
      return this;
    }

    /**
     * Makes the embedded engine's deep search hybrid with {@code model}: chunk vectors are
     * kept in the index (rebuilt when the model's {@link EmbeddingModel#id() id} changes) and
     * deep search fuses BM25 and nearest-neighbour candidates. Fast search never uses it. The
     * caller keeps ownership and closes the model after the searchers that use it.
     */
    public Builder embeddingModel(EmbeddingModel model) {
      this.embeddingModel = Optional.of(Objects.requireNonNull(model, "model == null"));
      return this;
    }

    /**
     * The options.
     *
     * @throws IllegalArgumentException if the chunk sizes are not valid
     */
    public SearchOptions build() {
      return new SearchOptions(this);
    }
  }
}
