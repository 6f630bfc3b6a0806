package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.catalogue.Operations;

/**
 * An argument a tool does not take is a tool error naming it, the nearest valid name and the
 * valid ones, never ignored; checked through the MCP Java SDK's client over the stdio server.
 */
class ArgumentNamesTest {
  private static McpClientHarness mcp;

  @BeforeAll
  static void start() throws Exception {
    mcp = McpClientHarness.onExampleVault();
  }

  @AfterAll
  static void stop() {
    if (mcp != null) mcp.close();
  }

  private static CallToolResult call(String tool, Map<String, Object> args) {
    return mcp.client.callTool(CallToolRequest.builder(tool).arguments(args).build());
  }

  private static String text(CallToolResult result) {
    return ((TextContent) result.content().get(0)).text();
  }

  @Test
  void aMisspeltDateIsRefusedNamingTheNearestArgument() {
    CallToolResult r = call("search", Map.of("query", "réunion", "from", "hier"));
    assertThat(r.isError()).isTrue();
    assertThat(text(r)).isEqualTo("Unknown argument 'from' for search; did you mean "
        + "'date_from'? Valid arguments are: date_from, date_to, limit, mode, query, scope");
  }

  @Test
  void everyToolRefusesAnUnknownArgument() {
    for (Tool tool : mcp.client.listTools().tools()) {
      CallToolResult r = call(tool.name(), Map.of("zanzibar", 1));
      assertThat(r.isError()).as(tool.name()).isTrue();
      assertThat(text(r)).as(tool.name())
          .startsWith("Unknown argument 'zanzibar' for " + tool.name() + "; ");
    }
    assertThat(text(call("tree", Map.of("path", "x"))))
        .isEqualTo("Unknown argument 'path' for tree; it takes no arguments");
    assertThat(text(call("find_notes", Map.of("folder", "projects", "recursif", true))))
        .startsWith("Unknown argument 'recursif' for find_notes; did you mean 'recursive'?");
  }

  @Test
  void theInputSchemasListTheNamesTheToolsTakeAndNoOther() {
    for (Tool tool : mcp.client.listTools().tools()) {
      Map<String, Object> schema = tool.inputSchema();
      assertThat(schema).as(tool.name()).containsEntry("additionalProperties", false);
      @SuppressWarnings("unchecked")
      Map<String, Object> properties = (Map<String, Object>) schema.get("properties");
      assertThat(names(tool.name())).as(tool.name())
          .containsExactlyElementsOf(new TreeSet<>(properties.keySet()));
    }
  }

  @Test
  void knownArgumentsStillWork() {
    CallToolResult r = call("search", Map.of("query", "webhook", "date_from", "il y a 5 ans"));
    assertThat(r.isError()).as(text(r)).isNotEqualTo(Boolean.TRUE);
    assertThat(call("tree", Map.of()).isError()).isNotEqualTo(Boolean.TRUE);
    assertThat(List.of("search", "tasks")).allSatisfy(t ->
        assertThat(names(t)).contains("query", "limit"));
  }

  /** The names the operation's request record takes, sorted. */
  private static List<String> names(String tool) {
    return Operations.named(tool).orElseThrow().parameterNames();
  }
}
