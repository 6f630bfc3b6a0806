package org.qmd4j.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.qmd4j.EngineDescription;
import org.qmd4j.Searcher;
import org.qmd4j.catalogue.Operations;
import org.qmd4j.concat.Block;
import org.qmd4j.concat.ConcatDocument;
import org.qmd4j.concat.VaultTree;
import org.qmd4j.search.Layout;
import org.qmd4j.search.NothingIndexed;

/** The reading tools: {@code read}, {@code tree} and {@code concat}. */
final class ReadingTools {
  private ReadingTools() {}

  static SyncToolSpecification read(Searcher searcher) {
    return SyncToolSpecification.builder()
        .tool(ToolSupport.tool("read", "Read one vault file, whole or a line range, as markdown "
            + "headed by its path. Use the path and lines of a search result."))
        .callHandler((exchange, request) -> ToolSupport.call("read", () -> {
          Block block = Operations.READ.run(searcher, request.arguments());
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
        .tool(ToolSupport.tool("tree", searcher.describe().layout() == Layout.NOTES
            ? "List the vault's folders and files; indexed files (every .md note) are marked,"
                + " then the vault's layout."
            : "List the vault's folders and files; indexed files are "
            + "marked with their kind (changelog, tasks, state, description, bucket, note),"
            + " then the vault's layout (projects or notes)."))
        .callHandler((exchange, request) -> ToolSupport.call("tree", () -> {
          VaultTree tree = Operations.TREE.run(searcher, request.arguments());
          EngineDescription d = searcher.describe();
          Map<String, Object> wire = new LinkedHashMap<>();
          wire.put("entries", tree.toWire());
          wire.put("layout", d.layout().wireName());
          String text = tree.render() + "layout: " + d.layout().wireName() + " ("
              + d.layoutReason() + ")\n";
          Optional<NothingIndexed> nothing = SearchTool.whyEmpty(searcher,
              tree.files().stream().noneMatch(VaultTree.Entry::indexed));
          if (nothing.isPresent()) {
            wire.put("nothingIndexed", nothing.get().message());
            text += nothing.get().message() + "\n";
          }
          return CallToolResult.builder().structuredContent(wire).addTextContent(text).build();
        }))
        .build();
  }

  static SyncToolSpecification concat(Searcher searcher) {
    return SyncToolSpecification.builder()
        .tool(ToolSupport.tool("concat", "Assemble several vault files or line ranges into one "
            + "markdown document, each block headed by its path, after an optional overview."))
        .callHandler((exchange, request) -> ToolSupport.call("concat", () -> {
          ConcatDocument doc = Operations.CONCAT.run(searcher, request.arguments());
          Map<String, Object> structured = new LinkedHashMap<>();
          structured.put("overview", doc.overview());
          structured.put("blocks", blocks(doc.blocks()));
          return CallToolResult.builder().structuredContent(structured)
              .addTextContent(doc.markdown()).build();
        }))
        .build();
  }

  /**
   * The blocks of a document as {@code [{path, lines, wholeFile, fileLines, text,
   * truncated?}]}, as the {@code concat} and {@code brief} output schemas have them.
   */
  static List<Map<String, Object>> blocks(List<Block> blocks) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Block b : blocks) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("path", b.path());
      row.put("lines", b.lines().map(Object::toString).orElse(null));
      row.put("wholeFile", b.wholeFile());
      row.put("fileLines", b.fileLines());
      row.put("text", b.text());
      b.truncation().ifPresent(t -> row.put("truncated", t.marker()));
      rows.add(row);
    }
    return rows;
  }
}
