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
    String collection) {

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
      Optional.empty(), "qmd4j");

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
        outputCap, autoRefresh, onFailure, attachedIndex, attachedConfigDir, collection);
  }

  public QmdOptions withRunner(ProcessRunner runner) {
    return new QmdOptions(locator, runner, fastTimeout, deepTimeout, setupTimeout, outputCap,
        autoRefresh, onFailure, attachedIndex, attachedConfigDir, collection);
  }

  public QmdOptions withTimeouts(Duration fast, Duration deep) {
    return new QmdOptions(locator, runner, fast, deep, setupTimeout, outputCap, autoRefresh,
        onFailure, attachedIndex, attachedConfigDir, collection);
  }

  public QmdOptions withSetupTimeout(Duration setupTimeout) {
    return new QmdOptions(locator, runner, fastTimeout, deepTimeout, setupTimeout, outputCap,
        autoRefresh, onFailure, attachedIndex, attachedConfigDir, collection);
  }

  public QmdOptions withOutputCap(long outputCap) {
    return new QmdOptions(locator, runner, fastTimeout, deepTimeout, setupTimeout, outputCap,
        autoRefresh, onFailure, attachedIndex, attachedConfigDir, collection);
  }

  public QmdOptions withAutoRefresh(boolean autoRefresh) {
    return new QmdOptions(locator, runner, fastTimeout, deepTimeout, setupTimeout, outputCap,
        autoRefresh, onFailure, attachedIndex, attachedConfigDir, collection);
  }

  public QmdOptions withOnFailure(FailurePolicy onFailure) {
    return new QmdOptions(locator, runner, fastTimeout, deepTimeout, setupTimeout, outputCap,
        autoRefresh, onFailure, attachedIndex, attachedConfigDir, collection);
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
        false, onFailure, Optional.of(indexFile), Optional.of(configDir), collection);
  }
}
