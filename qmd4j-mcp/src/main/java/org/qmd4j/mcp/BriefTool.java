package org.qmd4j.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.qmd4j.Searcher;
import org.qmd4j.catalogue.Operations;
import org.qmd4j.concat.Brief;
import org.qmd4j.search.Layout;
import org.qmd4j.concat.ConcatDocument;
import org.qmd4j.search.SearchResult;

/** The {@code brief} tool: a question turned into an answer-ready markdown document. */
final class BriefTool {
  private BriefTool() {}

  /** The argument descriptions of the notes layout, which has no states or changelogs. */
  private static final Map<String, String> NOTES_ARGUMENTS = notesArguments();

  private static Map<String, String> notesArguments() {
    Map<String, String> described = new LinkedHashMap<>(SearchTool.NOTES_ARGUMENTS);
    described.put("query", "The question or words to look for (same matching as search). The"
        + " brief searches, keeps whole short notes and line ranges around the hits of long"
        + " ones, and writes an overview.");
    return Map.copyOf(described);
  }

  /**
   * The tool; when the client can sample, its model writes the overview, waiting at most
   * {@code samplingTimeout} (see {@link SampledOverview}).
   */
  static SyncToolSpecification spec(Searcher searcher, Duration samplingTimeout) {
    return SyncToolSpecification.builder()
        .tool(ToolSupport.tool("brief", "Answer-ready reading: search the vault for a question "
            + "and return an overview (what was found, where) followed by the relevant files "
            + "and line ranges as one markdown document.",
            searcher.describe().layout() == Layout.NOTES ? NOTES_ARGUMENTS : Map.of()))
        .callHandler((exchange, request) -> ToolSupport.call("brief", () -> {
          Brief brief = Operations.BRIEF.run(searcher, request.arguments());
          SampledOverview overview = SampledOverview.of(exchange, brief, samplingTimeout);
          Map<String, Object> structured = new LinkedHashMap<>();
          structured.put("overview", overview.overview());
          structured.put("overviewSource", overview.sampled() ? "sampling" : "mechanical");
          overview.note().ifPresent(n -> structured.put("overviewNote", n));
          structured.put("results", brief.results().stream().map(SearchResult::toWire).toList());
          structured.put("blocks", ReadingTools.blocks(brief.blocks()));
          structured.put("corrected", brief.corrected());
          structured.put("suggestions", brief.suggestions());
          CallToolResult.Builder result = CallToolResult.builder()
              .addTextContent(overview.sampled()
                  ? new ConcatDocument(overview.overview(), brief.blocks()).markdown()
                  : brief.markdown());
          SearchTool.whyEmpty(searcher, brief.results().isEmpty()).ifPresent(why -> {
            structured.put("nothingIndexed", why.message());
            result.addTextContent(why.message());
          });
          return result.structuredContent(structured).build();
        }))
        .build();
  }
}
