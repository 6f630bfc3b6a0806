package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every tool declares an {@code outputSchema} and answers with {@code structuredContent} that
 * the schema accepts (MCP 2025-06-18), plus the text older clients read; errors stay text.
 * Checked with the MCP Java SDK's client over the stdio server and the SDK's own JSON Schema
 * validator, independently of the validation the SDK's server does before answering.
 */
class StructuredOutputTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonSchemaValidator VALIDATOR = new DefaultJsonSchemaValidator();
  private static McpClientHarness mcp;
  private static Map<String, Tool> tools;

  @BeforeAll
  static void start() throws Exception {
    mcp = McpClientHarness.onExampleVault();
    tools = mcp.client.listTools().tools().stream()
        .collect(Collectors.toMap(Tool::name, Function.identity()));
  }

  @AfterAll
  static void stop() throws Exception {
    if (mcp != null) mcp.close();
  }

  /** A call of every tool that finds something in the example vault. */
  private static Map<String, Map<String, Object>> calls() {
    Map<String, Map<String, Object>> calls = new LinkedHashMap<>();
    calls.put("search", Map.of("query", "webhook"));
    calls.put("find_notes", Map.of("query", "webhook"));
    calls.put("read", Map.of("path", "projects/startup-x/state.md", "from", 1, "to", 3));
    calls.put("tree", Map.of());
    calls.put("concat", Map.of("items", List.of("projects/startup-x/state.md"),
        "overview", "The state."));
    calls.put("brief", Map.of("query", "webhook"));
    calls.put("tasks", Map.of("status", "bloqué"));
    calls.put("changelog", Map.of("tag", "décision"));
    calls.put("states", Map.of());
    calls.put("descriptions", Map.of());
    calls.put("buckets", Map.of());
    return calls;
  }

  @Test
  void everyToolDeclaresAnObjectOutputSchema() {
    assertThat(tools.keySet()).containsExactlyInAnyOrderElementsOf(calls().keySet());
    assertThat(tools.values()).allSatisfy(tool -> {
      assertThat(tool.outputSchema()).as(tool.name()).containsEntry("type", "object");
      assertThat(VALIDATOR.validateSchema(tool.outputSchema()).valid()).as(tool.name()).isTrue();
    });
  }

  @Test
  void everyToolAnswersStructuredContentValidAgainstItsOutputSchema() {
    calls().forEach((name, args) -> {
      CallToolResult result = call(name, args);
      assertThat(result.isError()).as(name + ": " + text(result)).isNotEqualTo(Boolean.TRUE);
      assertThat(result.structuredContent()).as(name).isInstanceOf(Map.class);
      JsonSchemaValidator.ValidationResponse valid =
          VALIDATOR.validate(tools.get(name).outputSchema(), result.structuredContent());
      assertThat(valid.valid()).as(name + ": " + valid.errorMessage()).isTrue();
      assertThat(text(result)).as(name).isNotBlank();
    });
  }

  @Test
  void listsAreWrappedInAnObjectAndTheTextKeepsTheBareArray() throws Exception {
    CallToolResult result = call("tasks", Map.of("status", "bloqué"));
    List<Map<String, Object>> rows = rows(result);
    assertThat(rows).isNotEmpty();
    List<Map<String, Object>> fromText = JSON.readValue(text(result),
        new TypeReference<List<Map<String, Object>>>() {});
    assertThat(fromText).isEqualTo(rows);
  }

  @Test
  void searchStructuredContentIsTheResultsCorrectedAndSuggestionsObject() throws Exception {
    CallToolResult result = call("search", Map.of("query", "idempotance"));
    @SuppressWarnings("unchecked")
    Map<String, Object> structured = (Map<String, Object>) result.structuredContent();
    assertThat(structured).containsEntry("corrected", Map.of("idempotance", "idempotence"));
    assertThat(rows(result)).isNotEmpty().allSatisfy(r ->
        assertThat(r).containsEntry("matchType", "fuzzy"));
    assertThat(JSON.readValue(text(result), new TypeReference<List<Map<String, Object>>>() {}))
        .isEqualTo(rows(result));
  }

  @Test
  void searchRowsSayTheirDateAndWhereItComesFromAndACorrectionKeepsItsAccents() {
    CallToolResult result = call("search", Map.of("query", "webhook cautionnement"));
    assertThat(rows(result)).anySatisfy(r -> assertThat(r)
        .containsEntry("path", "projects/startup-x/changelog.md")
        .containsEntry("date", "2025-07-14").containsEntry("dateSource", "changelog day"));
    assertThat(rows(result)).anySatisfy(r -> assertThat(r)
        .containsEntry("path", "projects/startup-x/state.md")
        .containsEntry("date", "2025-07-15").containsEntry("dateSource", "frontmatter:updated"));
    CallToolResult corrected = call("search", Map.of("query", "tresorie"));
    @SuppressWarnings("unchecked")
    Map<String, Object> structured = (Map<String, Object>) corrected.structuredContent();
    assertThat(structured).containsEntry("corrected", Map.of("tresorie", "trésorerie"));
    assertThat(corrected.content()).hasSize(2);
    assertThat(((TextContent) corrected.content().get(1))
        .text()).isEqualTo("Showing results for \"trésorerie\" (no match for \"tresorie\")");
  }

  @Test
  void concatAndBriefGiveTheirBlocksAsData() {
    CallToolResult concat = call("concat", Map.of(
        "items", List.of("projects/startup-x/state.md:1-3"), "overview", "The state."));
    @SuppressWarnings("unchecked")
    Map<String, Object> doc = (Map<String, Object>) concat.structuredContent();
    assertThat(doc).containsEntry("overview", "The state.");
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> blocks = (List<Map<String, Object>>) doc.get("blocks");
    assertThat(blocks).singleElement().satisfies(b ->
        assertThat(b).containsEntry("path", "projects/startup-x/state.md")
            .containsEntry("lines", "1-3").containsEntry("wholeFile", false));
    assertThat(text(concat)).startsWith("The state.").contains("## projects/startup-x/state.md");

    CallToolResult brief = call("brief", Map.of("query", "webhook"));
    @SuppressWarnings("unchecked")
    Map<String, Object> b = (Map<String, Object>) brief.structuredContent();
    assertThat(b).containsEntry("overviewSource", "mechanical");
    assertThat(text(brief)).startsWith((String) b.get("overview"));
    assertThat((List<?>) b.get("blocks")).isNotEmpty();
  }

  @Test
  void aRefusedCallIsATextErrorWithoutStructuredContent() {
    CallToolResult result = call("search", Map.of("query", "x", "scope", "everything"));
    assertThat(result.isError()).isTrue();
    assertThat(result.structuredContent()).isNull();
    assertThat(text(result)).contains("everything");
  }

  private static CallToolResult call(String tool, Map<String, Object> args) {
    return mcp.client.callTool(CallToolRequest.builder(tool).arguments(args).build());
  }

  private static String text(CallToolResult result) {
    return ((TextContent) result.content().get(0)).text();
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> rows(CallToolResult result) {
    return (List<Map<String, Object>>) ((Map<String, Object>) result.structuredContent())
        .get("results");
  }
}
