package org.qmd4j.embedded;

/** What one refresh of the embedded index did. Mutable while the refresh runs only. */
public final class RefreshStats {
  static final RefreshStats NONE = new RefreshStats();

  int read;
  int indexed;
  int removed;

  RefreshStats() {}

  /** Files read from disk: new, changed, or with a new time (then hashed, maybe unchanged). */
  public int read() {
    return read;
  }

  /** Files (re)indexed because they were new or their bytes changed. */
  public int indexed() {
    return indexed;
  }

  /** Files removed from the index because they were deleted. */
  public int removed() {
    return removed;
  }

  @Override
  public String toString() {
    return read + " file(s) read, " + indexed + " indexed, " + removed + " removed";
  }
}
