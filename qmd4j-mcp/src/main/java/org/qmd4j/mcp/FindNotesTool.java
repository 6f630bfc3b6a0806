package org.qmd4j.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.qmd4j.Searcher;
import org.qmd4j.find.Condition;
import org.qmd4j.find.FindRequest;
import org.qmd4j.find.FindResult;

/** The {@code find_notes} tool: discovery by text, folder, frontmatter and dates. */
final class FindNotesTool {
  private FindNotesTool() {}

  static SyncToolSpecification spec(Searcher searcher) {
    return SyncToolSpecification.builder()
        .tool(ToolSupport.tool("find_notes", "Discover notes by any mix of text, folder, "
            + "frontmatter conditions and dates, sorted and paginated. With a query, returns "
            + "matching chunks of the notes that pass the filters; without, the notes' paths "
            + "(and requested fields). Returns {success, results, total, notes}."))
        .callHandler((exchange, request) -> ToolSupport.call("find_notes", () -> {
          FindResult result = searcher.find(request(request.arguments()));
          return CallToolResult.builder().structuredContent(result.toWire())
              .addTextContent(ToolSupport.json(result.toWire())).build();
        }))
        .build();
  }

  static FindRequest request(Map<String, Object> args) {
    ArgumentNames.check("find_notes", args);
    FindRequest.Builder b = FindRequest.newBuilder();
    String query = ToolSupport.query(args);
    if (query != null) b.query(query);
    String mode = ToolSupport.string(args, "mode");
    if (mode != null) b.mode(mode);
    String folder = ToolSupport.string(args, "folder");
    if (folder != null) b.folder(folder);
    Object recursive = args == null ? null : args.get("recursive");
    if (recursive != null) {
      if (!(recursive instanceof Boolean)) {
        throw new IllegalArgumentException("Argument 'recursive' must be true or false but was "
            + recursive);
      }
      b.recursive((Boolean) recursive);
    }
    for (Condition c : conditions(args == null ? null : args.get("frontmatter"))) b.where(c);
    String dateStart = ToolSupport.string(args, "date_start");
    if (dateStart != null) b.dateStart(dateStart);
    String dateEnd = ToolSupport.string(args, "date_end");
    if (dateEnd != null) b.dateEnd(dateEnd);
    String dateType = ToolSupport.string(args, "date_type");
    if (dateType != null) b.dateType(dateType);
    String sort = ToolSupport.string(args, "sort");
    if (sort != null) b.sort(sort);
    Object fields = args == null ? null : args.get("include_fields");
    if (fields != null) b.includeFields(strings(fields, "include_fields"));
    b.limit(ToolSupport.integer(args, "n_results", FindRequest.DEFAULT_LIMIT, 1,
        Integer.MAX_VALUE));
    b.offset(ToolSupport.integer(args, "offset", 0, 0, Integer.MAX_VALUE));
    return b.build();
  }

  private static List<Condition> conditions(Object raw) {
    List<Condition> out = new ArrayList<>();
    if (raw == null) return out;
    if (!(raw instanceof List)) {
      throw new IllegalArgumentException("Argument 'frontmatter' must be a list of conditions "
          + "such as \"status eq en-cours\" or {field, op, value}");
    }
    for (Object item : (List<?>) raw) {
      if (item instanceof String) {
        out.add(Condition.parse((String) item));
      } else if (item instanceof Map) {
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) item;
        String field = ToolSupport.string(m, "field");
        String op = ToolSupport.string(m, "op");
        if (field == null || op == null) {
          throw new IllegalArgumentException("A frontmatter condition needs 'field' and 'op'"
              + " (and 'value' except for exists/missing): " + item);
        }
        Object value = m.get("value");
        out.add(Condition.parse(field + " " + op
            + (value == null ? "" : " " + (value instanceof List
                ? String.join(",", strings(value, "value")) : value))));
      } else {
        throw new IllegalArgumentException("A frontmatter condition must be a string or an "
            + "object but was " + item);
      }
    }
    return out;
  }

  private static List<String> strings(Object raw, String name) {
    if (!(raw instanceof List)) {
      throw new IllegalArgumentException("Argument '" + name + "' must be a list of strings");
    }
    List<String> out = new ArrayList<>();
    for (Object o : (List<?>) raw) out.add(String.valueOf(o));
    return out;
  }
}
