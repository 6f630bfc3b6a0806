package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The {@code search} tool takes quoted phrases and exclusions (docs/query-syntax.md). */
class SearchSyntaxMcpTest {
  private static McpClientHarness mcp;

  @BeforeAll
  static void start() throws Exception {
    mcp = McpClientHarness.onExampleVault();
  }

  @AfterAll
  static void stop() throws Exception {
    if (mcp != null) mcp.close();
  }

  private static CallToolResult search(String query) {
    return mcp.client.callTool(CallToolRequest.builder("search")
        .arguments(Map.of("query", query, "limit", 50)).build());
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> rows(CallToolResult result) {
    return (List<Map<String, Object>>) ((Map<String, Object>) result.structuredContent())
        .get("results");
  }

  @Test
  void aQuotedPhraseFindsItsWordsInOrderAndHighlightsItWhole() {
    List<Map<String, Object>> rows = rows(search("\"geler les nouvelles fonctionnalités\""));
    assertThat(rows).extracting(r -> r.get("path"))
        .containsExactly("projects/startup-x/changelog.md");
    assertThat(rows(search("fonctionnalités geler"))).extracting(r -> r.get("path"))
        .contains("projects/startup-x/changelog.md", "projects/startup-x/state.md");
    assertThat(rows(search("\"fonctionnalités geler\""))).isEmpty();
    assertThat(rows.get(0).get("matches").toString()).as("one range over the phrase")
        .contains("[[14, 49]]");
  }

  @Test
  void exclusionsLeaveOutTheChunksHoldingThem() {
    List<Map<String, Object>> rows = rows(search("paiement -webhook -\"fin août\""));
    assertThat(rows).isNotEmpty()
        .noneMatch(r -> r.get("chunk").toString().toLowerCase().contains("webhook"))
        .noneMatch(r -> r.get("chunk").toString().contains("fin août"));
    assertThat(rows(search("paiement"))).anyMatch(r -> r.get("chunk").toString()
        .toLowerCase().contains("webhook"));
  }

  @Test
  void aQueryOfExclusionsOnlyIsAToolErrorSayingWhatToAdd() {
    CallToolResult result = search("-geler -\"fin août\"");
    assertThat(result.isError()).isTrue();
    assertThat(((TextContent) result.content().get(0)).text()).contains("only excludes")
        .contains("\"quoted phrase\"").doesNotContain("Exception");
  }

  @Test
  void theToolDescribesTheSyntax() {
    assertThat(mcp.client.listTools().tools()).filteredOn(t -> t.name().equals("search"))
        .singleElement().satisfies(t -> assertThat(t.inputSchema().toString())
            .contains("-word").contains("docs/query-syntax.md"));
  }
}
