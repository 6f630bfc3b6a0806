package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmd4j.web.WebTesting.post;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.web.WebTesting.Reply;

/**
 * {@code qmd4j serve}'s {@code /mcp} as a client of MCP 2026-07-28 meets it: it starts with
 * {@code server/discover}, learns the versions served, and goes on with {@code initialize}
 * and {@code tools/list} in a session.
 */
class McpDiscoverTest {
  private static final String ACCEPT = "application/json, text/event-stream";
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
  void discoverIsAnsweredThenInitializeAndToolsListWork() {
    Reply discover = post(server, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,"
        + "\"method\":\"server/discover\",\"params\":{\"_meta\":{"
        + "\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}",
        "Accept", ACCEPT, "MCP-Protocol-Version", "2026-07-28");
    assertThat(discover.status()).as(discover.body()).isEqualTo(200);
    JsonNode result = discover.json().path("result");
    assertThat(result.path("serverInfo").path("name").asText()).isEqualTo("qmd4j");
    assertThat(result.path("supportedVersions").toString())
        .isEqualTo("[\"2025-11-25\",\"2025-06-18\",\"2025-03-26\"]");
    assertThat(result.path("capabilities").has("tools")).isTrue();
    assertThat(discover.header("Mcp-Session-Id")).isNull();

    Reply init = post(server, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\","
        + "\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
        + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}", "Accept", ACCEPT);
    assertThat(init.status()).as(init.body()).isEqualTo(200);
    String session = init.header("Mcp-Session-Id");
    assertThat(session).isNotBlank();
    assertThat(post(server, "/mcp", "{\"jsonrpc\":\"2.0\",\"method\":"
        + "\"notifications/initialized\"}", "Accept", ACCEPT, "Mcp-Session-Id", session,
        "MCP-Protocol-Version", "2025-11-25").status()).isEqualTo(202);
    Reply tools = post(server, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":"
        + "\"tools/list\"}", "Accept", ACCEPT, "Mcp-Session-Id", session,
        "MCP-Protocol-Version", "2025-11-25");
    assertThat(tools.status()).as(tools.body()).isEqualTo(200);
    assertThat(tools.body()).contains("\"search\"").contains("\"find_notes\"");
  }
}
