package org.qmd4j.watch;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.spi.ChangeFeed;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.vault.VaultLayout;

/**
 * The change feed of one vault as core's engines take it: the SPI's {@link ChangeFeed} and the
 * layout whose indexed paths it reports about, with the two ways to make one (a watcher, or a
 * walk at every look). Not API: may change without notice.
 */
public interface VaultFeed extends ChangeFeed {

  /** Which paths of the vault are indexed: the changes this feed reports are about them. */
  VaultLayout layout();

  /**
   * What one look at the feed says: its {@link #changes() changes}, and, when they are
   * everything and the feed has just stat-ed every indexed file itself (a watcher's first
   * look: its registration walk did), their stamps as of this look, so that the caller need
   * not walk the vault again.
   *
   * @param changes what changed since the last look
   * @param stamps when {@code changes} is everything: every indexed file's stamp, if known
   */
  record Look(Changes changes, Optional<Map<String, FileStamp>> stamps) {}

  /** {@link #changes()}, with the stamps of every indexed file when the feed has them. */
  default Look look() {
    return new Look(changes(), Optional.empty());
  }

  /** {@link #walkEveryTime(VaultLayout)} for a vault of the projects layout. */
  static VaultFeed walkEveryTime() {
    return WalkEveryTime.PROJECTS;
  }

  /** The feed of short-lived processes: everything, at every call (a full stat walk). */
  static VaultFeed walkEveryTime(VaultLayout layout) {
    return new WalkEveryTime(Objects.requireNonNull(layout, "layout == null"));
  }

  /**
   * A {@link VaultWatcher} on {@code vault} when the platform can keep the contract (Linux),
   * else {@link #walkEveryTime()}. Never fails: a watcher that cannot start is logged and
   * replaced by the walk.
   */
  static VaultFeed watchOrWalk(Path vault, VaultLayout layout) {
    return VaultWatcher.startOrWalk(Objects.requireNonNull(vault, "vault == null"),
        Objects.requireNonNull(layout, "layout == null"));
  }

  /**
   * {@link #watchOrWalk}, started on a thread of its own (for a server that opens its index
   * meanwhile): returns at once; every look at the changes waits until it is started.
   */
  static VaultFeed watchOrWalkInBackground(Path vault, VaultLayout layout) {
    return new StartingWatcher(Objects.requireNonNull(vault, "vault == null"),
        Objects.requireNonNull(layout, "layout == null"));
  }
}
