package org.qmd4j.catalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.qmd4j.concat.ConcatItem;

/**
 * The arguments of {@code concat}: the items to assemble and an optional overview.
 *
 * @since 0.6
 */
public record ConcatArgs(
    @Param(value = "Files or line ranges to assemble, in order. Each item is a path "
        + "('projects/x/state.md'), a path with a range ('projects/x/changelog.md:10-25'), or "
        + "an object {path, from, to}. Overlapping or adjacent ranges of one file are merged; "
        + "ranges past the end are clamped.", required = true, minItems = 1,
        shape = ConcatArgs.Item[].class)
    Object items,
    @Param("Optional text written before the blocks (2 to 5 lines saying what the document "
        + "holds).")
    String overview) {

  /**
   * An item in object form, {@code {path, from, to}}; it may also be given as one string
   * ({@code "a.md"}, {@code "a.md:10-20"}).
   *
   * @param path the vault-relative path
   * @param from the first line (1-based), with {@code to}
   * @param to the last line (inclusive), with {@code from}
   */
  @OrString
  public record Item(
      @Param(required = true) String path,
      @Param(minimum = 1) Integer from,
      @Param(minimum = 1) Integer to) {}

  /**
   * The items, in order.
   *
   * @throws IllegalArgumentException if {@code items} is missing, empty or malformed
   */
  public List<ConcatItem> toItems() {
    if (!(items instanceof List) || ((List<?>) items).isEmpty()) {
      throw new IllegalArgumentException("Argument 'items' must be a non-empty list of "
          + "paths ('projects/x/state.md', 'projects/x/changelog.md:10-20') or "
          + "{path, from, to} objects");
    }
    List<ConcatItem> out = new ArrayList<>();
    for (Object item : (List<?>) items) out.add(item(item));
    return out;
  }

  /** The overview, empty when absent. */
  public String overviewText() {
    return overview == null ? "" : overview;
  }

  private static ConcatItem item(Object item) {
    if (item instanceof String) return ConcatItem.parse((String) item);
    if (item instanceof Map) {
      @SuppressWarnings("unchecked")
      Map<String, Object> m = (Map<String, Object>) item;
      String path = Arguments.string(m, "path");
      if (path == null || path.isBlank()) {
        throw new IllegalArgumentException("Argument 'path' is required");
      }
      Integer from = optionalLine(m, "from");
      Integer to = optionalLine(m, "to");
      if (from == null && to == null) return ConcatItem.whole(path);
      if (from == null || to == null) {
        throw new IllegalArgumentException("Item " + path + " needs both 'from' and 'to' "
            + "(1-based, inclusive), or neither for the whole file");
      }
      return ConcatItem.lines(path, from, to);
    }
    throw new IllegalArgumentException("Each item must be a path string or a {path, from, to} "
        + "object but was " + item);
  }

  private static Integer optionalLine(Map<String, Object> m, String name) {
    if (m.get(name) == null) return null;
    return Arguments.integer(m, name, 0, 1, Integer.MAX_VALUE);
  }
}
