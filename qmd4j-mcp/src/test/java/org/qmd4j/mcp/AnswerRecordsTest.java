package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.catalogue.Operations;

/**
 * The answer records describe every property the tools write: the tools' real answers are
 * valid against their output schemas closed at every level ({@code additionalProperties:
 * false} wherever the schema lists properties), so a key a tool starts writing without its
 * answer record describing it fails here, although the published schemas stay open.
 */
class AnswerRecordsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonSchemaValidator VALIDATOR = new DefaultJsonSchemaValidator();
  private static McpClientHarness mcp;

  @BeforeAll
  static void start() throws Exception {
    mcp = McpClientHarness.onExampleVault();
  }

  @AfterAll
  static void stop() throws Exception {
    if (mcp != null) mcp.close();
  }

  @Test
  void everyPropertyWrittenIsDescribedByTheAnswerRecord() throws Exception {
    List<Map.Entry<String, Map<String, Object>>> calls = List.of(
        Map.entry("search", Map.of("query", "webhook cautionnement")),
        Map.entry("search", Map.of("query", "idempotance")),
        Map.entry("find_notes", Map.of("query", "webhook", "include_fields", List.of("status"))),
        Map.entry("find_notes", Map.of("folder", "projects", "recursive", true)),
        Map.entry("find_notes", Map.of("folder", "projects", "include_fields",
            List.of("updated"), "recursive", true)),
        Map.entry("read", Map.of("path", "projects/startup-x/state.md", "from", 1, "to", 3)),
        Map.entry("read", Map.of("path", "projects/startup-x/state.md")),
        Map.entry("tree", Map.of()),
        Map.entry("concat", Map.of("items", List.of("projects/startup-x/state.md:1-3",
            "projects/startup-x/tasks.md"), "overview", "The state.")),
        Map.entry("brief", Map.of("query", "webhook")),
        Map.entry("tasks", Map.of("limit", 1)),
        Map.entry("changelog", Map.of("tag", "décision")),
        Map.entry("states", Map.of()),
        Map.entry("descriptions", Map.of()),
        Map.entry("buckets", Map.of()));
    for (Map.Entry<String, Map<String, Object>> call : calls) {
      String tool = call.getKey();
      CallToolResult result = mcp.client.callTool(
          CallToolRequest.builder(tool).arguments(call.getValue()).build());
      assertThat(result.isError()).as(tool + " " + call.getValue()).isNotEqualTo(Boolean.TRUE);
      JsonSchemaValidator.ValidationResponse valid =
          VALIDATOR.validate(closed(tool), result.structuredContent());
      assertThat(valid.valid()).as(tool + " " + call.getValue() + ": " + valid.errorMessage())
          .isTrue();
    }
  }

  /** The output schema of {@code tool} with every object that lists properties closed. */
  private static Map<String, Object> closed(String tool) throws Exception {
    JsonNode schema = JSON.readTree(Operations.named(tool).orElseThrow().outputSchema());
    close(schema);
    return JSON.convertValue(schema, new TypeReference<Map<String, Object>>() {});
  }

  private static void close(JsonNode node) {
    if (node instanceof ObjectNode && node.has("properties")) {
      ((ObjectNode) node).put("additionalProperties", false);
    }
    node.forEach(AnswerRecordsTest::close);
  }
}
