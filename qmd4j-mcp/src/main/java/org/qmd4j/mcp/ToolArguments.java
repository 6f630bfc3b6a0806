package org.qmd4j.mcp;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.qmd4j.catalogue.Arguments;
import org.qmd4j.catalogue.Operations;
import org.qmd4j.concat.ConcatItem;
import org.qmd4j.find.FindRequest;
import org.qmd4j.notes.NoteQuery;
import org.qmd4j.notes.BucketItem;
import org.qmd4j.notes.ChangelogEntry;
import org.qmd4j.notes.Description;
import org.qmd4j.notes.ProjectState;
import org.qmd4j.notes.Task;

/**
 * The arguments of the MCP tools, read into library requests with the tools' names and rules
 * (integers in range, never wrapped; lists and objects checked). Each method is a shortcut
 * for the catalogue's operation of the tool ({@link Operations}), which the MCP tools and the
 * web interface's JSON API use directly, so one argument means the same thing to every client.
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
    return Operations.CONCAT.decode(args).toItems();
  }

  /**
   * The arguments of the {@code find_notes} tool as a request.
   *
   * @param args the tool's arguments (may be {@code null}: then none is given)
   * @return the request
   * @throws IllegalArgumentException if an argument is unknown or has the wrong type or range
   */
  public static FindRequest findRequest(Map<String, Object> args) {
    return Operations.FIND.decode(args).toRequest();
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
  public static NoteQuery<Task> taskQuery(Map<String, Object> args) {
    return Operations.TASKS.decode(args).toQuery();
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
  public static NoteQuery<ChangelogEntry> changelogQuery(Map<String, Object> args) {
    return Operations.CHANGELOG.decode(args).toQuery();
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
  public static NoteQuery<ProjectState> stateQuery(Map<String, Object> args) {
    return Operations.STATES.decode(args).toQuery();
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
  public static NoteQuery<Description> descriptionQuery(Map<String, Object> args) {
    return Operations.DESCRIPTIONS.decode(args).toQuery();
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
  public static NoteQuery<BucketItem> bucketQuery(Map<String, Object> args) {
    return Operations.BUCKETS.decode(args).toQuery();
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
    Operations.named(tool).orElseThrow(() -> new IllegalArgumentException("No tool " + tool))
        .requireKnownParameters(names, where);
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
    return Arguments.string(args, name);
  }
}
