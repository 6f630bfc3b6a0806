package org.qmd4j.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.function.Supplier;
import org.qmd4j.ErrorMessages;
import org.qmd4j.catalogue.Operation;
import org.qmd4j.catalogue.Operations;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.SearchException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every tool shares: input and output schemas from the catalogue of operations, errors as
 * tool errors.
 */
final class ToolSupport {
  private static final Logger LOG = LoggerFactory.getLogger(ToolSupport.class);
  private static final ObjectMapper PLAIN = new ObjectMapper();

  private ToolSupport() {}

  /**
   * A tool whose input schema is generated from the request record of the operation
   * {@code name} ({@link Operations}), and its output schema (that of its
   * {@code structuredContent}, MCP 2025-06-18) from the record describing its answer.
   */
  static McpSchema.Tool tool(String name, String description) {
    return tool(name, description, Map.of());
  }

  /**
   * {@link #tool(String, String)} with other descriptions for some arguments
   * ({@code described}: argument name to description), as a vault's layout needs them.
   */
  static McpSchema.Tool tool(String name, String description, Map<String, String> described) {
    Operation<?, ?> operation = Operations.named(name)
        .orElseThrow(() -> new AssertionError("No operation " + name));
    String schema = operation.inputSchema();
    if (!described.isEmpty()) {
      try {
        ObjectNode root = (ObjectNode) PLAIN.readTree(schema);
        described.forEach((argument, text) -> {
          JsonNode property = root.path("properties").path(argument);
          if (!(property instanceof ObjectNode)) {
            throw new AssertionError("No argument " + argument + " in " + name);
          }
          ((ObjectNode) property).put("description", text);
        });
        schema = PLAIN.writeValueAsString(root);
      } catch (IOException e) {
        throw new UncheckedIOException("The bundled schema of " + name + " is not JSON", e);
      }
    }
    return McpSchema.Tool.builder(name, Qmd4jMcpServer.JSON, schema)
        .description(description)
        .outputSchema(Qmd4jMcpServer.JSON, operation.outputSchema()).build();
  }

  /** {@code value} as JSON text, for the text content that old clients read. */
  static String json(Object value) {
    try {
      return Qmd4jMcpServer.JSON.writeValueAsString(value);
    } catch (IOException e) {
      throw new UncheckedIOException("JSON of plain maps cannot fail", e);
    }
  }

  /**
   * Runs a tool body; a {@link SearchException} (bad input or engine failure) or a bad
   * argument becomes a tool error with its message, so the server keeps answering.
   */
  static CallToolResult call(String tool, Supplier<CallToolResult> body) {
    try {
      return body.get();
    } catch (InvalidRequestException | IllegalArgumentException e) {
      LOG.debug("Tool {} refused its arguments", tool, e);
      return error(ErrorMessages.forPeople(e, null, null));
    } catch (SearchException e) {
      LOG.warn("Tool {} failed: {}", tool, e.getMessage(), e);
      return error(ErrorMessages.forPeople(e, null, null));
    } catch (RuntimeException e) {
      LOG.error("Tool {} failed unexpectedly", tool, e);
      return error("Internal error in the " + tool + " tool; the server's log has the details,"
          + " please report it");
    }
  }

  static CallToolResult error(String message) {
    return CallToolResult.builder().isError(true).addTextContent(message).build();
  }
}
