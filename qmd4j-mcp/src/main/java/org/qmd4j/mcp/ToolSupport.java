package org.qmd4j.mcp;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Supplier;
import org.qmd4j.search.SearchException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What every tool shares: schemas from resources, argument reading, errors as tool errors. */
final class ToolSupport {
  private static final Logger LOG = LoggerFactory.getLogger(ToolSupport.class);

  private ToolSupport() {}

  /** A tool whose input schema is the resource {@code <name>.schema.json} beside this class. */
  static McpSchema.Tool tool(String name, String description) {
    String resource = name + ".schema.json";
    try (InputStream in = ToolSupport.class.getResourceAsStream(resource)) {
      if (in == null) throw new AssertionError("Missing resource " + resource);
      String schema = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return McpSchema.Tool.builder().name(name).description(description)
          .inputSchema(Qmd4jMcpServer.JSON, schema).build();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the bundled resource " + resource, e);
    }
  }

  /**
   * Runs a tool body; a {@link SearchException} (bad input or engine failure) or a bad
   * argument becomes a tool error with its message, so the server keeps answering.
   */
  static CallToolResult call(String tool, Supplier<CallToolResult> body) {
    try {
      return body.get();
    } catch (SearchException | IllegalArgumentException e) {
      return error(e.getMessage());
    } catch (RuntimeException e) {
      LOG.warn("Tool {} failed", tool, e);
      return error("Internal error in " + tool + ": " + e);
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

  static int integer(Map<String, Object> args, String name, int defaultValue) {
    Object v = args == null ? null : args.get(name);
    if (v == null) return defaultValue;
    if (v instanceof Number
        && ((Number) v).doubleValue() == Math.rint(((Number) v).doubleValue())) {
      return ((Number) v).intValue();
    }
    throw new IllegalArgumentException("Argument '" + name + "' must be an integer but was " + v);
  }
}
