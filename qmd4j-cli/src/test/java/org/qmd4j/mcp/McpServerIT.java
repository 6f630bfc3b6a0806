package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;

/**
 * The built server ({@code java -jar target/qmd4j-cli.jar mcp}) driven as a subprocess by
 * the MCP Java SDK's client over stdio, as any MCP client would.
 */
class McpServerIT {
  private static McpSyncClient client;

  @BeforeAll
  static void start() {
    String jar = System.getProperty("qmd4j.cliJar", "target/qmd4j-cli.jar");
    ServerParameters server = ServerParameters.builder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString())
        .args("-jar", jar, "mcp", "--engine", "embedded", "--vault", Fixtures.vault().toString())
        .build();
    client = McpClient.sync(new StdioClientTransport(server,
            new JacksonMcpJsonMapper(new ObjectMapper())))
        .requestTimeout(Duration.ofSeconds(60))
        .initializationTimeout(Duration.ofMinutes(2)) // a JVM starting on a busy machine
        .build();
    client.initialize();
  }

  @AfterAll
  static void stop() {
    if (client != null) client.closeGracefully();
  }

  private static CallToolResult call(String tool, Map<String, Object> args) {
    return client.callTool(CallToolRequest.builder(tool).arguments(args).build());
  }

  private static String text(CallToolResult result) {
    return result.content().stream().map(c -> ((TextContent) c).text())
        .collect(Collectors.joining("\n"));
  }

  /**
   * A client of MCP 2026-07-28 probes with {@code server/discover} on a fresh process: it is
   * answered with the versions served, and the same process then serves {@code initialize}
   * and {@code tools/list}.
   */
  @Test
  void serverDiscoverIsAnsweredAndTheSessionGoesOn() throws Exception {
    String jar = System.getProperty("qmd4j.cliJar", "target/qmd4j-cli.jar");
    Process process = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar, "mcp",
        "--engine", "embedded", "--vault", Fixtures.vault().toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    ObjectMapper json = new ObjectMapper();
    try (java.io.Writer in = new java.io.OutputStreamWriter(process.getOutputStream(),
            java.nio.charset.StandardCharsets.UTF_8);
        java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(
            process.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))) {
      in.write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\",\"params\":"
          + "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\"}}}\n");
      in.flush();
      com.fasterxml.jackson.databind.JsonNode discovered = json.readTree(out.readLine());
      assertThat(discovered.path("result").path("serverInfo").path("name").asText())
          .isEqualTo("qmd4j");
      assertThat(discovered.path("result").path("supportedVersions").toString())
          .isEqualTo("[\"2025-11-25\",\"2025-06-18\",\"2025-03-26\",\"2024-11-05\"]");
      in.write("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\",\"params\":"
          + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":"
          + "{\"name\":\"t\",\"version\":\"1\"}}}\n"
          + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
          + "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}\n");
      in.flush();
      com.fasterxml.jackson.databind.JsonNode init = json.readTree(out.readLine());
      assertThat(init.path("result").path("protocolVersion").asText()).isEqualTo("2025-06-18");
      String line;
      com.fasterxml.jackson.databind.JsonNode tools = null;
      while ((line = out.readLine()) != null) {
        tools = json.readTree(line);
        if (tools.path("id").asInt() == 3) break;
      }
      assertThat(tools).isNotNull();
      assertThat(tools.path("result").path("tools").findValuesAsText("name"))
          .contains("search", "find_notes");
    } finally {
      process.destroy();
      process.waitFor();
    }
  }

  @Test
  void initializeDescribesTheVault() {
    assertThat(client.getServerInfo().name()).isEqualTo("qmd4j");
    assertThat(client.getServerInstructions())
        .contains("startup-x").contains("all-changelogs")
        .contains("Engine: embedded");
  }

  @Test
  void listsEveryToolWithASchemaThatTeaches() {
    List<McpSchema.Tool> tools = client.listTools().tools();
    assertThat(tools).extracting(McpSchema.Tool::name)
        .containsExactlyInAnyOrder("search", "find_notes", "read", "tree", "concat", "brief",
            "tasks", "changelog", "states", "descriptions", "buckets");
    assertThat(tools).allSatisfy(t -> {
      assertThat(t.description()).hasSizeGreaterThan(40);
      assertThat(t.inputSchema()).containsEntry("type", "object");
    });
    McpSchema.Tool search = tools.stream().filter(t -> t.name().equals("search")).findFirst()
        .orElseThrow();
    assertThat(search.inputSchema()).containsEntry("required", List.of("query"));
    @SuppressWarnings("unchecked")
    Map<String, Object> properties =
        (Map<String, Object>) search.inputSchema().get("properties");
    assertThat(properties).containsKeys("query", "mode", "scope", "date_from", "date_to",
        "limit");
    assertThat(properties.get("scope").toString())
        .contains("all-states").contains("project:<name>");
  }

  @Test
  void searchReturnsTheSeedArrayStructuredAndAsText() {
    CallToolResult result = call("search", Map.of("query", "webhook", "limit", 3));
    assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> rows =
        (List<Map<String, Object>>) ((Map<String, Object>) result.structuredContent())
            .get("results");
    assertThat(rows).hasSize(1);
    assertThat(rows.get(0)).containsOnlyKeys("path", "chunk", "score", "lines", "matchType",
            "matches", "date", "dateSource")
        .containsEntry("path", "projects/startup-x/changelog.md")
        .containsEntry("dateSource", "changelog day")
        .containsEntry("lines", "29-32")
        .containsEntry("date", "2025-07-14")
        .containsEntry("matches", List.of(Map.of("line", 29, "ranges", List.of(List.of(16, 23)))));
    @SuppressWarnings("unchecked")
    Map<String, Object> structured = (Map<String, Object>) result.structuredContent();
    assertThat(structured)
        .containsEntry("corrected", Map.of()).containsEntry("suggestions", List.of())
        .containsEntry("total", 1).containsEntry("totalExact", true);
    assertThat(text(result)).startsWith("[{\"path\":\"projects/startup-x/changelog.md\"");
  }

  @Test
  @SuppressWarnings("unchecked")
  void aMisspelledQueryIsCorrectedAndSaid() {
    CallToolResult result = call("search", Map.of("query", "idempotance", "limit", 3));
    Map<String, Object> content = (Map<String, Object>) result.structuredContent();
    assertThat(content).containsEntry("corrected", Map.of("idempotance", "idempotence"));
    List<Map<String, Object>> rows = (List<Map<String, Object>>) content.get("results");
    assertThat(rows).isNotEmpty()
        .allSatisfy(row -> assertThat(row).containsEntry("matchType", "fuzzy"));
    assertThat(result.content()).hasSize(2);
    assertThat(((McpSchema.TextContent) result.content().get(1)).text())
        .isEqualTo("Showing results for \"idempotence\" (no match for \"idempotance\")");
  }

  @Test
  void readTreeConcatAndBriefAnswer() {
    assertThat(text(call("read", Map.of("path", "projects/startup-x/state.md", "from", 1,
        "to", 3)))).startsWith("## projects/startup-x/state.md (lines 1-3)");
    assertThat(text(call("tree", Map.of()))).contains("startup-x").contains("changelog.md");
    assertThat(text(call("concat", Map.of("items", List.of("projects/startup-x/state.md",
        Map.of("path", "projects/startup-x/changelog.md", "from", 23, "to", 27)),
        "overview", "Deux fichiers."))))
        .startsWith("Deux fichiers.")
        .contains("## projects/startup-x/state.md\n")
        .contains("## projects/startup-x/changelog.md (lines 23-27)");
    assertThat(text(call("brief", Map.of("query", "cautionnement"))))
        .contains("## projects/startup-x/state.md");
  }

  @Test
  @SuppressWarnings("unchecked")
  void findNotesCombinesTextFolderAndFrontmatter() {
    CallToolResult result = call("find_notes", Map.of("folder", "projects/startup-x",
        "recursive", true, "frontmatter", List.of("type eq réunion"), "sort", "name"));
    assertThat(result.isError()).isNotEqualTo(Boolean.TRUE);
    Map<String, Object> body = (Map<String, Object>) result.structuredContent();
    assertThat(body).containsEntry("success", true).containsEntry("total", 2);
    assertThat((List<Object>) body.get("results")).containsExactly(
        "projects/startup-x/bucket/reunions/2025-05-12-investisseurs.md",
        "projects/startup-x/bucket/reunions/2025-07-10-point-tech.md");

    CallToolResult bad = call("find_notes", Map.of("folder", "bucket", "sort", "relevance"));
    assertThat(bad.isError()).isTrue();
    assertThat(text(bad)).contains("relevance");
  }

  @Test
  void badInputIsAToolErrorAndTheServerKeepsAnswering() {
    CallToolResult empty = call("search", Map.of("query", " "));
    assertThat(empty.isError()).isTrue();
    assertThat(text(empty)).contains("query is empty");

    CallToolResult scope = call("search", Map.of("query", "x", "scope", "everything"));
    assertThat(scope.isError()).isTrue();
    assertThat(text(scope)).contains("Unknown scope 'everything'").contains("all-states");

    CallToolResult escape = call("read", Map.of("path", "../../etc/passwd"));
    assertThat(escape.isError()).isTrue();
    assertThat(text(escape)).contains("../../etc/passwd");

    CallToolResult traversal = call("concat", Map.of("items", List.of("../outside.md")));
    assertThat(traversal.isError()).isTrue();

    assertThat(call("search", Map.of("query", "cautionnement")).isError())
        .isNotEqualTo(Boolean.TRUE);
  }

  @Test
  void pipelinedCallsAndBadLinesAreEachAnsweredAndTheServerExitsWhenStdinCloses()
      throws Exception {
    String jar = System.getProperty("qmd4j.cliJar", "target/qmd4j-cli.jar");
    Process server = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar,
            "mcp", "--engine", "embedded", "--vault", Fixtures.vault().toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    ObjectMapper json = new ObjectMapper();
    StringBuilder in = new StringBuilder("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":"
        + "\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
        + "\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}\n"
        + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
    int n = 120;
    for (int i = 0; i < n; i++) {
      Map<String, Object> args = i % 4 == 0 ? Map.of("query", "webhook")
          : i % 4 == 1 ? Map.of("query", "x", "scope", "everything")
          : i % 4 == 2 ? Map.of("query", "cautionnement", "limit", 4294967297L)
          : Map.of("query", "cautionnement", "mode", "deep");
      in.append(json.writeValueAsString(Map.of("jsonrpc", "2.0", "id", i, "method",
          "tools/call", "params", Map.of("name", i % 8 == 7 ? "brief" : "search",
              "arguments", args)))).append('\n');
      if (i % 30 == 0) in.append("not json\n\n[1,2]\n");
    }
    try (var stdin = server.getOutputStream()) {
      stdin.write(in.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    } // closing stdin: the server answers what it read, then exits
    List<String> frames = new java.io.BufferedReader(new java.io.InputStreamReader(
        server.getInputStream(), java.nio.charset.StandardCharsets.UTF_8)).lines()
        .collect(Collectors.toList());
    assertThat(server.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    assertThat(server.exitValue()).isZero();

    Map<String, Long> answersById = new java.util.TreeMap<>();
    for (String frame : frames) {
      answersById.merge(json.readTree(frame).get("id").asText(), 1L, Long::sum);
    }
    assertThat(answersById.remove("init")).isEqualTo(1L);
    assertThat(answersById.remove("null")).isEqualTo(8L); // 4 x (not json, batch)
    assertThat(answersById).hasSize(n).allSatisfy((id, count) -> assertThat(count).isOne());
  }
}
