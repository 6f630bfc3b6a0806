package org.qmd4j.find;

import java.util.Locale;
import org.qmd4j.internal.WireNames;
import org.qmd4j.search.InvalidFindException;

/**
 * The order of {@code find_notes} results.
 *
 * <table>
 *   <caption>Sorts</caption>
 *   <tr><th>sort</th><th>order</th></tr>
 *   <tr><td>{@code relevance}</td><td>best score first; needs a query (the default when
 *       there is one)</td></tr>
 *   <tr><td>{@code modified}</td><td>newest {@link DateType#MODIFIED modified} date first
 *       (the default without a query)</td></tr>
 *   <tr><td>{@code created}</td><td>newest {@link DateType#CREATED created} date first</td></tr>
 *   <tr><td>{@code name}</td><td>file name, A to Z, ignoring case and accents; then path</td></tr>
 * </table>
 *
 * <p>Ties keep relevance order with a query, path order without.
 *
 * @since 0.2
 */
public enum FindSort {
  RELEVANCE,
  MODIFIED,
  CREATED,
  NAME;

  /** The name used on the command line and in JSON. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a sort name from the table above, ignoring case and blanks.
   *
   * @throws InvalidFindException naming the bad value and the valid ones
   */
  public static FindSort parse(String value) {
    return WireNames.parse(value, "sort", values(), FindSort::wireName,
        v -> new InvalidFindException(
            "Unknown sort '" + v + "'; valid sorts are: relevance, modified, created, name"));
  }
}
