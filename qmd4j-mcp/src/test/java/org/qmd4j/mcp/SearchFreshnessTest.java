package org.qmd4j.mcp;

import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.ConcurrentFreshness;
import org.qmd4j.EngineChoice;
import org.qmd4j.RandomVaultEdits;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/**
 * The MCP {@code search} tool of a long-lived {@code qmd4j mcp} is never stale under
 * concurrency: while other agents call it without pause (each through its own client and
 * server over the SDK's stdio transport, all on one searcher, as {@code serve}'s sessions
 * share one), every write of one agent (in place or by an atomic rename, a new file, a rename,
 * a delete, a folder renamed) is seen by that agent's next call.
 */
@Tag("slow")
class SearchFreshnessTest {
  @TempDir Path tmp;

  @Test
  void everyEditIsSeenByTheWritersSearchWhileOthersSearchBesideIt() throws Exception {
    RandomVaultEdits edits = RandomVaultEdits.newVault(tmp.resolve("vault"),
        "SearchFreshnessTest");
    SearchOptions options = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withWatch(true).withEnvironment(Map.of()).withCacheDir(tmp.resolve("cache"));
    List<McpClientHarness> clients = Collections.synchronizedList(new ArrayList<>());
    try (Searcher searcher = SearchProviders.forVault(edits.vault(), options);
        McpClientHarness writer = new McpClientHarness(searcher)) {
      ThreadLocal<McpClientHarness> own = ThreadLocal.withInitial(() -> {
        try {
          McpClientHarness h = new McpClientHarness(searcher);
          clients.add(h);
          return h;
        } catch (Exception e) {
          throw new AssertionError("Cannot start an MCP client", e);
        }
      });
      try {
        ConcurrentFreshness.run(edits, 300, word -> paths(writer, word),
            word -> paths(own.get(), word)).assertNeverStale();
      } finally {
        clients.forEach(McpClientHarness::close);
      }
    }
  }

  /** The files of the call's results that hold {@code word} itself (not a typo's guess). */
  @SuppressWarnings("unchecked")
  private static List<String> paths(McpClientHarness mcp, String word) {
    CallToolResult result = mcp.client.callTool(CallToolRequest.builder("search")
        .arguments(Map.of("query", word, "limit", 50)).build());
    if (Boolean.TRUE.equals(result.isError())) {
      throw new AssertionError("search failed: " + result.content());
    }
    List<Map<String, Object>> rows = (List<Map<String, Object>>)
        ((Map<String, Object>) result.structuredContent()).get("results");
    List<String> out = new ArrayList<>();
    for (Map<String, Object> row : rows) {
      if ("fuzzy".equals(row.get("matchType"))) continue;
      String path = (String) row.get("path");
      if (!out.contains(path)) out.add(path);
    }
    return out;
  }
}
