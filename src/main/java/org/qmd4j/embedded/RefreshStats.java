package org.qmd4j.embedded;

/** What one refresh of the embedded index did. Mutable while the refresh runs only. */
public final class RefreshStats {
  static final RefreshStats NONE = new RefreshStats();

  int indexed;
  int removed;

  RefreshStats() {}

  /** Files read and (re)indexed because they were new or changed. */
  public int indexed() {
    return indexed;
  }

  /** Files removed from the index because they were deleted. */
  public int removed() {
    return removed;
  }

  @Override
  public String toString() {
    return indexed + " file(s) indexed, " + removed + " removed";
  }
}
