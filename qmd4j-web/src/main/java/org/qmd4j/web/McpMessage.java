package org.qmd4j.web;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * One JSON-RPC 2.0 message of an MCP client, checked before the SDK reads it: the body is
 * JSON ({@code -32700} otherwise), one object (no batch: MCP over Streamable HTTP takes one
 * message per request), {@code "jsonrpc": "2.0"}, a request ({@code method} and {@code id}),
 * a notification ({@code method}) or a response ({@code id} with {@code result} or {@code
 * error}), with object {@code params}; an {@code initialize} request carries {@code
 * protocolVersion}, {@code capabilities} and {@code clientInfo}. Anything else is {@code
 * -32600} (or {@code -32602} for an initialize's params), in words that name no class.
 *
 * @param id the message's id (a string or a number), or {@code null} for a notification
 * @param method the method, or {@code null} for a response
 */
record McpMessage(Object id, String method) {
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  private static final String ONE_MESSAGE = "send one JSON-RPC 2.0 message, a JSON object "
      + "such as {\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/list\"}";

  /** A body that is not a message: its JSON-RPC code, the message, and the id if one was read. */
  static final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;
    private final int code;
    private final transient Object id;

    Refusal(int code, String message, Object id) {
      super(message, null, false, false);
      this.code = code;
      this.id = id;
    }

    int code() {
      return code;
    }

    Object id() {
      return id;
    }
  }

  /** Whether this is the {@code initialize} request, which opens a session. */
  boolean isInitialize() {
    return "initialize".equals(method) && id != null;
  }

  /**
   * The message of {@code body}.
   *
   * @throws Refusal if it is not one JSON-RPC message an MCP server takes
   */
  static McpMessage parse(byte[] body) throws Refusal {
    JsonNode root;
    try {
      root = JSON.readTree(body);
    } catch (JsonParseException e) {
      throw new Refusal(ErrorPages.PARSE_ERROR, "Parse error: the body is not valid JSON "
          + where(e.getLocation()) + "; " + ONE_MESSAGE, null);
    } catch (JsonProcessingException e) {
      throw new Refusal(ErrorPages.PARSE_ERROR, "Parse error: the body is not one JSON value "
          + where(e.getLocation()) + "; " + ONE_MESSAGE, null);
    } catch (IOException e) {
      throw new Refusal(ErrorPages.PARSE_ERROR, "Parse error: the body cannot be read as UTF-8 "
          + "JSON; " + ONE_MESSAGE, null);
    }
    if (root == null || root.isMissingNode()) {
      throw new Refusal(ErrorPages.PARSE_ERROR, "Parse error: the body is empty; " + ONE_MESSAGE,
          null);
    }
    if (root.isArray()) {
      throw new Refusal(ErrorPages.INVALID_REQUEST, "A batch (a JSON array of messages) is not "
          + "accepted: MCP over Streamable HTTP takes one message per request; " + ONE_MESSAGE,
          null);
    }
    if (!root.isObject()) {
      throw new Refusal(ErrorPages.INVALID_REQUEST, "The body is " + kind(root)
          + ", not a message; " + ONE_MESSAGE, null);
    }
    Object id = id(root.get("id"));
    JsonNode version = root.get("jsonrpc");
    if (version == null || !version.isTextual() || !version.asText().equals("2.0")) {
      throw new Refusal(ErrorPages.INVALID_REQUEST, "The message needs \"jsonrpc\": \"2.0\""
          + (version == null ? "" : " but has " + kind(version)), id);
    }
    JsonNode idNode = root.get("id");
    if (idNode != null && id == null) {
      throw new Refusal(ErrorPages.INVALID_REQUEST, "The message's \"id\" must be a string or "
          + "an integer but is " + kind(idNode), null);
    }
    JsonNode method = root.get("method");
    boolean response = root.has("result") || root.has("error");
    if (method == null) {
      if (!response) {
        throw new Refusal(ErrorPages.INVALID_REQUEST, "The message has no \"method\": a "
            + "request or notification names its method, a response carries \"result\" or "
            + "\"error\"", id);
      }
      if (id == null) {
        throw new Refusal(ErrorPages.INVALID_REQUEST, "A response needs the \"id\" of the "
            + "request it answers", null);
      }
      if (root.has("result") == root.has("error")) {
        throw new Refusal(ErrorPages.INVALID_REQUEST, "A response carries either \"result\" "
            + "or \"error\", not both", id);
      }
      if (root.has("error") && !root.get("error").isObject()) {
        throw new Refusal(ErrorPages.INVALID_REQUEST, "A response's \"error\" must be an "
            + "object with code and message", id);
      }
      return new McpMessage(id, null);
    }
    if (!method.isTextual() || method.asText().isBlank()) {
      throw new Refusal(ErrorPages.INVALID_REQUEST, "The message's \"method\" must be a "
          + "name such as tools/call but is " + kind(method), id);
    }
    if (response) {
      throw new Refusal(ErrorPages.INVALID_REQUEST, "A message is a request or a response: "
          + "it cannot carry both \"method\" and \"result\" or \"error\"", id);
    }
    JsonNode params = root.get("params");
    if (params != null && !params.isObject() && !params.isNull()) {
      throw new Refusal(ErrorPages.INVALID_REQUEST, "The message's \"params\" must be an "
          + "object but is " + kind(params), id);
    }
    McpMessage message = new McpMessage(id, method.asText());
    if (message.isInitialize()) checkInitialize(params, id);
    return message;
  }

  private static void checkInitialize(JsonNode params, Object id) throws Refusal {
    String needs = "initialize takes params {\"protocolVersion\": \"2025-06-18\", "
        + "\"capabilities\": {}, \"clientInfo\": {\"name\": ..., \"version\": ...}}";
    if (params == null || !params.isObject()) {
      throw new Refusal(ErrorPages.INVALID_PARAMS, "Invalid params: " + needs, id);
    }
    JsonNode version = params.get("protocolVersion");
    JsonNode capabilities = params.get("capabilities");
    JsonNode client = params.get("clientInfo");
    if (version == null || !version.isTextual()
        || capabilities == null || !capabilities.isObject()
        || client == null || !client.isObject()
        || !client.path("name").isTextual() || !client.path("version").isTextual()) {
      throw new Refusal(ErrorPages.INVALID_PARAMS, "Invalid params: " + needs, id);
    }
  }

  /** A string id, or an integral one within a long; else null. */
  private static Object id(JsonNode id) {
    if (id == null) return null;
    if (id.isTextual()) return id.asText();
    if (id.isIntegralNumber() && id.canConvertToLong()) return id.asLong();
    return null;
  }

  private static String kind(JsonNode node) {
    if (node.isNull()) return "null";
    if (node.isTextual()) return "a string";
    if (node.isNumber()) return "a number";
    if (node.isBoolean()) return "a boolean";
    if (node.isArray()) return "an array";
    if (node.isObject()) return "an object";
    return "another value";
  }

  private static String where(JsonLocation at) {
    if (at == null || at.getLineNr() < 1) return "";
    return "(line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
  }

  /** {@code request} with {@code body} to read again: the gate has read the original. */
  static HttpServletRequest replaying(HttpServletRequest request, byte[] body) {
    return new HttpServletRequestWrapper(request) {
      private final ByteArrayInputStream bytes = new ByteArrayInputStream(body);

      @Override
      public ServletInputStream getInputStream() {
        return new ServletInputStream() {
          @Override
          public int read() {
            return bytes.read();
          }

          @Override
          public int read(byte[] b, int off, int len) {
            return bytes.read(b, off, len);
          }

          @Override
          public boolean isFinished() {
            return bytes.available() == 0;
          }

          @Override
          public boolean isReady() {
            return true;
          }

          @Override
          public void setReadListener(ReadListener listener) {
            throw new IllegalStateException("The body is already read");
          }
        };
      }

      @Override
      public BufferedReader getReader() {
        return new BufferedReader(new InputStreamReader(bytes, StandardCharsets.UTF_8));
      }

      @Override
      public int getContentLength() {
        return body.length;
      }

      @Override
      public long getContentLengthLong() {
        return body.length;
      }

      @Override
      public String getCharacterEncoding() {
        return "UTF-8";
      }
    };
  }
}
