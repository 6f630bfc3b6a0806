package org.qmd4j.watch;

import org.qmd4j.vault.VaultLayout;

/** The feed of short-lived processes: everything, at every call. */
record WalkEveryTime(VaultLayout layout) implements VaultFeed {
  static final WalkEveryTime PROJECTS = new WalkEveryTime(VaultLayout.PROJECTS);

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
}
