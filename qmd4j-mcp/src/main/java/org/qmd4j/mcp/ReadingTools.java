package org.qmd4j.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmd4j.Searcher;
import org.qmd4j.concat.Block;
import org.qmd4j.concat.Brief;
import org.qmd4j.concat.ConcatDocument;
import org.qmd4j.concat.ConcatItem;
import org.qmd4j.concat.VaultTree;
import org.qmd4j.search.SearchRequest;

/** The reading tools: {@code read}, {@code tree}, {@code concat} and {@code brief}. */
final class ReadingTools {
  private ReadingTools() {}

  static SyncToolSpecification read(Searcher searcher) {
    return SyncToolSpecification.builder()
        .tool(ToolSupport.tool("read", "Read one vault file, whole or a line range, as markdown "
            + "headed by its path. Use the path and lines of a search result."))
        .callHandler((exchange, request) -> ToolSupport.call("read", () -> {
          Map<String, Object> args = request.arguments();
          String path = required(args, "path");
          Integer from = optionalInt(args, "from");
          Integer to = optionalInt(args, "to");
          String spec = from == null ? path : path + ":" + from + "-" + (to == null ? from : to);
          Block block = searcher.read(spec);
          Map<String, Object> structured = new LinkedHashMap<>();
          structured.put("path", block.path());
          block.lines().ifPresent(l -> structured.put("lines", l.toString()));
          structured.put("text", block.text());
          return CallToolResult.builder().structuredContent(structured)
              .addTextContent(block.markdown()).build();
        }))
        .build();
  }

  static SyncToolSpecification tree(Searcher searcher) {
    return SyncToolSpecification.builder()
        .tool(ToolSupport.tool("tree", "List the vault's folders and files; indexed files are "
            + "marked with their kind (changelog, tasks, state, description, bucket)."))
        .callHandler((exchange, request) -> ToolSupport.call("tree", () -> {
          VaultTree tree = searcher.tree();
          return CallToolResult.builder().structuredContent(Map.of("entries", tree.toWire()))
              .addTextContent(tree.render()).build();
        }))
        .build();
  }

  static SyncToolSpecification concat(Searcher searcher) {
    return SyncToolSpecification.builder()
        .tool(ToolSupport.tool("concat", "Assemble several vault files or line ranges into one "
            + "markdown document, each block headed by its path, after an optional overview."))
        .callHandler((exchange, request) -> ToolSupport.call("concat", () -> {
          Map<String, Object> args = request.arguments();
          Object raw = args == null ? null : args.get("items");
          if (!(raw instanceof List) || ((List<?>) raw).isEmpty()) {
            throw new IllegalArgumentException("Argument 'items' must be a non-empty list of "
                + "paths ('projects/x/state.md', 'projects/x/changelog.md:10-20') or "
                + "{path, from, to} objects");
          }
          List<ConcatItem> items = new ArrayList<>();
          for (Object item : (List<?>) raw) items.add(item(item));
          String overview = ToolSupport.string(args, "overview");
          ConcatDocument doc = searcher.concat(items, overview == null ? "" : overview);
          return CallToolResult.builder().addTextContent(doc.markdown()).build();
        }))
        .build();
  }

  static SyncToolSpecification brief(Searcher searcher) {
    return SyncToolSpecification.builder()
        .tool(ToolSupport.tool("brief", "Answer-ready reading: search the vault for a question "
            + "and return an overview (what was found, where) followed by the relevant files "
            + "and line ranges as one markdown document."))
        .callHandler((exchange, request) -> ToolSupport.call("brief", () -> {
          Brief brief = searcher.brief(SearchTool.request(request.arguments()));
          return CallToolResult.builder().addTextContent(brief.markdown()).build();
        }))
        .build();
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

  private static String required(Map<String, Object> args, String name) {
    String v = ToolSupport.string(args, name);
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException("Argument '" + name + "' is required");
    }
    return v;
  }

  private static Integer optionalInt(Map<String, Object> args, String name) {
    if (args == null || args.get(name) == null) return null;
    return ToolSupport.integer(args, name, 0, 1, Integer.MAX_VALUE);
  }
}
