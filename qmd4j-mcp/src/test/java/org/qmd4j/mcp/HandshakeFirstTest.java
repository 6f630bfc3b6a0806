package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Resource;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.IndexedFiles;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.Total;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.spi.Vocabulary;

/**
 * A server whose index is still opening (as {@code qmd4j mcp}'s is for a while on a large
 * vault) answers the handshake, the tool list and the resource list at once; the first search
 * waits for the index, then answers as usual.
 */
class HandshakeFirstTest {

  @Test
  void theHandshakeToolsAndResourcesAnswerWhileTheIndexOpensAndTheSearchWaitsForIt(
      @TempDir Path dir) throws Exception {
    CountDownLatch opened = new CountDownLatch(1);
    try (Searcher searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions(),
            context -> new StillOpening(context.openEmbedded(dir.resolve("index")), opened));
        // Initializes; its client gives up after 60 s, were the handshake to wait for the index.
        McpClientHarness mcp = new McpClientHarness(searcher)) {
      assertThat(mcp.client.getServerInstructions())
          .contains("qmd4j searches the markdown vault")
          .contains("; projects: client-dupont, comptabilite, jardin-potager, ");
      assertThat(mcp.client.listTools().tools()).extracting(Tool::name)
          .contains("search", "find_notes", "read", "tasks");
      assertThat(mcp.client.listResources().resources()).extracting(Resource::name)
          .containsExactlyInAnyOrderElementsOf(
              IndexedFiles.of(searcher).stream().map(VaultFile::path).toList());

      CompletableFuture<CallToolResult> first = CompletableFuture.supplyAsync(() ->
          mcp.client.callTool(CallToolRequest.builder("search")
              .arguments(Map.of("query", "décision")).build()));
      // The server keeps answering while that search waits for the index.
      assertThat(mcp.client.listTools().tools()).isNotEmpty();
      assertThat(first).isNotDone();

      opened.countDown();
      CallToolResult result = first.get(60, TimeUnit.SECONDS);
      assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> rows = (List<Map<String, Object>>)
          ((Map<String, Object>) result.structuredContent()).get("results");
      assertThat(rows).isNotEmpty();
    }
  }

  /** The embedded engine, each call of which waits until {@code opened} is released. */
  private static final class StillOpening implements SearchEngine {
    private final SearchEngine engine;
    private final CountDownLatch opened;

    StillOpening(SearchEngine engine, CountDownLatch opened) {
      this.engine = engine;
      this.opened = opened;
    }

    private SearchEngine open() {
      try {
        if (!opened.await(60, TimeUnit.SECONDS)) throw new AssertionError("never opened");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
      return engine;
    }

    @Override
    public String name() {
      return engine.name();
    }

    @Override
    public List<Hit> search(EngineQuery query) {
      return open().search(query);
    }

    @Override
    public Optional<Total> count(EngineQuery query) {
      return open().count(query);
    }

    @Override
    public boolean indexesRecords() {
      return open().indexesRecords();
    }

    @Override
    public Optional<Vocabulary> vocabulary() {
      return open().vocabulary();
    }

    @Override
    public String indexLocation() {
      return engine.indexLocation();
    }

    @Override
    public Map<String, String> diagnostics() {
      return open().diagnostics();
    }

    @Override
    public void close() {
      engine.close();
    }
  }
}
