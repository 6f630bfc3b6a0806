package org.qmd4j.spi;

import java.util.Objects;
import java.util.Set;

/**
 * Expert: what changed in a vault since the last look, so that an engine re-reads only that.
 * An engine opens one with {@link SearchEngine.Context#changeFeed(boolean)} and closes it when
 * it closes.
 *
 * <p>The contract is the engines' "never stale": a write to the vault that completed before a
 * call to {@link #changes()} started is part of what that call (or an earlier one) returns.
 * A feed that cannot promise it returns {@link Changes#EVERYTHING}, and the engine walks the
 * whole vault, as short-lived processes do at every search.
 *
 * <p>Implementations are thread-safe.
 *
 * @since 0.9
 */
public interface ChangeFeed extends AutoCloseable {
  /** The feed that cannot promise anything: every call returns {@link Changes#EVERYTHING}. */
  ChangeFeed EVERYTHING_EVERY_TIME = new ChangeFeed() {
    @Override
    public Changes changes() {
      return Changes.EVERYTHING;
    }

    @Override
    public boolean watching() {
      return false;
    }

    @Override
    public void close() {}
  };

  /**
   * The changes since the previous call; the first call returns {@link Changes#EVERYTHING}.
   * Once returned, changes are not returned again: a caller that fails to apply them must
   * walk the whole vault next time.
   */
  Changes changes();

  /** Whether this feed watches the vault (false: every call returns everything). */
  boolean watching();

  /** Stops watching; later calls return {@link Changes#EVERYTHING}. Idempotent. */
  @Override
  void close();

  /**
   * One batch of changes.
   *
   * @param everything the whole vault must be walked (first look, overflow, error)
   * @param paths vault-relative paths ({@code /} separators) of files or folders that were
   *     created, modified, renamed or deleted; empty when {@code everything}
   */
  record Changes(boolean everything, Set<String> paths) {
    /** Walk everything. */
    public static final Changes EVERYTHING = new Changes(true, Set.of());
    /** Nothing changed. */
    public static final Changes NONE = new Changes(false, Set.of());

    /** Copies {@code paths}; empty when {@code everything}. */
    public Changes {
      paths = everything ? Set.of() : Set.copyOf(Objects.requireNonNull(paths, "paths == null"));
    }

    /** Nothing to do. */
    public boolean isEmpty() {
      return !everything && paths.isEmpty();
    }
  }
}
