package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The client transport the qmd session uses, against the qmd4j stdio server over two pipes:
 * many calls in flight at once from many threads are each answered.
 */
class StreamClientTransportTest {

  @Test
  void concurrentCallsFromManyThreadsAreEachAnswered() throws Exception {
    PipeStreams.Ends toServer = PipeStreams.open();
    PipeStreams.Ends toClient = PipeStreams.open();
    AtomicReference<Throwable> serverFailure = new AtomicReference<>();
    try (Searcher searcher = SearchProviders.forVault(Fixtures.vault(),
        SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED))) {
      Thread server = new Thread(() -> {
        try (OutputStream out = toClient.sink()) {
          Qmd4jMcpServer.serve(searcher, toServer.source(), out,
              120_000);
        } catch (Throwable t) {
          serverFailure.set(t);
        }
      });
      server.start();

      StreamClientTransport transport = new StreamClientTransport(Qmd4jMcpServer.JSON,
          toClient.source(), toServer.sink());
      McpAsyncClient client = McpClient.async(transport)
          .requestTimeout(Duration.ofSeconds(120)).build();
      client.initialize().block(Duration.ofSeconds(60));

      int n = 120;
      List<Mono<String>> calls = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        CallToolRequest request = i % 3 == 0
            ? request("search", Map.of("query", "webhook"))
            : i % 3 == 1
                ? request("read", Map.of("path", "projects/startup-x/state.md", "from", 1, "to", 1))
                : request("search", Map.of("query", "x", "scope", "nope"));
        // Each call subscribed on its own thread: sends race as they would in an app.
        calls.add(client.callTool(request).map(StreamClientTransportTest::text)
            .subscribeOn(reactor.core.scheduler.Schedulers.parallel()));
      }
      List<String> answers = Flux.merge(calls).collectList().block(Duration.ofSeconds(120));

      assertThat(answers).hasSize(n);
      assertThat(answers).filteredOn(a -> a.contains("projects/startup-x/changelog.md"))
          .hasSize(40);
      assertThat(answers).filteredOn(a -> a.startsWith("## projects/startup-x/state.md"))
          .hasSize(40);
      assertThat(answers).filteredOn(a -> a.contains("Unknown scope 'nope'")).hasSize(40);

      client.closeGracefully().block(Duration.ofSeconds(30));
      server.join(60_000);
      assertThat(server.isAlive()).as("server stops when its stdin closes").isFalse();
      assertThat(serverFailure.get()).isNull();
    }
  }

  private static CallToolRequest request(String tool, Map<String, Object> args) {
    return CallToolRequest.builder(tool).arguments(args).build();
  }

  private static String text(CallToolResult result) {
    return ((TextContent) result.content().get(0)).text();
  }

  @Test
  void aServerLineThatIsNotJsonIsSkipped() throws Exception {
    PipeStreams.Ends toServer = PipeStreams.open();
    PipeStreams.Ends toClient = PipeStreams.open();
    try (Searcher searcher = SearchProviders.forVault(Fixtures.vault(),
        SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED))) {
      OutputStream serverOut = toClient.sink();
      // A server that prints a banner on stdout before speaking MCP.
      serverOut.write("qmd starting...\n".getBytes(StandardCharsets.UTF_8));
      Thread server = new Thread(() -> {
        try {
          Qmd4jMcpServer.serve(searcher, toServer.source(), serverOut,
              120_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      server.start();
      McpAsyncClient client = McpClient.async(new StreamClientTransport(Qmd4jMcpServer.JSON,
              toClient.source(),
              toServer.sink()))
          .requestTimeout(Duration.ofSeconds(60)).build();
      client.initialize().block(Duration.ofSeconds(60));
      assertThat(text(client.callTool(request("search", Map.of("query", "webhook")))
          .block(Duration.ofSeconds(60)))).contains("projects/startup-x/changelog.md");
      client.closeGracefully().block(Duration.ofSeconds(30));
      server.join(60_000);
      assertThat(server.isAlive()).isFalse();
    }
  }
}
