package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/**
 * The Streamable HTTP server mounted in an embedded Jetty 12, as qmd4j-web mounts it, spoken
 * to by the MCP Java SDK's HTTP client.
 */
class StreamableHttpTest {
  private static Searcher searcher;
  private static Qmd4jMcpServer.HttpEndpoint endpoint;
  private static Server jetty;
  private static String base;

  @BeforeAll
  static void start() throws Exception {
    searcher = SearchProviders.forVault(Fixtures.vault(),
        SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED));
    endpoint = Qmd4jMcpServer.streamableHttp(searcher, McpHttpOptions.DEFAULT);
    jetty = new Server();
    ServerConnector connector = new ServerConnector(jetty);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    ServletHolder holder = new ServletHolder(endpoint.servlet());
    holder.setAsyncSupported(true);
    context.addServlet(holder, endpoint.path());
    jetty.setHandler(context);
    jetty.start();
    base = "http://127.0.0.1:" + connector.getLocalPort();
  }

  @AfterAll
  static void stop() throws Exception {
    if (endpoint != null) endpoint.close();
    if (jetty != null) jetty.stop();
    if (searcher != null) searcher.close();
  }

  private static McpSyncClient client() {
    McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder(base)
            .endpoint("/mcp").jsonMapper(Qmd4jMcpServer.JSON).build())
        .requestTimeout(Duration.ofSeconds(60))
        .build();
    client.initialize();
    return client;
  }

  @Test
  void listsTheElevenToolsAndSearchesOverHttp() {
    McpSyncClient client = client();
    try {
      assertThat(client.getServerInfo().name()).isEqualTo("qmd4j");
      assertThat(client.getCurrentInitializationResult().protocolVersion())
          .isEqualTo("2025-11-25");
      assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
          .containsExactlyInAnyOrder("search", "find_notes", "read", "tree", "concat", "brief",
              "tasks", "changelog", "states", "descriptions", "buckets");

      CallToolResult result =
          client.callTool(CallToolRequest.builder("search")
              .arguments(Map.of("query", "webhook", "limit", 3)).build());
      assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> rows =
          (List<Map<String, Object>>) ((Map<String, Object>) result.structuredContent())
              .get("results");
      assertThat(rows).extracting(r -> r.get("path"))
          .containsExactly("projects/startup-x/changelog.md");

      CallToolResult bad =
          client.callTool(CallToolRequest.builder("search")
              .arguments(Map.of("query", "x", "scope", "nope")).build());
      assertThat(bad.isError()).isTrue();
      assertThat(((TextContent) bad.content().get(0)).text())
          .contains("Unknown scope 'nope'");
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void refusesAForeignOriginAndAForeignHost() throws Exception {
    String init = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
        + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
        + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
    HttpClient http = HttpClient.newHttpClient();
    HttpRequest.Builder post = HttpRequest.newBuilder(URI.create(base + "/mcp"))
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .POST(HttpRequest.BodyPublishers.ofString(init));

    HttpResponse<String> foreignOrigin = http.send(
        post.copy().header("Origin", "http://evil.example").build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(foreignOrigin.statusCode()).isEqualTo(403);

    HttpResponse<String> sameMachine = http.send(
        post.copy().header("Origin", "http://localhost:7700").build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(sameMachine.statusCode()).isEqualTo(200);

    // DNS rebinding: a page of evil.example whose name now resolves to 127.0.0.1.
    try (Socket socket = new Socket("127.0.0.1", URI.create(base).getPort())) {
      byte[] body = init.getBytes(StandardCharsets.UTF_8);
      OutputStream out = socket.getOutputStream();
      out.write(("POST /mcp HTTP/1.1\r\nHost: evil.example\r\n"
          + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
          + "Content-Length: " + body.length + "\r\nConnection: close\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      String status = new String(socket.getInputStream().readNBytes(12),
          StandardCharsets.US_ASCII);
      assertThat(status).isEqualTo("HTTP/1.1 421");
    }
  }

  @Test
  void optionsRejectAnEndpointThatIsNotAPath() {
    assertThatThrownBy(() -> McpHttpOptions.DEFAULT.withEndpoint("mcp"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("The MCP endpoint must be a path starting with '/' (such as /mcp) but was "
            + "'mcp'");
  }
}
