package org.qmd4j.internal;

/** The feed of short-lived processes: everything, at every call. */
enum WalkEveryTime implements ChangeFeed {
  INSTANCE;

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
