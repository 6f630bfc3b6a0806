package org.qmd4j.watch;

import java.nio.file.Path;
import java.util.Objects;
import org.qmd4j.spi.ChangeFeed;
import org.qmd4j.vault.VaultLayout;

/**
 * The change feed of one vault as core's engines take it: the SPI's {@link ChangeFeed} and the
 * layout whose indexed paths it reports about, with the two ways to make one (a watcher, or a
 * walk at every look). Not API: may change without notice.
 */
public interface VaultFeed extends ChangeFeed {

  /** Which paths of the vault are indexed: the changes this feed reports are about them. */
  VaultLayout layout();

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
}
