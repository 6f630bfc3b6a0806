package org.qmd4j.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The answer to {@code server/discover}, the request with which a client of MCP 2026-07-28
 * (which has no {@code initialize} handshake) asks a server what it is before anything else.
 * The MCP Java SDK does not know the method, so the transports answer it themselves, before the
 * session sees it: the server's name and version, its capabilities, its instructions, and the
 * protocol versions it serves ({@code supportedVersions}, newest first). Those are the versions
 * of the {@code initialize} handshake: a client that speaks them goes on with
 * {@code initialize}, on the same connection; a client that speaks only 2026-07-28 finds it
 * missing from the list. Discovery keeps no state and opens no session. Immutable and
 * thread-safe.
 */
final class Discovery {
  static final String METHOD = "server/discover";
  private static final ObjectMapper TREE = new ObjectMapper();

  private final ObjectNode result;

  Discovery(String name, String version, McpSchema.ServerCapabilities capabilities,
      String instructions, List<String> protocolVersions) {
    List<String> versions = new ArrayList<>(protocolVersions);
    versions.sort(Comparator.reverseOrder()); // dates: newest first
    ObjectNode r = TREE.createObjectNode();
    r.put("resultType", "complete");
    versions.forEach(r.putArray("supportedVersions")::add);
    try {
      r.set("capabilities", TREE.readTree(Qmd4jMcpServer.JSON.writeValueAsString(capabilities)));
    } catch (IOException e) {
      throw new AssertionError("The SDK writes its own capabilities as JSON", e);
    }
    r.putObject("serverInfo").put("name", name).put("version", version);
    r.put("instructions", instructions);
    this.result = r;
  }

  /**
   * The id of {@code message} when it is a {@code server/discover} request (a JSON-RPC 2.0
   * object with that method and a string or integer id), else null.
   */
  static JsonNode requestId(JsonNode message) {
    if (message == null || !message.isObject()) return null;
    JsonNode id = message.get("id");
    boolean request = "2.0".equals(message.path("jsonrpc").textValue())
        && METHOD.equals(message.path("method").textValue())
        && id != null && (id.isTextual() || id.isIntegralNumber());
    return request ? id : null;
  }

  /** {@link #requestId(JsonNode)} of a body or line not parsed yet: null when it is no JSON. */
  static JsonNode requestId(byte[] body) {
    try {
      return requestId(TREE.readTree(body));
    } catch (IOException e) {
      return null; // not JSON: not a discovery, and the SDK's path answers it
    }
  }

  /** The JSON-RPC response to the request {@code id}, as one frame. */
  byte[] answer(JsonNode id) {
    ObjectNode frame = TREE.createObjectNode();
    frame.put("jsonrpc", "2.0");
    frame.set("id", id);
    frame.set("result", result);
    try {
      return TREE.writeValueAsBytes(frame);
    } catch (JsonProcessingException e) {
      throw new AssertionError("A tree of strings and numbers is always JSON", e);
    }
  }
}
