package org.qmd4j.internal;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Set;
import org.qmd4j.vault.VaultLayout;

/**
 * What changed in a vault since the last look, so that an engine re-reads only that.
 *
 * <p>The contract is the engines' "never stale": a write to the vault that completed before a
 * call to {@link #changes()} started is part of what that call (or an earlier one) returns.
 * A feed that cannot promise it returns {@link Changes#EVERYTHING}, and the engine walks the
 * whole vault, as short-lived processes do at every search.
 *
 * <p>Implementations are thread-safe. Not API: may change without notice.
 */
public interface ChangeFeed extends AutoCloseable {

  /**
   * The changes since the previous call; the first call returns {@link Changes#EVERYTHING}.
   * Once returned, changes are not returned again: a caller that fails to apply them must
   * walk the whole vault next time.
   */
  Changes changes();

  /** Which paths of the vault are indexed: the changes this feed reports are about them. */
  VaultLayout layout();

  /** Whether this feed watches the vault (false: every call returns everything). */
  boolean watching();

  /** Stops watching; later calls return {@link Changes#EVERYTHING}. Idempotent. */
  @Override
  void close();

  /** {@link #walkEveryTime(VaultLayout)} for a vault of the projects layout. */
  static ChangeFeed walkEveryTime() {
    return WalkEveryTime.PROJECTS;
  }

  /** The feed of short-lived processes: everything, at every call (a full stat walk). */
  static ChangeFeed walkEveryTime(VaultLayout layout) {
    return new WalkEveryTime(Objects.requireNonNull(layout, "layout == null"));
  }

  /**
   * A {@link VaultWatcher} on {@code vault} when the platform can keep the contract (Linux),
   * else {@link #walkEveryTime()}. Never fails: a watcher that cannot start is logged and
   * replaced by the walk.
   */
  static ChangeFeed watchOrWalk(Path vault, VaultLayout layout) {
    return VaultWatcher.startOrWalk(Objects.requireNonNull(vault, "vault == null"),
        Objects.requireNonNull(layout, "layout == null"));
  }

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

    public Changes {
      paths = everything ? Set.of() : Set.copyOf(Objects.requireNonNull(paths, "paths == null"));
    }

    /** Nothing to do. */
    public boolean isEmpty() {
      return !everything && paths.isEmpty();
    }
  }
}
