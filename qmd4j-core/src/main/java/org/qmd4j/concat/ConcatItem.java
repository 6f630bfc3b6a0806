package org.qmd4j.concat;

import java.util.Objects;
import org.qmd4j.search.InvalidLineRangeException;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.PathRefusedException;

/**
 * One piece of a concatenation: a whole vault file, or a 1-based inclusive range of its
 * lines. Paths are vault-relative with {@code /} separators; whether they may be read is
 * decided when they are read, by {@link ConcatEngine}.
 *
 * <table>
 *   <caption>Written forms, as {@link #parse} reads them</caption>
 *   <tr><th>form</th><th>item</th></tr>
 *   <tr><td>{@code projects/startup-x/state.md}</td><td>the whole file</td></tr>
 *   <tr><td>{@code projects/startup-x/changelog.md:21-35}</td><td>lines 21 to 35</td></tr>
 *   <tr><td>{@code projects/startup-x/changelog.md:21}</td><td>line 21 only</td></tr>
 * </table>
 *
 * @since 0.1
 */
public sealed interface ConcatItem permits ConcatItem.WholeFile, ConcatItem.LineSpan {

  /** The vault-relative path as given. */
  String path();

  /**
   * Parses {@code PATH}, {@code PATH:FROM-TO} or {@code PATH:LINE}.
   *
   * @throws PathRefusedException if the path is empty
   * @throws InvalidLineRangeException if the range after the colon is malformed
   */
  static ConcatItem parse(String spec) {
    return ItemSpecs.parse(spec);
  }

  /** The whole file at {@code path}. */
  static WholeFile whole(String path) {
    return new WholeFile(path);
  }

  /** Lines {@code from} to {@code to} (1-based, inclusive) of the file at {@code path}. */
  static LineSpan lines(String path, int from, int to) {
    return new LineSpan(path, from, to);
  }

  /**
   * A whole vault file.
   *
   * @param path vault-relative path, not blank
   */
  record WholeFile(String path) implements ConcatItem {
    public WholeFile {
      checkPath(path);
    }

    @Override
    public String toString() {
      return path;
    }
  }

  /**
   * A 1-based inclusive range of lines of a vault file. {@code to} may lie past the end of
   * the file: the range is then clamped when read.
   *
   * @param path vault-relative path, not blank
   * @param from first line, at least 1
   * @param to last line, at least {@code from}
   */
  record LineSpan(String path, int from, int to) implements ConcatItem {
    public LineSpan {
      checkPath(path);
      if (from < 1 || to < from) {
        throw new InvalidLineRangeException("Invalid line range " + from + "-" + to + " for '"
            + path + "'; expected 1 <= from <= to, such as 21-35");
      }
    }

    /** The range as a {@link LineRange}. */
    public LineRange lines() {
      return new LineRange(from, to);
    }

    @Override
    public String toString() {
      return path + ":" + from + "-" + to;
    }
  }

  private static void checkPath(String path) {
    Objects.requireNonNull(path, "path == null");
    if (path.isBlank()) {
      throw new PathRefusedException(path, "The path is empty; give a vault-relative path "
          + "with / separators, such as projects/startup-x/state.md");
    }
  }
}
