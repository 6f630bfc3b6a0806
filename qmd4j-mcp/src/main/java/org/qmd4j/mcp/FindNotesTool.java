package org.qmd4j.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.qmd4j.Searcher;
import org.qmd4j.catalogue.Operations;
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
          FindResult result = Operations.FIND.run(searcher, request.arguments());
          return CallToolResult.builder().structuredContent(result.toWire())
              .addTextContent(ToolSupport.json(result.toWire())).build();
        }))
        .build();
  }
}
