package org.qmd4j.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.qmd4j.notes.BucketQuery;
import org.qmd4j.notes.ChangelogQuery;
import org.qmd4j.notes.DescriptionQuery;
import org.qmd4j.notes.StateQuery;
import org.qmd4j.notes.TaskQuery;
import org.qmd4j.search.Mode;
import org.qmd4j.search.SearchRequest;

/**
 * The arguments of the typed tools ({@code tasks}, {@code changelog}, {@code states},
 * {@code descriptions}, {@code buckets}) read into the typed queries of the library. The
 * names are the queries' components in snake case; dates use the library's parameter names
 * ({@code date_from}, {@code deadline_before}), so that its date errors name them as the
 * caller spelled them. An argument the tool does not know is refused ({@link ArgumentNames}).
 */
final class TypedArguments {
  private TypedArguments() {}

  static TaskQuery tasks(Map<String, Object> args) {
    ArgumentNames.check("tasks", args);
    return TaskQuery.newBuilder().query(query(args))
        .project(ToolSupport.string(args, "project"))
        .status(ToolSupport.string(args, "status"))
        .priority(ToolSupport.string(args, "priority"))
        .deadlineBefore(ToolSupport.string(args, "deadline_before"))
        .deadlineAfter(ToolSupport.string(args, "deadline_after"))
        .limit(limit(args)).mode(mode(args)).build();
  }

  static ChangelogQuery changelog(Map<String, Object> args) {
    ArgumentNames.check("changelog", args);
    return ChangelogQuery.newBuilder().query(query(args))
        .project(ToolSupport.string(args, "project"))
        .tag(ToolSupport.string(args, "tag"))
        .from(ToolSupport.string(args, "date_from"))
        .to(ToolSupport.string(args, "date_to"))
        .limit(limit(args)).mode(mode(args)).build();
  }

  static StateQuery states(Map<String, Object> args) {
    ArgumentNames.check("states", args);
    return StateQuery.newBuilder().query(query(args))
        .project(ToolSupport.string(args, "project"))
        .from(ToolSupport.string(args, "date_from"))
        .to(ToolSupport.string(args, "date_to"))
        .limit(limit(args)).mode(mode(args)).build();
  }

  static DescriptionQuery descriptions(Map<String, Object> args) {
    ArgumentNames.check("descriptions", args);
    return DescriptionQuery.newBuilder().query(query(args))
        .project(ToolSupport.string(args, "project"))
        .limit(limit(args)).mode(mode(args)).build();
  }

  static BucketQuery buckets(Map<String, Object> args) {
    ArgumentNames.check("buckets", args);
    return BucketQuery.newBuilder().query(query(args))
        .project(ToolSupport.string(args, "project"))
        .type(ToolSupport.string(args, "type"))
        .tags(tags(args).toArray(new String[0]))
        .from(ToolSupport.string(args, "date_from"))
        .to(ToolSupport.string(args, "date_to"))
        .limit(limit(args)).mode(mode(args)).build();
  }

  /** The query, {@code "*"} (every note, newest first) when absent. */
  private static String query(Map<String, Object> args) {
    String query = ToolSupport.query(args);
    return query == null ? SearchRequest.WILDCARD : query;
  }

  private static int limit(Map<String, Object> args) {
    return ToolSupport.integer(args, "limit", SearchRequest.DEFAULT_LIMIT, 1, Integer.MAX_VALUE);
  }

  private static Mode mode(Map<String, Object> args) {
    String mode = ToolSupport.string(args, "mode");
    return mode == null ? Mode.FAST : Mode.parse(mode);
  }

  /** {@code tags}: a list of strings, or one string of comma-separated tags. */
  private static List<String> tags(Map<String, Object> args) {
    Object raw = args == null ? null : args.get("tags");
    List<String> out = new ArrayList<>();
    if (raw == null) return out;
    if (raw instanceof String) {
      for (String t : ((String) raw).split(",")) {
        if (!t.isBlank()) out.add(t.strip());
      }
      return out;
    }
    if (!(raw instanceof List)) {
      throw new IllegalArgumentException("Argument 'tags' must be a list of strings such as "
          + "[\"dupont\", \"facturation\"] but was " + raw);
    }
    for (Object o : (List<?>) raw) {
      if (!(o instanceof String)) {
        throw new IllegalArgumentException("Argument 'tags' must hold strings but held " + o);
      }
      out.add((String) o);
    }
    return out;
  }
}
