package org.qmd4j.search;

/**
 * A 1-based, inclusive range of lines in a vault file. Written {@code "9-14"}.
 *
 * @param from first line, at least 1
 * @param to last line, at least {@code from}
 */
public record LineRange(int from, int to) {
  public LineRange {
    if (from < 1 || to < from) {
      throw new InvalidLineRangeException(
          "Expected 1 <= from <= to but was from=" + from + ", to=" + to);
    }
  }

  /**
   * Parses {@code "9-14"} or a single line {@code "9"}.
   *
   * @throws InvalidLineRangeException if the text is not of that form
   */
  public static LineRange parse(String text) {
    String t = text.strip();
    int dash = t.indexOf('-');
    try {
      if (dash < 0) {
        int line = Integer.parseInt(t);
        return new LineRange(line, line);
      }
      return new LineRange(
          Integer.parseInt(t.substring(0, dash)), Integer.parseInt(t.substring(dash + 1)));
    } catch (NumberFormatException e) {
      throw new InvalidLineRangeException(
          "Expected a line range such as 9-14 but was '" + text + "'");
    }
  }

  /** Whether {@code line} lies inside this range. */
  public boolean contains(int line) {
    return line >= from && line <= to;
  }

  /** Number of lines in the range. */
  public int length() {
    return to - from + 1;
  }

  @Override
  public String toString() {
    return from + "-" + to;
  }
}
