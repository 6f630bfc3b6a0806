package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/**
 * The stdio server as a client (or a hostile probe) drives it: everything written to stdin at
 * once, then stdin closed; every request must be answered exactly once, bad lines with a
 * JSON-RPC error, and the server must stop on its own.
 */
class StdioServerTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":"
      + "\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
      + "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}\n"
      + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n";
  private static Searcher searcher;

  @BeforeAll
  static void open() {
    searcher = SearchProviders.forVault(Fixtures.vault(),
        SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED));
  }

  @AfterAll
  static void close() {
    searcher.close();
  }

  /** Serves {@code input} (after initialize) until its end; returns the answers by id. */
  private static Map<String, List<JsonNode>> serve(byte[]... lines) throws Exception {
    ByteArrayOutputStream input = new ByteArrayOutputStream();
    input.write(INIT.getBytes(StandardCharsets.UTF_8));
    for (byte[] line : lines) {
      input.write(line);
      input.write('\n');
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    // Returns only once stdin has ended and every request read was answered.
    Qmd4jMcpServer.serve(searcher, new ByteArrayInputStream(input.toByteArray()), out, 120_000);
    Map<String, List<JsonNode>> byId = new HashMap<>();
    for (String frame : out.toString(StandardCharsets.UTF_8).split("\n")) {
      JsonNode node = JSON.readTree(frame);
      byId.computeIfAbsent(node.get("id").asText(), k -> new ArrayList<>()).add(node);
    }
    assertThat(byId.remove("init")).hasSize(1);
    return byId;
  }

  private static byte[] call(Object id, String tool, Map<String, Object> args) throws IOException {
    return JSON.writeValueAsBytes(Map.of("jsonrpc", "2.0", "id", id, "method", "tools/call",
        "params", Map.of("name", tool, "arguments", args)));
  }

  private static byte[] line(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(JsonNode answer) {
    return answer.path("result").path("content").path(0).path("text").asText();
  }

  private static boolean isToolError(JsonNode answer) {
    return answer.path("result").path("isError").asBoolean(false);
  }

  @Test
  void pipelinedCallsOfEveryToolAreEachAnsweredOnce() throws Exception {
    List<byte[]> lines = new ArrayList<>();
    Map<String, Boolean> expectError = new HashMap<>();
    for (int i = 0; i < 150; i++) {
      String id = "c" + i;
      switch (i % 6) {
        case 0:
          lines.add(call(id, "search", Map.of("query", "webhook")));
          expectError.put(id, false);
          break;
        case 1:
          lines.add(call(id, "search", Map.of("query", "x", "scope", "everything")));
          expectError.put(id, true);
          break;
        case 2:
          lines.add(call(id, "read", Map.of("path", "projects/startup-x/state.md")));
          expectError.put(id, false);
          break;
        case 3:
          lines.add(call(id, "tree", Map.of()));
          expectError.put(id, false);
          break;
        case 4:
          lines.add(call(id, "brief", Map.of("query", "cautionnement")));
          expectError.put(id, false);
          break;
        default:
          lines.add(call(id, "read", Map.of("path", "../../etc/passwd")));
          expectError.put(id, true);
          break;
      }
    }
    lines.add(line("{\"jsonrpc\":\"2.0\",\"id\":\"last\",\"method\":\"ping\"}"));

    Map<String, List<JsonNode>> answers = serve(lines.toArray(new byte[0][]));

    assertThat(answers).containsOnlyKeys(concat(expectError.keySet(), "last"));
    answers.forEach((id, list) -> assertThat(list).as(id).hasSize(1));
    expectError.forEach((id, error) ->
        assertThat(isToolError(answers.get(id).get(0))).as(id).isEqualTo(error));
    assertThat(text(answers.get("c0").get(0))).contains("projects/startup-x/changelog.md");
    assertThat(text(answers.get("c1").get(0))).contains("Unknown scope 'everything'");
  }

  private static List<String> concat(java.util.Set<String> ids, String more) {
    List<String> all = new ArrayList<>(ids);
    all.add(more);
    return all;
  }

  @Test
  void toolCallsAreServedConcurrently() throws Exception {
    // Four calls that each wait for the other three: served one at a time, the first would
    // give up after 60 s and answer "alone".
    int n = 4;
    CyclicBarrier together = new CyclicBarrier(n);
    SyncToolSpecification rendezvous = SyncToolSpecification.builder()
        .tool(McpSchema.Tool.builder("rendezvous", Qmd4jMcpServer.JSON, "{\"type\":\"object\"}")
            .description("waits for the others").build())
        .callHandler((exchange, request) -> {
          String met;
          try {
            together.await(60, TimeUnit.SECONDS);
            met = "met";
          } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
            met = "alone";
          }
          return CallToolResult.builder().addTextContent(met).build();
        })
        .build();
    StringBuilder input = new StringBuilder(INIT);
    for (int i = 0; i < n; i++) {
      input.append(new String(call(i, "rendezvous", Map.of()), StandardCharsets.UTF_8))
          .append('\n');
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    StdioServerTransport transport = new StdioServerTransport(Qmd4jMcpServer.JSON,
        new ByteArrayInputStream(input.toString().getBytes(StandardCharsets.UTF_8)), out,
        120_000);
    McpSyncServer server = McpServer.sync(transport).serverInfo("t", "1")
        .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
        .tools(rendezvous).build();
    transport.awaitClosed();
    server.close();

    List<String> texts = new ArrayList<>();
    for (String frame : out.toString(StandardCharsets.UTF_8).split("\n")) {
      JsonNode node = JSON.readTree(frame);
      if (node.get("id").isInt()) texts.add(text(node));
    }
    assertThat(texts).containsExactly("met", "met", "met", "met");
  }

  /** A tag finds the notes tagged with it, and read opens a wiki link's note. */
  @Test
  void theToolsTakeObsidianTagsAndWikiLinks() throws Exception {
    Map<String, List<JsonNode>> answers = serve(
        call("tag", "search", Map.of("query", "#technique")),
        call("link", "read", Map.of("path", "[[Taux-TVA]]")));
    JsonNode rows = answers.get("tag").get(0).path("result").path("structuredContent")
        .path("results");
    List<String> paths = new ArrayList<>();
    rows.forEach(r -> paths.add(r.path("path").asText()));
    assertThat(paths).containsExactlyInAnyOrder(
        "projects/startup-x/bucket/reference/stack-technique.md",
        "projects/startup-x/bucket/reunions/2025-07-10-point-tech.md");
    assertThat(answers.get("link").get(0).path("result").path("structuredContent")
        .path("path").asText()).isEqualTo("projects/comptabilite/bucket/reference/taux-tva.md");
  }

  @Test
  void aBadLineGetsAJsonRpcErrorAndTheServerKeepsServing() throws Exception {
    byte[] huge = new byte[21 * 1024 * 1024];
    Arrays.fill(huge, (byte) 'a');
    huge[0] = '"';
    huge[huge.length - 1] = '"';
    Map<String, List<JsonNode>> answers = serve(
        line(""),
        line("   "),
        call("a", "search", Map.of("query", "webhook")),
        line("not json at all"),
        line("[{\"jsonrpc\":\"2.0\",\"id\":\"b\",\"method\":\"ping\"}]"),
        line("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}"),
        line("[".repeat(100_000)),
        line("{\"a\":".repeat(50_000)),
        huge,
        line("{\"jsonrpc\":\"2.0\",\"id\":\"c\",\"method\":\"ping\"} trailing"),
        line("{\"jsonrpc\":\"1.0\",\"id\":\"d\",\"method\":\"ping\"}"),
        line("{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"ping\"}"),
        line("{\"jsonrpc\":\"2.0\",\"id\":\"e\"}"),
        line("{\"jsonrpc\":\"2.0\",\"id\":\"f\",\"method\":\"nope\"}"),
        line("\"just a string\""),
        call("z", "search", Map.of("query", "cautionnement")));

    assertThat(isToolError(answers.get("a").get(0))).isFalse();
    assertThat(isToolError(answers.get("z").get(0))).isFalse();
    assertThat(text(answers.get("z").get(0))).contains("projects/startup-x/state.md");
    List<String> nulls = new ArrayList<>();
    for (JsonNode e : answers.get("null")) {
      nulls.add(e.path("error").path("code").asInt() + " " + e.path("error").path("message")
          .asText().replaceAll(" \\(.*", ""));
    }
    assertThat(nulls).containsExactlyInAnyOrder(
        "-32700 Parse error: the line is not JSON",
        "-32600 Invalid Request: MCP does not take JSON-RPC batches; send each message on its "
            + "own line",
        "-32600 Invalid Request: 'id' must be a string or an integer but was null",
        "-32700 Parse error: the line is not JSON",
        "-32700 Parse error: the line is not JSON",
        "-32600 Invalid Request: the message is longer than 16777216 bytes and was skipped",
        "-32700 Parse error: the line is not JSON",
        "-32600 Invalid Request: 'id' must be a string or an integer but was {\"x\":1}",
        "-32600 Invalid Request: a message must be a JSON object but was string");
    assertThat(answers.get("d").get(0).path("error").path("message").asText())
        .isEqualTo("Invalid Request: 'jsonrpc' must be \"2.0\"");
    assertThat(answers.get("e").get(0).path("error").path("code").asInt()).isEqualTo(-32600);
    assertThat(answers.get("f").get(0).path("error").path("code").asInt()).isEqualTo(-32601);
    assertThat(answers).containsOnlyKeys("a", "z", "null", "d", "e", "f");
  }

  @Test
  void outOfRangeNumbersAndHugeQueriesAreToolErrors() throws Exception {
    Map<String, List<JsonNode>> answers = serve(
        call("limit", "search", Map.of("query", "webhook", "limit", 4294967297L)),
        call("from", "read", Map.of("path", "projects/startup-x/state.md", "from", 4294967299L)),
        call("frac", "search", Map.of("query", "webhook", "limit", 2.5)),
        call("offset", "find_notes", Map.of("folder", "projects", "offset", -1)),
        call("query", "search", Map.of("query", "mot ".repeat(262_144))),
        call("briefq", "brief", Map.of("query", "x".repeat(10_001))),
        call("ok", "search", Map.of("query", "webhook", "limit", 2147483647)));

    assertThat(text(answers.get("limit").get(0)))
        .isEqualTo("Argument 'limit' must be an integer from 1 to 2147483647 but was 4294967297");
    assertThat(text(answers.get("from").get(0)))
        .isEqualTo("Argument 'from' must be an integer from 1 to 2147483647 but was 4294967299");
    assertThat(isToolError(answers.get("frac").get(0))).isTrue();
    assertThat(text(answers.get("offset").get(0))).contains("offset");
    assertThat(text(answers.get("query").get(0))).isEqualTo("Argument 'query' is 1048576 "
        + "characters long; the limit is 10000 characters: keep the words that matter "
        + "(names, identifiers, key terms)");
    assertThat(isToolError(answers.get("briefq").get(0))).isTrue();
    assertThat(text(answers.get("briefq").get(0))).contains("the limit is 10000 characters");
    assertThat(isToolError(answers.get("ok").get(0))).isFalse();
    for (String id : List.of("limit", "from", "frac", "offset", "query")) {
      assertThat(isToolError(answers.get(id).get(0))).as(id).isTrue();
    }
  }

  @Test
  void theServerStopsWhenStdinEndsMidLine() throws Exception {
    InputStream in = new ByteArrayInputStream(
        (INIT + "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n{\"jsonrpc\":")
            .getBytes(StandardCharsets.UTF_8));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Qmd4jMcpServer.serve(searcher, in, out, 120_000);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}")
        .contains("\"code\":-32700");
  }
}
