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

/** {@code find_notes} over the SDK's client: an empty answer says why when the request is. */
class FindNotesToolTest {
  private static McpClientHarness mcp;

  @BeforeAll
  static void start() throws Exception {
    mcp = McpClientHarness.onExampleVault();
  }

  @AfterAll
  static void stop() {
    if (mcp != null) mcp.close();
  }

  private static CallToolResult call(Map<String, Object> args) {
    return mcp.client.callTool(CallToolRequest.builder("find_notes").arguments(args).build());
  }

  @Test
  void aFieldNoNoteHasIsAToolErrorNamingTheNearest() {
    CallToolResult r = call(Map.of("frontmatter", List.of("statut eq bloqué")));
    assertThat(r.isError()).isTrue();
    assertThat(((TextContent) r.content().get(0)).text())
        .startsWith("No note has a field 'statut' (condition 'statut eq bloqué'), so nothing"
            + " can match. Did you mean 'status'?");
  }

  @Test
  void matchesInSubFoldersAreCountedAndRecursiveNamed() {
    CallToolResult r = call(Map.of("folder", "projects",
        "frontmatter", List.of("status eq bloqué")));
    assertThat(r.isError()).isNotEqualTo(Boolean.TRUE);
    @SuppressWarnings("unchecked")
    Map<String, Object> structured = (Map<String, Object>) r.structuredContent();
    assertThat(structured).containsEntry("total", 0).containsEntry("inSubfolders", 7);
    assertThat(structured.get("notes").toString()).contains("recursive");
  }
}
