package org.qmd4j.spi;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How the qmd engine runs qmd. Immutable: start from {@link #DEFAULT} and derive with the
 * {@code withX} methods.
 *
 * <p>By default qmd4j keeps a private qmd index per vault in its cache folder and never
 * touches the user's own qmd index. {@link #withAttachedIndex} uses an existing index and
 * collection instead (apps that already use qmd); qmd4j then never changes that index unless
 * {@code autoRefresh} is on.
 *
 * @param locator finds the binary ({@code QMD4J_QMD_BINARY}, then {@code PATH}) when set;
 *     empty means the default locator over {@link org.qmd4j.SearchOptions#environment()}
 * @param runner runs processes; tests inject fakes
 * @param fastTimeout limit for {@code qmd search}
 * @param deepTimeout limit for {@code qmd query}
 * @param setupTimeout limit for {@code collection add} and {@code update}
 * @param outputCap bytes of stdout accepted from qmd
 * @param autoRefresh run {@code qmd update} before a search when a stat walk sees changes
 * @param onFailure what a search does when qmd fails
 * @param attachedIndex an existing qmd index file ({@code INDEX_PATH}), if attaching
 * @param attachedConfigDir its configuration folder ({@code QMD_CONFIG_DIR}), if attaching
 * @param collection the collection searched: {@code qmd4j} in the private index
 * @param session whether and how searches go through a resident {@code qmd mcp} process
 */
public record QmdOptions(
    Optional<BinaryLocator> locator,
    ProcessRunner runner,
    Duration fastTimeout,
    Duration deepTimeout,
    Duration setupTimeout,
    long outputCap,
    boolean autoRefresh,
    FailurePolicy onFailure,
    Optional<Path> attachedIndex,
    Optional<Path> attachedConfigDir,
    String collection,
    Session session) {

  /** What a search does when qmd fails (exit code, timeout, bad output, missing models). */
  public enum FailurePolicy {
    /** Throw the qmd exception (the default). */
    FAIL,
    /**
     * Answer from the embedded engine; each result says it is degraded and why
     * ({@link org.qmd4j.search.SearchResult#degraded()}).
     */
    FALLBACK_TO_EMBEDDED
  }

  /** Private index, 10 s fast / 120 s deep / 300 s setup, 16 MiB of output, auto refresh. */
  public static final QmdOptions DEFAULT = new QmdOptions(Optional.empty(),
      ProcessRunner.system(), Duration.ofSeconds(10), Duration.ofSeconds(120),
      Duration.ofSeconds(300), 16L << 20, true, FailurePolicy.FAIL, Optional.empty(),
      Optional.empty(), "qmd4j", Session.DEFAULT);

  public QmdOptions {
    Objects.requireNonNull(locator, "locator == null");
    Objects.requireNonNull(runner, "runner == null");
    positive(fastTimeout, "fastTimeout");
    positive(deepTimeout, "deepTimeout");
    positive(setupTimeout, "setupTimeout");
    if (outputCap < 1024) {
      throw new IllegalArgumentException("Expected an output cap of at least 1024 bytes but was "
          + outputCap);
    }
    Objects.requireNonNull(onFailure, "onFailure == null");
    Objects.requireNonNull(attachedIndex, "attachedIndex == null");
    Objects.requireNonNull(attachedConfigDir, "attachedConfigDir == null");
    Objects.requireNonNull(collection, "collection == null");
    Objects.requireNonNull(session, "session == null");
    if (!collection.matches("[A-Za-z0-9_-]+")) {
      throw new IllegalArgumentException(
          "Expected a collection name of letters, digits, '_' or '-' but was '" + collection + "'");
    }
    if (attachedIndex.isPresent() != attachedConfigDir.isPresent()) {
      throw new IllegalArgumentException(
          "An attached qmd index needs both its index file and its config folder");
    }
  }

  private static void positive(Duration d, String name) {
    Objects.requireNonNull(d, name + " == null");
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException("Expected a positive " + name + " but was " + d);
    }
  }

  /** Whether this attaches to an existing index rather than keeping a private one. */
  public boolean isAttached() {
    return attachedIndex.isPresent();
  }

  public QmdOptions withLocator(BinaryLocator locator) {
    return new QmdOptions(Optional.of(locator), runner, fastTimeout, deepTimeout, setupTimeout,
        outputCap, autoRefresh, onFailure, attachedIndex, attachedConfigDir, collection, session);
  }

  public QmdOptions withRunner(ProcessRunner runner) {
    return new QmdOptions(locator, runner, fastTimeout, deepTimeout, setupTimeout, outputCap,
        autoRefresh, onFailure, attachedIndex, attachedConfigDir, collection, session);
  }

  public QmdOptions withTimeouts(Duration fast, Duration deep) {
    return new QmdOptions(locator, runner, fast, deep, setupTimeout, outputCap, autoRefresh,
        onFailure, attachedIndex, attachedConfigDir, collection, session);
  }

  public QmdOptions withSetupTimeout(Duration setupTimeout) {
    return new QmdOptions(locator, runner, fastTimeout, deepTimeout, setupTimeout, outputCap,
        autoRefresh, onFailure, attachedIndex, attachedConfigDir, collection, session);
  }

  public QmdOptions withOutputCap(long outputCap) {
    return new QmdOptions(locator, runner, fastTimeout, deepTimeout, setupTimeout, outputCap,
        autoRefresh, onFailure, attachedIndex, attachedConfigDir, collection, session);
  }

  public QmdOptions withAutoRefresh(boolean autoRefresh) {
    return new QmdOptions(locator, runner, fastTimeout, deepTimeout, setupTimeout, outputCap,
        autoRefresh, onFailure, attachedIndex, attachedConfigDir, collection, session);
  }

  public QmdOptions withOnFailure(FailurePolicy onFailure) {
    return new QmdOptions(locator, runner, fastTimeout, deepTimeout, setupTimeout, outputCap,
        autoRefresh, onFailure, attachedIndex, attachedConfigDir, collection, session);
  }

  /**
   * Uses an existing qmd index and collection instead of a private one.
   *
   * @param indexFile the index ({@code INDEX_PATH}), e.g. {@code ~/.cache/qmd/index.sqlite}
   * @param configDir its config folder ({@code QMD_CONFIG_DIR}), e.g. {@code ~/.config/qmd}
   * @param collection the collection that holds the vault
   */
  public QmdOptions withAttachedIndex(Path indexFile, Path configDir, String collection) {
    return new QmdOptions(locator, runner, fastTimeout, deepTimeout, setupTimeout, outputCap,
        false, onFailure, Optional.of(indexFile), Optional.of(configDir), collection, session);
  }

  /** Uses {@code session} for the resident {@code qmd mcp} process. */
  public QmdOptions withSession(Session session) {
    return new QmdOptions(locator, runner, fastTimeout, deepTimeout, setupTimeout, outputCap,
        autoRefresh, onFailure, attachedIndex, attachedConfigDir, collection, session);
  }

  /**
   * The resident session: one {@code qmd mcp} process per searcher, started at the first
   * search, answering every search without starting Node again.
   *
   * @param enabled false runs one qmd process per search, as before 0.2
   * @param factory the session factory; empty finds one with {@link java.util.ServiceLoader}
   *     (the {@code qmd4j-mcp} module provides it); none found means one process per search
   * @param deepCandidates how many candidates qmd reranks in deep mode
   * @param startTimeout how long starting the process and its handshake may take
   * @param maxRestarts restarts after which a dead session is given up for this searcher
   * @since 0.2
   */
  public record Session(boolean enabled, Optional<QmdSessionFactory> factory, int deepCandidates,
      Duration startTimeout, int maxRestarts) {
    /** Enabled, discovered factory, 40 candidates, 30 s to start, 5 restarts. */
    public static final Session DEFAULT = new Session(true, Optional.empty(), 40,
        Duration.ofSeconds(30), 5);

    /** No resident session: one qmd process per search. */
    public static final Session OFF = new Session(false, Optional.empty(), 40,
        Duration.ofSeconds(30), 0);

    public Session {
      Objects.requireNonNull(factory, "factory == null");
      positive(startTimeout, "startTimeout");
      if (deepCandidates < 1) {
        throw new IllegalArgumentException("Expected deepCandidates >= 1 but was "
            + deepCandidates);
      }
      if (maxRestarts < 0) {
        throw new IllegalArgumentException("Expected maxRestarts >= 0 but was " + maxRestarts);
      }
    }

    /** This policy with {@code factory} instead of the discovered one. */
    public Session withFactory(QmdSessionFactory factory) {
      return new Session(enabled, Optional.of(factory), deepCandidates, startTimeout,
          maxRestarts);
    }

    /** This policy with another number of candidates reranked in deep mode. */
    public Session withDeepCandidates(int deepCandidates) {
      return new Session(enabled, factory, deepCandidates, startTimeout, maxRestarts);
    }

    /** This policy with another start timeout. */
    public Session withStartTimeout(Duration startTimeout) {
      return new Session(enabled, factory, deepCandidates, startTimeout, maxRestarts);
    }
  }
}
