package org.qmd4j.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Supplier;
import org.qmd4j.ErrorMessages;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.SearchException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What every tool shares: schemas from resources, argument reading, errors as tool errors. */
final class ToolSupport {
  private static final Logger LOG = LoggerFactory.getLogger(ToolSupport.class);
  private static final ObjectMapper PLAIN = new ObjectMapper();

  /** The longest query taken: a long paragraph; longer ones are refused, not truncated. */
  static final int MAX_QUERY_CHARS = 10_000;

  private ToolSupport() {}

  /**
   * A tool whose input schema is the resource {@code <name>.schema.json} beside this class and
   * whose output schema (that of its {@code structuredContent}, MCP 2025-06-18) is
   * {@code <name>.output.json}.
   */
  static McpSchema.Tool tool(String name, String description) {
    return tool(name, description, Map.of());
  }

  /**
   * {@link #tool(String, String)} with other descriptions for some arguments
   * ({@code described}: argument name to description), as a vault's layout needs them.
   */
  static McpSchema.Tool tool(String name, String description, Map<String, String> described) {
    String schema = resource(name + ".schema.json");
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
        .outputSchema(Qmd4jMcpServer.JSON, resource(name + ".output.json")).build();
  }

  private static String resource(String resource) {
    try (InputStream in = ToolSupport.class.getResourceAsStream(resource)) {
      if (in == null) throw new AssertionError("Missing resource " + resource);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the bundled resource " + resource, e);
    }
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

  static String string(Map<String, Object> args, String name) {
    Object v = args == null ? null : args.get(name);
    if (v == null) return null;
    if (!(v instanceof String)) {
      throw new IllegalArgumentException("Argument '" + name + "' must be a string but was " + v);
    }
    return (String) v;
  }

  /**
   * The integer argument {@code name}, or {@code defaultValue} when absent.
   *
   * @throws IllegalArgumentException naming the argument and the valid range when the value is
   *     not a whole number from {@code min} to {@code max} (never wrapped to fit an int)
   */
  static int integer(Map<String, Object> args, String name, int defaultValue, int min,
      int max) {
    Object v = args == null ? null : args.get(name);
    if (v == null) return defaultValue;
    BigDecimal n = v instanceof Number ? decimal((Number) v) : null;
    if (n == null || n.stripTrailingZeros().scale() > 0
        || n.compareTo(BigDecimal.valueOf(min)) < 0 || n.compareTo(BigDecimal.valueOf(max)) > 0) {
      throw new IllegalArgumentException("Argument '" + name + "' must be an integer from " + min
          + " to " + max + " but was " + v);
    }
    return n.intValueExact();
  }

  private static BigDecimal decimal(Number n) {
    if (n instanceof Double || n instanceof Float) {
      double d = n.doubleValue();
      return Double.isFinite(d) ? new BigDecimal(d) : null;
    }
    try {
      return new BigDecimal(n.toString());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * The query argument of {@code search}, {@code brief} and {@code find_notes}, or null.
   *
   * @throws IllegalArgumentException if it is longer than {@link #MAX_QUERY_CHARS}
   */
  static String query(Map<String, Object> args) {
    String query = string(args, "query");
    if (query != null && query.length() > MAX_QUERY_CHARS) {
      throw new IllegalArgumentException("Argument 'query' is " + query.length()
          + " characters long; the limit is " + MAX_QUERY_CHARS + " characters: keep the words "
          + "that matter (names, identifiers, key terms)");
    }
    return query;
  }
}
