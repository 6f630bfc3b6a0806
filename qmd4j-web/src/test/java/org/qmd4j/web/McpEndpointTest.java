package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmd4j.web.WebTesting.post;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.web.WebTesting.Reply;

/** MCP over Streamable HTTP at {@code /mcp}, beside the page, behind the same guard. */
class McpEndpointTest {
  private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
      + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
      + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

  private static Searcher searcher;
  private static WebServer server;

  @BeforeAll
  static void start() {
    searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
    server = WebServer.newBuilder(searcher).port(0).build().start();
  }

  @AfterAll
  static void stop() {
    server.close();
    searcher.close();
  }

  @Test
  void listsTheElevenToolsAndSearches() {
    McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport
            .builder("http://127.0.0.1:" + server.port()).endpoint("/mcp")
            .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper())).build())
        .requestTimeout(Duration.ofSeconds(60)).build();
    try {
      client.initialize();
      assertThat(client.getServerInfo().name()).isEqualTo("qmd4j");
      assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name)
          .containsExactlyInAnyOrder("search", "find_notes", "read", "tree", "concat", "brief",
              "tasks", "changelog", "states", "descriptions", "buckets");
      CallToolResult result = client.callTool(CallToolRequest.builder("search")
          .arguments(Map.of("query", "cautionnement", "limit", 3)).build());
      assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> rows = (List<Map<String, Object>>)
          ((Map<String, Object>) result.structuredContent()).get("results");
      assertThat(rows).extracting(r -> r.get("path"))
          .containsExactly("projects/startup-x/state.md");
    } finally {
      client.closeGracefully();
    }
  }

  @Test
  void aForeignOriginIsRefusedBeforeMcp() {
    Reply r = post(server, "/mcp", INIT, "Origin", "http://evil.example",
        "Accept", "application/json, text/event-stream");
    assertThat(r.status()).isEqualTo(403);
    assertThat(r.json().get("error").get("message").asText())
        .startsWith("Origin 'http://evil.example'");
  }

  @Test
  void theTokenGuardsMcpToo() {
    WebServer guarded = WebServer.newBuilder(searcher).port(0).token("t0k").build().start();
    try {
      Reply none = post(guarded, "/mcp", INIT, "Accept", "application/json, text/event-stream");
      assertThat(none.status()).isEqualTo(401);
      Reply ok = post(guarded, "/mcp", INIT, "Accept", "application/json, text/event-stream",
          "Authorization", "Bearer t0k");
      assertThat(ok.status()).isEqualTo(200);
      assertThat(ok.body()).contains("\"serverInfo\"").contains("qmd4j");
    } finally {
      guarded.close();
    }
  }
}
