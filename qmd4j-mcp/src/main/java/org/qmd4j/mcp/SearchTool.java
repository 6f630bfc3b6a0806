package org.qmd4j.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.qmd4j.Searcher;
import org.qmd4j.catalogue.Operations;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.Layout;
import org.qmd4j.search.NothingIndexed;
import org.qmd4j.search.SearchResponse;

/** The {@code search} tool: ranked chunks as the seed array, structured and as text. */
final class SearchTool {
  private SearchTool() {}

  /**
   * The arguments whose descriptions differ in the notes layout, where only the whole vault
   * and folders are scopes and notes are dated by their frontmatter or file time.
   */
  static final Map<String, String> NOTES_ARGUMENTS = Map.of(
      "scope", "Part of the vault to search. Omit for the whole vault. 'folder:<path>' = every"
          + " note below that vault-relative folder, at any depth (e.g. folder:clients).",
      "date_from", "Inclusive lower date: " + DateSpec.ACCEPTED_FORMS + ". A note is dated by"
          + " its frontmatter 'updated', 'date' or 'created', else by its file's time.");

  static SyncToolSpecification spec(Searcher searcher) {
    boolean notes = searcher.describe().layout() == Layout.NOTES;
    return SyncToolSpecification.builder()
        .tool(notes ? ToolSupport.tool("search", "Search the vault's notes (every .md file:"
            + " its text and headings, #tags and frontmatter tags, [[links]] by their target"
            + " and alias), in the whole vault or one folder. Returns the best chunks with"
            + " their file path, text, score in [0,1], 1-based line range and the lines"
            + " holding the query's words (matches: line and [start, end) character ranges)."
            + " A misspelled word is searched as the vault's nearest word: those results have"
            + " matchType 'fuzzy' and 'corrected'. Start here; then read or concat the paths.",
            NOTES_ARGUMENTS)
            : ToolSupport.tool("search", "Search the vault's notes (changelogs, tasks, states, "
            + "descriptions, buckets). Returns the best chunks with their file path, text, "
            + "score in [0,1], 1-based line range, the lines holding the query's words "
            + "(matches: line and [start, end) character ranges) and, for changelog entries, "
            + "the day. A misspelled word is searched as the vault's nearest word: those "
            + "results have matchType 'fuzzy' and 'corrected'. Start here; then read or concat "
            + "the paths."))
        .callHandler((exchange, request) -> ToolSupport.call("search", () -> {
          SearchResponse response = Operations.SEARCH.run(searcher, request.arguments());
          return result(response, whyEmpty(searcher, response.results().isEmpty()));
        }))
        .build();
  }

  /**
   * The rows as JSON text (the seed array) and as structured content {@code {results,
   * corrected, suggestions, total, totalExact}}; a correction, suggestions, or how many
   * results the limit left out are also said in a second text.
   */
  static CallToolResult result(SearchResponse response) {
    return result(response, Optional.empty());
  }

  /** Why nothing could match, when {@code empty} and the vault has no indexed file. */
  static Optional<NothingIndexed> whyEmpty(Searcher searcher, boolean empty) {
    return empty ? searcher.nothingIndexed() : Optional.empty();
  }

  /**
   * {@link #result(SearchResponse)}; when nothing is indexed, the structured content carries
   * {@code nothingIndexed} and a second text says it, instead of a bare empty list.
   */
  static CallToolResult result(SearchResponse response, Optional<NothingIndexed> nothing) {
    Map<String, Object> wire = new LinkedHashMap<>(response.toWire());
    nothing.ifPresent(n -> wire.put("nothingIndexed", n.message()));
    Object rows = wire.get("results");
    CallToolResult.Builder result = CallToolResult.builder()
        .structuredContent(wire)
        .addTextContent(ToolSupport.json(rows));
    String count = response.countNotice().isEmpty() ? ""
        : response.countNotice() + "; raise limit to see more.";
    String notice = (response.correctionNotice() + " " + response.alsoSearchedNotice() + " "
        + response.suggestionNotice() + " "
        + nothing.map(NothingIndexed::message).orElse("") + " " + count).strip();
    if (!notice.isEmpty()) result.addTextContent(notice);
    return result.build();
  }
}
