package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.qmd4j.Fixtures;
import org.qmd4j.ForPeople;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/**
 * Jazzer fuzzing of MCP tool arguments, as an agent may send them: the first byte
 * picks a tool, the rest is its arguments (a JSON object, or any text as the query). Every
 * call gives a result or a tool error fit for a person; never an internal error. Corpus under
 * {@code src/test/resources/org/qmd4j/mcp/ToolArgumentsFuzzTestInputs/METHOD/}.
 */
@Tag("fuzz")
class ToolArgumentsFuzzTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonSchemaValidator VALIDATOR = new DefaultJsonSchemaValidator();
  private static final Searcher SEARCHER =
      SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
  private static final List<SyncToolSpecification> TOOLS = Qmd4jMcpServer.tools(SEARCHER,
      ServerSettings.DEFAULT);

  @FuzzTest(maxDuration = "10s")
  void everyToolAnswersOrSaysWhyWhateverTheArguments(byte[] bytes) {
    if (bytes.length == 0) return;
    SyncToolSpecification tool = TOOLS.get((bytes[0] & 0xFF) % TOOLS.size());
    String text = new String(bytes, 1, bytes.length - 1, StandardCharsets.UTF_8);
    Map<String, Object> args;
    try {
      Object parsed = JSON.readValue(text, Object.class);
      if (parsed instanceof Map) {
        @SuppressWarnings("unchecked")
        Map<String, Object> map = (Map<String, Object>) parsed;
        args = map;
      } else {
        args = new LinkedHashMap<>();
        args.put("query", parsed);
        args.put("path", parsed);
        args.put("items", parsed);
      }
    } catch (JsonProcessingException notJson) {
      args = new LinkedHashMap<>(Map.of("query", text, "path", text));
    }
    McpSchema.CallToolResult r = tool.callHandler().apply(null,
        McpSchema.CallToolRequest.builder(tool.tool().name()).arguments(args).build());
    if (Boolean.TRUE.equals(r.isError())) {
      String message = ((McpSchema.TextContent) r.content().get(0)).text();
      assertThat(message).as(tool.tool().name() + " " + args)
          .doesNotStartWith("Internal error");
      ForPeople.check(message, tool.tool().name() + " " + args);
    } else {
      // Called directly, the handler is not checked by the SDK server: check it here.
      JsonSchemaValidator.ValidationResponse valid =
          VALIDATOR.validate(tool.tool().outputSchema(), r.structuredContent());
      assertThat(valid.valid()).as(tool.tool().name() + " " + args + ": "
          + valid.errorMessage()).isTrue();
    }
  }
}
