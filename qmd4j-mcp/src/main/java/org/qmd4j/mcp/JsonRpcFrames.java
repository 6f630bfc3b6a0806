package org.qmd4j.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Turns one line of a stdio session into a JSON-RPC message, or into the JSON-RPC error that
 * answers it: not JSON (or nested too deep) is a parse error (-32700); a batch, a non-object or
 * an object that is no JSON-RPC 2.0 request, notification or response is an invalid request
 * (-32600). Stateless and thread-safe.
 */
final class JsonRpcFrames {
  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;

  /** Jackson's defaults bound the work per line: nesting depth 1000, strings of 20M chars. */
  private static final ObjectMapper TREE =
      new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private JsonRpcFrames() {}

  /** A line that is not a JSON-RPC message: the error to answer, with the id when known. */
  static final class Rejected extends Exception {
    private static final long serialVersionUID = 1L;
    final int code;
    final JsonNode id;

    Rejected(int code, String message, JsonNode id) {
      super(message, null, false, false);
      this.code = code;
      this.id = id;
    }

    /** The JSON-RPC error response, as a frame. */
    byte[] response() {
      return error(id, code, getMessage());
    }
  }

  /**
   * The message of {@code line}.
   *
   * @throws Rejected when the line is not JSON or not a JSON-RPC 2.0 message
   */
  static JSONRPCMessage parse(McpJsonMapper mapper, byte[] line) throws Rejected {
    JsonNode node;
    try {
      node = TREE.readTree(line);
    } catch (JsonProcessingException e) {
      throw new Rejected(PARSE_ERROR, "Parse error: the line is not JSON ("
          + shorten(e.getOriginalMessage()) + ")", null);
    } catch (IOException e) {
      throw new UncheckedIOException("Reading a byte array cannot fail", e);
    }
    if (node == null || node.isMissingNode()) {
      throw new Rejected(PARSE_ERROR, "Parse error: the line is not JSON", null);
    }
    if (node.isArray()) {
      throw new Rejected(INVALID_REQUEST, "Invalid Request: MCP does not take JSON-RPC batches; "
          + "send each message on its own line", null);
    }
    if (!node.isObject()) {
      throw new Rejected(INVALID_REQUEST, "Invalid Request: a message must be a JSON object "
          + "but was " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT), null);
    }
    JsonNode id = node.get("id");
    boolean validId = id != null && (id.isTextual() || id.isIntegralNumber());
    JsonNode answerId = validId ? id : null;
    if (id != null && !validId) {
      throw new Rejected(INVALID_REQUEST, "Invalid Request: 'id' must be a string or an integer "
          + "but was " + id, null);
    }
    if (!"2.0".equals(node.path("jsonrpc").asText(null))
        || !node.path("jsonrpc").isTextual()) {
      throw new Rejected(INVALID_REQUEST, "Invalid Request: 'jsonrpc' must be \"2.0\"",
          answerId);
    }
    JsonNode method = node.get("method");
    Class<? extends JSONRPCMessage> type;
    if (method != null) {
      if (!method.isTextual()) {
        throw new Rejected(INVALID_REQUEST, "Invalid Request: 'method' must be a string",
            answerId);
      }
      JsonNode params = node.get("params");
      if (params != null && !params.isObject()) {
        throw new Rejected(INVALID_REQUEST, "Invalid Request: 'params' must be an object",
            answerId);
      }
      type = id == null ? McpSchema.JSONRPCNotification.class : McpSchema.JSONRPCRequest.class;
    } else if (id != null && node.has("result") != node.has("error")) {
      type = McpSchema.JSONRPCResponse.class;
    } else {
      throw new Rejected(INVALID_REQUEST, "Invalid Request: a message needs a 'method' "
          + "(request or notification) or an 'id' with a 'result' or an 'error' (response)",
          answerId);
    }
    try {
      return mapper.convertValue(node, type);
    } catch (RuntimeException e) {
      throw new Rejected(INVALID_REQUEST, "Invalid Request: " + shorten(e.getMessage()),
          answerId);
    }
  }

  /** A JSON-RPC error response frame. */
  static byte[] error(JsonNode id, int code, String message) {
    ObjectNode frame = TREE.createObjectNode();
    frame.put("jsonrpc", "2.0");
    if (id == null) frame.putNull("id");
    else frame.set("id", id);
    ObjectNode error = frame.putObject("error");
    error.put("code", code);
    error.put("message", message);
    try {
      return TREE.writeValueAsBytes(frame);
    } catch (JsonProcessingException e) {
      throw new AssertionError("A tree of strings and numbers is always JSON", e);
    }
  }

  private static String shorten(String s) {
    if (s == null) return "no detail";
    String one = s.replaceAll("\\s+", " ").strip();
    return one.length() <= 200 ? one : one.substring(0, 200) + "...";
  }
}
