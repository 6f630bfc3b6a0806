package org.qmd4j.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * The one shape of every error the server sends, whoever notices it (a servlet, the guard,
 * Jetty parsing a request it cannot read): {@code {"error": "..."}} under {@code /api},
 * a JSON-RPC error under {@code /mcp}, the app's error page elsewhere. The message is the
 * server's own sentence for the status (or the caller's, already written for people), never
 * Jetty's text, a class name or a stack trace.
 */
final class ErrorPages extends ErrorHandler {
  /** JSON-RPC: the body is not JSON. */
  static final int PARSE_ERROR = -32700;
  private static final Templates TEMPLATES = new Templates();
  /** JSON-RPC: the body is JSON but not a valid request. */
  static final int INVALID_REQUEST = -32600;
  /** JSON-RPC: the request's params do not fit its method. */
  static final int INVALID_PARAMS = -32602;
  /** JSON-RPC: a failure of the server. */
  static final int INTERNAL_ERROR = -32603;
  /** JSON-RPC, server range: the server is busy (a cap is reached) or stopping. */
  static final int SERVER_BUSY = -32000;
  /** JSON-RPC, server range: no such MCP session. */
  static final int SESSION_NOT_FOUND = -32001;

  ErrorPages() {
    setShowStacks(false);
    setShowCauses(false);
    setShowMessageInTitle(false);
    setShowOrigin(false);
  }

  @Override
  protected void generateResponse(Request request, Response response, int code,
      String message, Throwable cause, Callback callback) {
    String path = request.getHttpURI() == null ? null : request.getHttpURI().getPath();
    Body body = body(path, code, statusMessage(code, request.getMethod(), path), null);
    response.setStatus(code);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, body.type());
    response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
    response.getHeaders().put("Content-Security-Policy", Guard.CSP);
    response.getHeaders().put("X-Content-Type-Options", "nosniff");
    response.write(true, ByteBuffer.wrap(body.bytes()), callback);
  }

  @Override
  public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
    // A request Jetty could not parse far enough to know its path: the page's shape.
    Body body = body(null, status, statusMessage(status, null, null), null);
    fields.put(new HttpField(HttpHeader.CONTENT_TYPE, body.type()));
    return ByteBuffer.wrap(body.bytes());
  }

  /** A body and its media type. */
  record Body(String type, byte[] bytes) {}

  /**
   * The error body for a request to {@code path}; {@code id} is the JSON-RPC id it answers
   * ({@code null} when unknown).
   */
  static Body body(String path, int status, String message, Object id) {
    if (path != null && (path.equals("/api") || path.startsWith("/api/"))) {
      return new Body("application/json;charset=utf-8", Json.bytes(Map.of("error", message)));
    }
    if (path != null && (path.equals("/mcp") || path.startsWith("/mcp/"))) {
      return new Body("application/json;charset=utf-8",
          jsonRpc(id, jsonRpcCode(status), message));
    }
    return new Body("text/html;charset=utf-8", page(status, message));
  }

  /** Writes the error body for {@code req} with its status. */
  static void send(HttpServletRequest req, HttpServletResponse resp, int status,
      String message) throws IOException {
    send(resp, status, body(req.getRequestURI(), status, message, null));
  }

  /** Writes a JSON-RPC error to an MCP client. */
  static void sendJsonRpc(HttpServletResponse resp, int status, int code, String message,
      Object id) throws IOException {
    send(resp, status, new Body("application/json;charset=utf-8", jsonRpc(id, code, message)));
  }

  private static void send(HttpServletResponse resp, int status, Body body)
      throws IOException {
    resp.resetBuffer();
    resp.setStatus(status);
    resp.setContentType(body.type());
    resp.setHeader("Cache-Control", "no-store");
    resp.setContentLength(body.bytes().length);
    OutputStream out = resp.getOutputStream();
    out.write(body.bytes());
    out.flush();
  }

  /** {@code {"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}}}. */
  static byte[] jsonRpc(Object id, int code, String message) {
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("code", code);
    error.put("message", message);
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("jsonrpc", "2.0");
    body.put("id", id);
    body.put("error", error);
    return Json.bytes(body);
  }

  /** The JSON-RPC code of an HTTP error status on {@code /mcp}. */
  static int jsonRpcCode(int status) {
    if (status == 404) return SESSION_NOT_FOUND;
    if (status == 429 || status == 503) return SERVER_BUSY;
    if (status >= 500) return INTERNAL_ERROR;
    return INVALID_REQUEST;
  }

  /** The server's sentence for an error status it did not word itself. */
  static String statusMessage(int status, String method, String path) {
    String where = path == null ? "this address" : path;
    switch (status) {
      case 400: return "The request cannot be read: it is not well-formed HTTP (a malformed "
          + "header, or an address whose escapes are not UTF-8)";
      case 404: return "Nothing is served at " + where;
      case 405: return (method == null ? "This method" : method) + " is not allowed at " + where
          + "; the server answers GET, HEAD and POST (and DELETE at /mcp)";
      case 408: return "The request took too long to arrive; send it again";
      case 413: return "The request body is too large";
      case 414: return "The address is too long (over 8 KB); send long arguments in the body "
          + "of POST /api/concat or POST /api/find";
      case 415: return "Send the body as JSON with Content-Type: application/json";
      case 429: return "Too many requests from this client; retry later";
      case 431: return "The request's headers are too large (over 8 KB in all)";
      case 500: return "Internal error; the server's log has the details";
      case 503: return "The server is busy or stopping; retry later";
      default:
        String reason = HttpStatus.getMessage(status);
        return "The request failed: " + status + (reason == null ? "" : " " + reason);
    }
  }

  /** The app's error page: its masthead and stylesheet, the message, a way back. */
  static byte[] page(int status, String message) {
    String reason = HttpStatus.getMessage(status);
    String title = reason == null ? "Error " + status : reason;
    String html = TEMPLATES.render("error.jte", new Page(title, message));
    return html.getBytes(StandardCharsets.UTF_8);
  }

  /** What the error page shows: the status's reason and the message. */
  record Page(String title, String message) {}
}
