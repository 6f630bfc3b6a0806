package org.qmd4j.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmd4j.Searcher;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/** The {@code search} tool: ranked chunks as the seed array, structured and as text. */
final class SearchTool {
  private SearchTool() {}

  static SyncToolSpecification spec(Searcher searcher) {
    return SyncToolSpecification.builder()
        .tool(ToolSupport.tool("search", "Search the vault's notes (changelogs, tasks, states, "
            + "descriptions, buckets). Returns the best chunks with their file path, text, "
            + "score in [0,1] and 1-based line range. Start here; then read or concat the paths."))
        .callHandler((exchange, request) -> ToolSupport.call("search", () -> {
          return result(searcher.search(request(request.arguments())));
        }))
        .build();
  }

  /** The search request of the {@code search} and {@code brief} arguments. */
  static SearchRequest request(Map<String, Object> args) {
    String query = ToolSupport.query(args);
    return SearchRequest.parse(query == null ? "" : query,
        ToolSupport.string(args, "mode"), ToolSupport.string(args, "scope"),
        ToolSupport.string(args, "date_from"), ToolSupport.string(args, "date_to"))
        .withLimit(ToolSupport.integer(args, "limit", SearchRequest.DEFAULT_LIMIT, 1,
            Integer.MAX_VALUE));
  }

  static CallToolResult result(List<SearchResult> results) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (SearchResult r : results) rows.add(r.toWire());
    String text;
    try {
      text = Qmd4jMcpServer.JSON.writeValueAsString(rows);
    } catch (IOException e) {
      throw new UncheckedIOException("JSON of plain maps cannot fail", e);
    }
    return CallToolResult.builder()
        .structuredContent(Map.of("results", rows))
        .addTextContent(text)
        .build();
  }
}
