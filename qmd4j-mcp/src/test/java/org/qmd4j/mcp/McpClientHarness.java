package org.qmd4j.mcp;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.time.Duration;
import java.util.function.UnaryOperator;
import org.qmd4j.Searcher;

/**
 * The stdio server on its own thread, and the MCP Java SDK's client speaking to it over two
 * pipes, as an agent's host would over a child's stdin and stdout.
 */
final class McpClientHarness implements AutoCloseable {
  final McpSyncClient client;
  private final Thread server;

  McpClientHarness(Searcher searcher, ServerSettings settings,
      UnaryOperator<McpClient.SyncSpec> clientSpec) throws Exception {
    Pipe toServer = Pipe.open();
    Pipe toClient = Pipe.open();
    server = new Thread(() -> {
      try (OutputStream out = PipeStreams.writeEnd(toClient)) {
        Qmd4jMcpServer.serve(searcher, Channels.newInputStream(toServer.source()), out,
            60_000, settings);
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    }, "mcp-test-server");
    server.start();
    client = clientSpec.apply(McpClient.sync(new StreamClientTransport(Qmd4jMcpServer.JSON,
            Channels.newInputStream(toClient.source()),
            PipeStreams.writeEnd(toServer)))
        .requestTimeout(Duration.ofSeconds(60))).build();
    client.initialize();
  }

  McpClientHarness(Searcher searcher) throws Exception {
    this(searcher, ServerSettings.DEFAULT, s -> s);
  }

  @Override
  public void close() throws InterruptedException {
    client.closeGracefully();
    server.join(60_000);
  }
}
