package org.qmd4j.mcp;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.qmd4j.concat.ConcatItem;
import org.qmd4j.find.FindRequest;
import org.qmd4j.notes.BucketQuery;
import org.qmd4j.notes.ChangelogQuery;
import org.qmd4j.notes.DescriptionQuery;
import org.qmd4j.notes.StateQuery;
import org.qmd4j.notes.TaskQuery;

/**
 * The arguments of the MCP tools, read into library requests with the tools' names and rules
 * (integers in range, never wrapped; lists and objects checked). The web interface's JSON API
 * reads its bodies with the same rules, so one argument means the same thing to every client.
 *
 * <p>A bad argument throws {@link IllegalArgumentException} with a message naming the
 * argument and what is valid; the library's own checks throw its
 * {@code InvalidRequestException} family.
 *
 * @since 0.2
 */
public final class ToolArguments {
  private ToolArguments() {}

  /**
   * The {@code items} of the {@code concat} tool: paths ({@code "a.md"}, {@code "a.md:10-20"})
   * or {@code {path, from, to}} objects.
   *
   * @param args the tool's arguments (may be {@code null}: then {@code items} is missing)
   * @return the items, in order
   * @throws IllegalArgumentException if {@code items} is missing, empty or malformed, or an
   *     argument is not one of {@code items} and {@code overview}
   */
  public static List<ConcatItem> concatItems(Map<String, Object> args) {
    ArgumentNames.check("concat", args);
    Object raw = args == null ? null : args.get("items");
    if (!(raw instanceof List) || ((List<?>) raw).isEmpty()) {
      throw new IllegalArgumentException("Argument 'items' must be a non-empty list of "
          + "paths ('projects/x/state.md', 'projects/x/changelog.md:10-20') or "
          + "{path, from, to} objects");
    }
    List<ConcatItem> items = new ArrayList<>();
    for (Object item : (List<?>) raw) items.add(item(item));
    return items;
  }

  /**
   * The arguments of the {@code find_notes} tool as a request.
   *
   * @param args the tool's arguments (may be {@code null}: then none is given)
   * @return the request
   * @throws IllegalArgumentException if an argument is unknown or has the wrong type or range
   */
  public static FindRequest findRequest(Map<String, Object> args) {
    return FindNotesTool.request(args);
  }

  /**
   * The arguments of the {@code tasks} tool as a query: {@code query} ({@code "*"} when
   * absent), {@code project}, {@code status}, {@code priority}, {@code deadline_before},
   * {@code deadline_after}, {@code limit}, {@code mode}.
   *
   * @param args the tool's arguments (may be {@code null}: then none is given)
   * @return the query
   * @throws IllegalArgumentException if an argument is unknown or has the wrong type or range
   * @since 0.3
   */
  public static TaskQuery taskQuery(Map<String, Object> args) {
    return TypedArguments.tasks(args);
  }

  /**
   * The arguments of the {@code changelog} tool as a query: {@code query}, {@code project},
   * {@code tag}, {@code date_from}, {@code date_to}, {@code limit}, {@code mode}.
   *
   * @param args the tool's arguments (may be {@code null})
   * @return the query
   * @throws IllegalArgumentException if an argument is unknown or has the wrong type or range
   * @since 0.3
   */
  public static ChangelogQuery changelogQuery(Map<String, Object> args) {
    return TypedArguments.changelog(args);
  }

  /**
   * The arguments of the {@code states} tool as a query: {@code query}, {@code project},
   * {@code date_from}, {@code date_to}, {@code limit}, {@code mode}.
   *
   * @param args the tool's arguments (may be {@code null})
   * @return the query
   * @throws IllegalArgumentException if an argument is unknown or has the wrong type or range
   * @since 0.3
   */
  public static StateQuery stateQuery(Map<String, Object> args) {
    return TypedArguments.states(args);
  }

  /**
   * The arguments of the {@code descriptions} tool as a query: {@code query},
   * {@code project}, {@code limit}, {@code mode}.
   *
   * @param args the tool's arguments (may be {@code null})
   * @return the query
   * @throws IllegalArgumentException if an argument is unknown or has the wrong type or range
   * @since 0.3
   */
  public static DescriptionQuery descriptionQuery(Map<String, Object> args) {
    return TypedArguments.descriptions(args);
  }

  /**
   * The arguments of the {@code buckets} tool as a query: {@code query}, {@code project},
   * {@code type}, {@code tags} (a list, or one comma-separated string), {@code date_from},
   * {@code date_to}, {@code limit}, {@code mode}.
   *
   * @param args the tool's arguments (may be {@code null})
   * @return the query
   * @throws IllegalArgumentException if an argument is unknown or has the wrong type or range
   * @since 0.3
   */
  public static BucketQuery bucketQuery(Map<String, Object> args) {
    return TypedArguments.buckets(args);
  }

  /**
   * Refuses a name that the tool {@code tool} does not take as an argument, as the web API
   * does for its query parameters: the message says "Unknown parameter 'q' for /api/search;
   * did you mean 'query'?" and lists the valid names.
   *
   * @param tool the tool whose arguments the names are ({@code search}, {@code tasks} ...)
   * @param names the names given
   * @param where how the message names the place, e.g. {@code /api/search}
   * @throws IllegalArgumentException naming the first unknown name, the nearest valid one and
   *     the valid ones
   * @since 0.5
   */
  public static void requireKnownParameters(String tool, Collection<String> names,
      String where) {
    Objects.requireNonNull(tool, "tool == null");
    Objects.requireNonNull(names, "names == null");
    Objects.requireNonNull(where, "where == null");
    ArgumentNames.check(tool, names, "parameter", where);
  }

  /**
   * An optional string argument.
   *
   * @param args the arguments (may be {@code null})
   * @param name the argument's name
   * @return its value, or {@code null} when absent
   * @throws IllegalArgumentException if it is not a string
   */
  public static String string(Map<String, Object> args, String name) {
    Objects.requireNonNull(name, "name == null");
    return ToolSupport.string(args, name);
  }

  private static ConcatItem item(Object item) {
    if (item instanceof String) return ConcatItem.parse((String) item);
    if (item instanceof Map) {
      @SuppressWarnings("unchecked")
      Map<String, Object> m = (Map<String, Object>) item;
      String path = required(m, "path");
      Integer from = optionalInt(m, "from");
      Integer to = optionalInt(m, "to");
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

  static String required(Map<String, Object> args, String name) {
    String v = ToolSupport.string(args, name);
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException("Argument '" + name + "' is required");
    }
    return v;
  }

  static Integer optionalInt(Map<String, Object> args, String name) {
    if (args == null || args.get(name) == null) return null;
    return ToolSupport.integer(args, name, 0, 1, Integer.MAX_VALUE);
  }
}
