package org.qmd4j.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.List;
import java.util.Map;
import org.qmd4j.Searcher;
import org.qmd4j.catalogue.Operation;
import org.qmd4j.catalogue.Operations;
import org.qmd4j.notes.Listing;
import org.qmd4j.notes.Note;

/**
 * The typed tools, one per kind of note of the typed facade: {@code tasks},
 * {@code changelog}, {@code states}, {@code descriptions} and {@code buckets}. Each takes the
 * filters of its Java query (its operation's request record, {@link Operations#listings()})
 * and returns its records in the one shape
 * of {@link Note#toWire()}: as a JSON array in the text, as {@code {results: [...], total,
 * totalExact}} ({@link Listing#toWire()}) in the structured content; when the limit left some
 * out, a second text says how many there are.
 */
final class TypedTools {
  private TypedTools() {}

  static List<SyncToolSpecification> specs(Searcher searcher) {
    return List.of(
        spec("List the tasks of the vault's tasks.md files (an H1 title with "
            + "status:, prio: and deadline: lines), filtered by status, priority, deadline "
            + "and project, optionally ranked by words. Ask it 'what is blocked?' with "
            + "status 'bloqué'. Returns {path, project, lines, title, status, priority, "
            + "deadline, text, score} per task; absent values are null.", searcher,
            Operations.TASKS),
        spec("List changelog entries (a '## [tag] title' under a '# YYYY-MM-DD' "
            + "day), filtered by tag, period and project, optionally ranked by words; newest "
            + "first without query. Returns {path, project, lines, date, tag, title, text, "
            + "score} per entry; absent values are null.", searcher,
            Operations.CHANGELOG),
        spec("List project states (projects/<name>/state.md) with their sections, "
            + "filtered by project and frontmatter 'updated' period. Returns {path, project, "
            + "lines, updated, sections, text, score}; absent values are null.", searcher,
            Operations.STATES),
        spec("List project descriptions (projects/<name>/description.md), "
            + "optionally for one project or ranked by words. Returns {path, project, lines, "
            + "updated, text, score}; absent values are null.", searcher,
            Operations.DESCRIPTIONS),
        spec("List bucket notes (bucket/** and projects/<name>/bucket/**) with "
            + "their frontmatter, filtered by type, tags (all of them), 'updated' period and "
            + "project. Returns {path, project, lines, type, created, updated, tags, "
            + "frontmatter, text, score}; absent values are null.", searcher,
            Operations.BUCKETS));
  }

  private static SyncToolSpecification spec(String description, Searcher searcher,
      Operation<?, ? extends Listing<?>> operation) {
    String name = operation.name();
    return SyncToolSpecification.builder()
        .tool(ToolSupport.tool(name, description))
        .callHandler((exchange, request) -> ToolSupport.call(name,
            () -> result(name, operation.run(searcher, request.arguments()))))
        .build();
  }

  /**
   * The rows as a JSON array (text) and as {@code {results, total, totalExact}} (structured
   * content); when the limit left some out, a second text says so: {@code 20 of 28 tasks;
   * raise limit to see more}.
   */
  static CallToolResult result(String tool, Listing<?> listed) {
    Map<String, Object> wire = listed.toWire();
    CallToolResult.Builder result = CallToolResult.builder().structuredContent(wire)
        .addTextContent(ToolSupport.json(wire.get("results")));
    if (listed.leftOut()) {
      result.addTextContent(listed.results().size() + " of " + listed.total() + " "
          + (tool.equals("changelog") ? "entries" : tool) + "; raise limit to see more");
    }
    return result.build();
  }
}
