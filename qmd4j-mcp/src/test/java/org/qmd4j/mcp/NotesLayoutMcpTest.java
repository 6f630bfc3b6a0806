package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/**
 * The notes layout over MCP: a folder of notes is searchable, and a vault with nothing indexed says
 * why in the tool result instead of a bare empty list.
 */
class NotesLayoutMcpTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Initializes, calls {@code tool} with {@code args}, returns the answers by id. */
  private static Map<String, JsonNode> call(Path vault, String tool, Map<String, Object> args)
      throws Exception {
    String init = "{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":"
        + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":"
        + "{\"name\":\"test\",\"version\":\"1\"}}}\n"
        + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n";
    String request = JSON.writeValueAsString(Map.of("jsonrpc", "2.0", "id", "call",
        "method", "tools/call", "params", Map.of("name", tool, "arguments", args)));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Searcher searcher = SearchProviders.forVault(vault,
        SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED).withInMemoryIndex(true)
            .withWatch(false))) {
      Qmd4jMcpServer.serve(searcher, new ByteArrayInputStream(
          (init + request + "\n").getBytes(StandardCharsets.UTF_8)), out, 120_000);
    }
    Map<String, JsonNode> byId = new HashMap<>();
    for (String frame : out.toString(StandardCharsets.UTF_8).split("\n")) {
      JsonNode node = JSON.readTree(frame);
      byId.put(node.get("id").asText(), node);
    }
    return byId;
  }

  @Test
  void aFolderOfNotesIsSearchedAndTheInstructionsNameItsLayoutAndScopes() throws Exception {
    Map<String, JsonNode> answers = call(Fixtures.notesVault(), "search",
        Map.of("query", "facture", "scope", "folder:clients"));
    JsonNode rows = answers.get("call").path("result").path("structuredContent").path("results");
    assertThat(rows).isNotEmpty();
    rows.forEach(r -> assertThat(r.get("path").asText()).startsWith("clients/"));
    assertThat(answers.get("init").path("result").path("instructions").asText())
        .contains("(layout: notes, a folder of notes)")
        .contains("Scopes: folder:<path> (or no scope for the whole vault).");
  }

  // A notes vault is offered only the tools that work there, described for notes.
  @Test
  void aNotesVaultListsNoProjectsToolAndItsTextsSayNothingOfProjects() throws Exception {
    try (Searcher searcher = SearchProviders.forVault(Fixtures.notesVault(),
            Fixtures.memoryOptions());
        McpClientHarness mcp = new McpClientHarness(searcher)) {
      Map<String, Tool> tools = new HashMap<>();
      mcp.client.listTools().tools().forEach(t -> tools.put(t.name(), t));
      assertThat(tools.keySet()).containsExactlyInAnyOrder("search", "find_notes", "read",
          "tree", "concat", "brief");
      for (String tool : List.of("search", "brief", "tree")) {
        String listed = JSON.writeValueAsString(Map.of("description",
            tools.get(tool).description(), "input", tools.get(tool).inputSchema()));
        assertThat(listed).as(tool).doesNotContainIgnoringCase("project")
            .doesNotContainIgnoringCase("changelog").doesNotContainIgnoringCase("all-states");
      }
      assertThat(tools.get("search").description()).contains("notes", "folder", "#tags",
          "[[links]]");
      assertThat(JSON.writeValueAsString(tools.get("search").inputSchema()))
          .contains("folder:<path>", "hier", "il y a N jours");
      String instructions = Qmd4jMcpServer.instructions(searcher);
      assertThat(instructions).doesNotContainIgnoringCase("project")
          .doesNotContain("tasks, changelog").contains("folder:<path>", "#tags", "[[links]]",
              "find_notes", "hier");
      CallToolResult search = mcp.client.callTool(CallToolRequest.builder("search")
          .arguments(Map.of("query", "facture", "scope", "folder:clients")).build());
      assertThat(search.isError()).isNotEqualTo(Boolean.TRUE);
    }
  }

  @Test
  void aProjectsVaultKeepsItsTypedToolsAndTheirWords() throws Exception {
    try (Searcher searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
        McpClientHarness mcp = new McpClientHarness(searcher)) {
      List<String> names = mcp.client.listTools().tools().stream().map(Tool::name).toList();
      assertThat(names).contains("tasks", "changelog", "states", "descriptions", "buckets");
      Tool search = mcp.client.listTools().tools().stream()
          .filter(t -> t.name().equals("search")).findFirst().orElseThrow();
      assertThat(search.description()).contains("changelogs, tasks, states");
      assertThat(JSON.writeValueAsString(search.inputSchema()))
          .contains("project:<name>", "all-states", "folder:<path>", "hier");
      assertThat(Qmd4jMcpServer.instructions(searcher))
          .contains("call the typed tools tasks, changelog, states, descriptions, buckets");
    }
  }

  @Test
  void aSearchOfAnUnindexedVaultSaysWhyInTheResult() throws Exception {
    JsonNode result = call(Fixtures.txtOnlyVault(), "search", Map.of("query", "facture"))
        .get("call").path("result");
    assertThat(result.path("isError").asBoolean(false)).isFalse();
    assertThat(result.path("content").path(0).path("text").asText()).isEqualTo("[]");
    assertThat(result.path("content").path(1).path("text").asText())
        .startsWith("Nothing is indexed in this vault: it uses the notes layout");
    assertThat(result.path("structuredContent").path("nothingIndexed").asText())
        .contains("3 .txt");
  }

  @Test
  void aTreeAndABriefOfAnUnindexedVaultSayWhy() throws Exception {
    JsonNode tree = call(Fixtures.txtOnlyVault(), "tree", Map.of()).get("call").path("result");
    assertThat(tree.path("structuredContent").path("layout").asText()).isEqualTo("notes");
    assertThat(tree.path("content").path(0).path("text").asText())
        .contains("0 indexed").contains("Nothing is indexed in this vault");
    JsonNode brief = call(Fixtures.txtOnlyVault(), "brief", Map.of("query", "facture"))
        .get("call").path("result");
    assertThat(brief.path("content").path(1).path("text").asText())
        .startsWith("Nothing is indexed in this vault");
  }
}
