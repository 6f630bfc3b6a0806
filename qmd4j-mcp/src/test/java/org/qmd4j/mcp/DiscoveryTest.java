package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
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
 * A client of MCP 2026-07-28 starts with {@code server/discover} instead of
 * {@code initialize}: over stdio and over Streamable HTTP it gets the server's name,
 * capabilities, instructions and the protocol versions served, and the session goes on with
 * {@code initialize} and {@code tools/list}.
 */
class DiscoveryTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** As the specification's example sends it: everything in {@code _meta}. */
  private static final String DISCOVER = "{\"jsonrpc\":\"2.0\",\"id\":\"discover-1\","
      + "\"method\":\"server/discover\",\"params\":{\"_meta\":{"
      + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
      + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"ExampleClient\",\"version\":\"1.0.0\"},"
      + "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
  private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\","
      + "\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
      + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

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

  private static void assertDiscovered(JsonNode answer, List<String> versions) {
    assertThat(answer.path("id").asText()).isEqualTo("discover-1");
    assertThat(answer.has("error")).as(answer.toString()).isFalse();
    JsonNode result = answer.path("result");
    assertThat(result.path("serverInfo").path("name").asText()).isEqualTo("qmd4j");
    assertThat(result.path("serverInfo").path("version").asText()).isNotBlank();
    assertThat(result.path("capabilities").has("tools")).isTrue();
    assertThat(result.path("capabilities").path("resources").path("listChanged").asBoolean())
        .isTrue();
    assertThat(result.path("instructions").asText()).startsWith("qmd4j searches the markdown"
        + " vault").contains("Call `search` first");
    assertThat(JSON.convertValue(result.path("supportedVersions"), List.class))
        .isEqualTo(versions);
  }

  @Test
  void overStdioDiscoverIsAnsweredAndInitializeThenToolsListFollow() throws Exception {
    PipedOutputStream toServer = new PipedOutputStream();
    PipedInputStream serverIn = new PipedInputStream(toServer, 1 << 20);
    PipedInputStream fromServer = new PipedInputStream(1 << 20);
    PipedOutputStream serverOut = new PipedOutputStream(fromServer);
    Thread server = new Thread(() -> {
      try {
        Qmd4jMcpServer.serve(searcher, serverIn, serverOut, 60_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "stdio-server");
    server.start();
    BufferedReader lines = new BufferedReader(new InputStreamReader(fromServer,
        StandardCharsets.UTF_8));
    try {
      send(toServer, DISCOVER);
      assertDiscovered(answer(lines, "discover-1"),
          List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"));

      send(toServer, INIT);
      JsonNode init = answer(lines, "2");
      assertThat(init.path("result").path("protocolVersion").asText()).isEqualTo("2025-11-25");
      assertThat(init.path("result").path("serverInfo").path("name").asText())
          .isEqualTo("qmd4j");
      send(toServer, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      send(toServer, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}");
      assertThat(answer(lines, "3").path("result").path("tools").findValuesAsText("name"))
          .contains("search", "find_notes", "read");
      send(toServer, DISCOVER);
      assertThat(answer(lines, "discover-1").path("result").path("serverInfo").path("name")
          .asText()).as("discover again, mid-session").isEqualTo("qmd4j");
    } finally {
      toServer.close();
      server.join(60_000);
    }
    assertThat(server.isAlive()).as("the server stops when stdin ends").isFalse();
  }

  private static void send(OutputStream out, String line) throws Exception {
    out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  /** The next frame answering {@code id}, skipping the server's notifications. */
  private static JsonNode answer(BufferedReader lines, String id) throws Exception {
    String line;
    while ((line = lines.readLine()) != null) {
      JsonNode node = JSON.readTree(line);
      if (node.has("id") && node.get("id").asText().equals(id)) return node;
    }
    throw new AssertionError("the server ended without answering " + id);
  }

  private static HttpResponse<String> post(String body, String... headers) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/mcp"))
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .POST(HttpRequest.BodyPublishers.ofString(body));
    for (int i = 0; i < headers.length; i += 2) request.header(headers[i], headers[i + 1]);
    return HttpClient.newHttpClient().send(request.build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void overHttpDiscoverIsAnsweredWithoutASessionAndTheClientGoesOn() throws Exception {
    HttpResponse<String> r = post(DISCOVER, "MCP-Protocol-Version", "2026-07-28");
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
    assertThat(r.headers().firstValue("Mcp-Session-Id")).isEmpty();
    assertDiscovered(JSON.readTree(r.body()), List.of("2025-11-25", "2025-06-18", "2025-03-26"));

    McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder(base)
            .endpoint("/mcp").jsonMapper(Qmd4jMcpServer.JSON).build())
        .requestTimeout(Duration.ofSeconds(60)).build();
    try {
      client.initialize();
      assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
          .contains("search", "find_notes", "read");
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void overHttpDiscoverFromAForeignOriginIsRefusedLikeAnyRequest() throws Exception {
    HttpResponse<String> r = post(DISCOVER, "Origin", "http://evil.example");
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(r.body()).doesNotContain("qmd4j searches");
  }

  @Test
  void overHttpOtherRequestsStillReachTheSdkWithTheirWholeBody() throws Exception {
    HttpResponse<String> init = post(INIT);
    assertThat(init.statusCode()).as(init.body()).isEqualTo(200);
    assertThat(init.headers().firstValue("Mcp-Session-Id")).isPresent();
    assertThat(JSON.readTree(init.body()).path("result").path("protocolVersion").asText())
        .isEqualTo("2025-11-25");
    HttpResponse<String> noSession = post("{\"jsonrpc\":\"2.0\",\"id\":9,"
        + "\"method\":\"tools/list\"}");
    assertThat(noSession.statusCode()).as("the SDK's own answer").isEqualTo(400);
  }
}
