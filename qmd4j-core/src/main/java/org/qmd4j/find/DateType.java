package org.qmd4j.find;

import java.util.Locale;
import org.qmd4j.internal.WireNames;
import org.qmd4j.search.InvalidFindException;

/**
 * Which date of a file {@code date_start}, {@code date_end} and the date sorts use.
 *
 * <table>
 *   <caption>File dates</caption>
 *   <tr><th>date type</th><th>from</th><th>else</th></tr>
 *   <tr><td>{@code modified}</td><td>frontmatter {@code updated}</td>
 *       <td>the file's last-modified time</td></tr>
 *   <tr><td>{@code created}</td><td>frontmatter {@code created}</td>
 *       <td>the file's creation time, as the file system reports it (many Linux file
 *       systems report the last-modified time instead)</td></tr>
 * </table>
 *
 * <p>A frontmatter value counts when it is an ISO date, quoted or not, optionally with a
 * time; anything else ({@code soon}) falls back to the file's time. File times are read as
 * dates in the searcher's clock zone. Every file therefore has both dates, unlike
 * {@code search}, where changelog chunks are dated by their H1 day and a file without
 * {@code updated} has no date.
 *
 * @since 0.2
 */
public enum DateType {
  MODIFIED("updated"),
  CREATED("created");

  private final String frontmatterKey;

  DateType(String frontmatterKey) {
    this.frontmatterKey = frontmatterKey;
  }

  /** The frontmatter key read first: {@code updated} or {@code created}. */
  public String frontmatterKey() {
    return frontmatterKey;
  }

  /** The name used on the command line and in JSON. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code modified} or {@code created}, ignoring case and blanks.
   *
   * @throws InvalidFindException naming the bad value and the valid ones
   */
  public static DateType parse(String value) {
    return WireNames.parse(value, "dateType", values(), DateType::wireName,
        v -> new InvalidFindException(
            "Unknown date type '" + v + "'; valid date types are: modified, created"));
  }
}
