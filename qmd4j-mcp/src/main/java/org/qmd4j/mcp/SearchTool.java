package org.qmd4j.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.qmd4j.Searcher;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResponse;

/** The {@code search} tool: ranked chunks as the seed array, structured and as text. */
final class SearchTool {
  private SearchTool() {}

  static SyncToolSpecification spec(Searcher searcher) {
    return SyncToolSpecification.builder()
        .tool(ToolSupport.tool("search", "Search the vault's notes (changelogs, tasks, states, "
            + "descriptions, buckets). Returns the best chunks with their file path, text, "
            + "score in [0,1], 1-based line range, the lines holding the query's words "
            + "(matches: line and [start, end) character ranges) and, for changelog entries, "
            + "the day. A misspelled word is searched as the vault's nearest word: those "
            + "results have matchType 'fuzzy' and 'corrected'. Start here; then read or concat "
            + "the paths."))
        .callHandler((exchange, request) -> ToolSupport.call("search", () -> {
          return result(searcher.answer(request(request.arguments())));
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

  /**
   * The rows as JSON text (the seed array) and as structured content {@code {results,
   * corrected, suggestions}}; a correction or suggestions are also said in a second text.
   */
  static CallToolResult result(SearchResponse response) {
    Map<String, Object> wire = response.toWire();
    Object rows = wire.get("results");
    String text;
    try {
      text = Qmd4jMcpServer.JSON.writeValueAsString(rows);
    } catch (IOException e) {
      throw new UncheckedIOException("JSON of plain maps cannot fail", e);
    }
    CallToolResult.Builder result = CallToolResult.builder()
        .structuredContent(wire)
        .addTextContent(text);
    String notice = (response.correctionNotice() + " " + response.suggestionNotice()).strip();
    if (!notice.isEmpty()) result.addTextContent(notice);
    return result.build();
  }
}
