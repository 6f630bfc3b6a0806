package org.qmd4j.mcp;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import java.io.OutputStream;
import java.time.Duration;
import java.util.function.UnaryOperator;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/**
 * The stdio server on its own thread, and the MCP Java SDK's client speaking to it over two
 * loopback pipes ({@link PipeStreams}), as an agent's host would over a child's stdin and stdout.
 */
final class McpClientHarness implements AutoCloseable {
  final McpSyncClient client;
  private final Thread server;
  /** The searcher this harness opened and closes, or null when the test owns it. */
  private Searcher owned;

  McpClientHarness(Searcher searcher, ServerSettings settings,
      UnaryOperator<McpClient.SyncSpec> clientSpec) throws Exception {
    PipeStreams.Ends toServer = PipeStreams.open();
    PipeStreams.Ends toClient = PipeStreams.open();
    server = new Thread(() -> {
      try (OutputStream out = toClient.sink()) {
        Qmd4jMcpServer.serve(searcher, toServer.source(), out,
            60_000, settings);
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    }, "mcp-test-server");
    server.start();
    client = clientSpec.apply(McpClient.sync(new StreamClientTransport(Qmd4jMcpServer.JSON,
            toClient.source(), toServer.sink()))
        .requestTimeout(Duration.ofSeconds(60))).build();
    client.initialize();
  }

  McpClientHarness(Searcher searcher) throws Exception {
    this(searcher, ServerSettings.DEFAULT, s -> s);
  }

  /** A harness over its own searcher of the example vault (in memory), closed with it. */
  static McpClientHarness onExampleVault() throws Exception {
    Searcher searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
    try {
      McpClientHarness harness = new McpClientHarness(searcher);
      harness.owned = searcher;
      return harness;
    } catch (Exception | Error e) {
      searcher.close();
      throw e;
    }
  }

  /** No InterruptedException: a try-with-resources resource should not throw it (-Xlint:try). */
  @Override
  public void close() {
    client.closeGracefully();
    try {
      server.join(60_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("Interrupted while the test server stopped", e);
    } finally {
      if (owned != null) owned.close();
    }
  }
}
