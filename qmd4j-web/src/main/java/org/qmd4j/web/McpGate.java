package org.qmd4j.web;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What stands between a client and the MCP SDK's Streamable HTTP servlet at {@code /mcp}: it
 * reads each POST body and answers one that is not a JSON-RPC message itself ({@link
 * McpMessage}: parse error {@code -32700}, invalid request {@code -32600}, HTTP 400), checks the
 * headers and the session before the SDK sees them, caps the sessions and event streams open
 * at once (in all and per client address, {@link McpSessions}), closes event streams and
 * request streams after their time, and rewrites whatever error the SDK still answers into the
 * server's JSON-RPC error shape, so no answer carries the SDK's serialized exception.
 */
final class McpGate implements Filter {
  private static final Logger LOG = LoggerFactory.getLogger(McpGate.class);
  /** The largest MCP message read; the biggest tool arguments (concat items) are far less. */
  static final int MAX_BODY = 4 << 20;
  /** What a refusal past a cap asks the client to wait, in seconds. */
  static final int RETRY_AFTER = 30;
  static final String SESSION_HEADER = "Mcp-Session-Id";

  /**
   * MCP requests handled at once: the SDK holds a server thread for the whole of a tool call,
   * so half of the pool at most, and the API keeps the rest.
   */
  static final int MAX_IN_FLIGHT = 8;

  private final WebLimits limits;
  private final McpSessions sessions;
  private final Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);

  McpGate(WebLimits limits) {
    this.limits = limits;
    this.sessions = new McpSessions(limits);
  }

  /** The sessions and streams it counts (for tests and the benchmark's figures). */
  McpSessions sessions() {
    return sessions;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest req = (HttpServletRequest) request;
    HttpServletResponse resp = (HttpServletResponse) response;
    switch (req.getMethod()) {
      case "POST": post(req, resp, chain); break;
      case "GET": case "HEAD": get(req, resp, chain); break;
      case "DELETE": delete(req, resp, chain); break;
      default:
        resp.setHeader("Allow", "GET, HEAD, POST, DELETE");
        refuse(resp, 405, ErrorPages.INVALID_REQUEST,
            ErrorPages.statusMessage(405, req.getMethod(), req.getRequestURI()), null);
    }
  }

  private void post(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    String type = req.getContentType();
    if (type == null || !type.toLowerCase(Locale.ROOT).strip().startsWith("application/json")) {
      refuse(resp, 415, ErrorPages.INVALID_REQUEST, "Send one JSON-RPC message as the body, "
          + "with Content-Type: application/json", null);
      return;
    }
    if (req.getContentLengthLong() > MAX_BODY) {
      refuse(resp, 413, ErrorPages.INVALID_REQUEST, tooLarge(), null);
      return;
    }
    byte[] body;
    try (InputStream in = req.getInputStream()) {
      body = in.readNBytes(MAX_BODY + 1);
    }
    if (body.length > MAX_BODY) {
      refuse(resp, 413, ErrorPages.INVALID_REQUEST, tooLarge(), null);
      return;
    }
    McpMessage message;
    try {
      message = McpMessage.parse(body);
    } catch (McpMessage.Refusal r) {
      refuse(resp, 400, r.code(), r.getMessage(), r.id());
      return;
    }
    String accept = req.getHeader("Accept");
    if (accept == null || !accept.contains("application/json")
        || !accept.contains("text/event-stream")) {
      refuse(resp, 400, ErrorPages.INVALID_REQUEST, "The Accept header must list both "
          + "application/json and text/event-stream (MCP Streamable HTTP)", message.id());
      return;
    }
    String client = req.getRemoteAddr();
    HttpServletRequest replay = McpMessage.replaying(req, body);
    if (message.isInitialize()) {
      McpSessions.Admission admission = sessions.admitSession(client);
      if (!admission.admitted()) {
        busy(resp, admission, message.id());
        return;
      }
      Answer answer = new Answer(resp);
      // Counted when the SDK names the session, before its answer can reach the client: a
      // client that sends its next request at once must find the session known.
      answer.onSession(id -> sessions.opened(admission, id));
      try {
        chain.doFilter(replay, answer);
      } finally {
        if (answer.onSession(null)) sessions.opened(admission, null); // no session opened
      }
      answer.finish(message.id());
      return;
    }
    if ("server/discover".equals(message.method())) { // answered without a session
      chain.doFilter(replay, resp);
      return;
    }
    String sessionId = session(req, resp, message.id());
    if (sessionId == null) return;
    if (!inFlight.tryAcquire()) {
      resp.setHeader("Retry-After", "1");
      refuse(resp, 503, ErrorPages.SERVER_BUSY, "The server is answering " + MAX_IN_FLIGHT
          + " MCP requests already; retry in a second", message.id());
      return;
    }
    Answer answer = new Answer(resp);
    sessions.streamStarted(sessionId);
    boolean async = false;
    try {
      chain.doFilter(replay, answer);
      if (req.isAsyncStarted()) {
        // A request's answer is a stream: bounded in time, so a tool call or a sampling
        // request that never ends cannot hold the connection and the session forever.
        limit(req.getAsyncContext(), limits.requestTimeout().toMillis(),
            () -> sessions.streamEnded(sessionId));
        async = true;
      }
    } finally {
      inFlight.release();
      if (!async) sessions.streamEnded(sessionId);
    }
    if (answer.status() == 404) sessions.forget(sessionId); // the SDK ended it meanwhile
    if (message.method() == null && answer.status() >= 500 && !resp.isCommitted()) {
      // A result or error for no request of the server: the SDK fails on it.
      refuse(resp, 400, ErrorPages.INVALID_REQUEST, "This response answers no request the "
          + "server sent (id " + message.id() + "); a client sends results only for them",
          message.id());
      return;
    }
    answer.finish(message.id());
  }

  private void get(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    String accept = req.getHeader("Accept");
    if (accept == null || !accept.contains("text/event-stream")) {
      refuse(resp, 400, ErrorPages.INVALID_REQUEST, "GET /mcp opens the server's event stream"
          + " of a session: send Accept: text/event-stream and the Mcp-Session-Id header", null);
      return;
    }
    String sessionId = session(req, resp, null);
    if (sessionId == null) return;
    String client = req.getRemoteAddr();
    McpSessions.Admission admission = sessions.admitStream(client, sessionId);
    if (!admission.admitted()) {
      busy(resp, admission, null);
      return;
    }
    Answer answer = new Answer(resp);
    boolean async = false;
    try {
      chain.doFilter(req, answer);
      if (req.isAsyncStarted()) {
        limit(req.getAsyncContext(), limits.streamTimeout().toMillis(),
            () -> sessions.listeningEnded(admission));
        async = true;
        // The SDK sends nothing until an event: send the headers, so the client sees the
        // stream open.
        if (!answer.failed()) resp.flushBuffer();
      }
    } finally {
      if (!async) sessions.listeningEnded(admission);
    }
    if (answer.status() == 404) sessions.forget(sessionId);
    answer.finish(null);
  }

  private void delete(HttpServletRequest req, HttpServletResponse resp, FilterChain chain)
      throws IOException, ServletException {
    String sessionId = session(req, resp, null);
    if (sessionId == null) return;
    Answer answer = new Answer(resp);
    chain.doFilter(req, answer);
    if (answer.status() == 200 || answer.status() == 404) sessions.forget(sessionId);
    answer.finish(null);
  }

  /** The request's session, known and live; else the refusal is sent and null returned. */
  private String session(HttpServletRequest req, HttpServletResponse resp, Object id)
      throws IOException {
    String sessionId = req.getHeader(SESSION_HEADER);
    if (sessionId == null || sessionId.isBlank()) {
      refuse(resp, 400, ErrorPages.INVALID_REQUEST, "This request needs the Mcp-Session-Id "
          + "header that initialize answered; send initialize first", id);
      return null;
    }
    if (!sessions.touch(sessionId.strip())) {
      refuse(resp, 404, ErrorPages.SESSION_NOT_FOUND, "No MCP session '" + shorten(sessionId)
          + "': it ended (unused for " + words(limits.sessionIdleTimeout())
          + ", or deleted) or never existed; send initialize to start a new one", id);
      return null;
    }
    return sessionId.strip();
  }

  /** Closes the stream of {@code async} after {@code millis}; runs {@code ended} once. */
  private static void limit(AsyncContext async, long millis, Runnable ended) {
    AtomicBoolean done = new AtomicBoolean();
    async.setTimeout(millis);
    async.addListener(new AsyncListener() {
      @Override
      public void onComplete(AsyncEvent event) {
        if (done.compareAndSet(false, true)) ended.run();
      }

      @Override
      public void onTimeout(AsyncEvent event) {
        if (done.compareAndSet(false, true)) ended.run();
        event.getAsyncContext().complete();
      }

      @Override
      public void onError(AsyncEvent event) {
        if (done.compareAndSet(false, true)) ended.run();
      }

      @Override
      public void onStartAsync(AsyncEvent event) {
        // Not started again.
      }
    });
  }

  private void busy(HttpServletResponse resp, McpSessions.Admission admission, Object id)
      throws IOException {
    resp.setHeader("Retry-After", Integer.toString(RETRY_AFTER));
    refuse(resp, admission.perClient() ? 429 : 503, ErrorPages.SERVER_BUSY, admission.reason()
        + "; retry after " + RETRY_AFTER + " seconds", id);
  }

  private static void refuse(HttpServletResponse resp, int status, int code, String message,
      Object id) throws IOException {
    ErrorPages.sendJsonRpc(resp, status, code, message, id);
  }

  private static String tooLarge() {
    return "The body is over " + (MAX_BODY >> 20) + " MiB; send one JSON-RPC message";
  }

  /** A time in words: {@code 15 minutes}, {@code 90 seconds}. */
  static String words(java.time.Duration d) {
    long s = d.toSeconds();
    if (s % 3600 == 0) return plural(s / 3600, "hour");
    if (s % 60 == 0) return plural(s / 60, "minute");
    return plural(Math.max(1, s), "second");
  }

  private static String plural(long n, String unit) {
    return n + " " + unit + (n == 1 ? "" : "s");
  }

  private static String shorten(String id) {
    String s = id.strip();
    return s.length() > 64 ? s.substring(0, 64) + "…" : s;
  }

  /**
   * The SDK's answer, kept from the client when it is an error: the SDK writes its errors as a
   * serialized exception (class names, stack frames), so the status is noted and the body
   * dropped, and {@link #finish} writes the server's own JSON-RPC error instead.
   */
  private static final class Answer extends jakarta.servlet.http.HttpServletResponseWrapper {
    private int status = 200;
    private boolean failed;
    private java.util.function.Consumer<String> sessionOpened;

    Answer(HttpServletResponse response) {
      super(response);
    }

    /** Sets what to call with the session id the answer names; returns whether one waited. */
    boolean onSession(java.util.function.Consumer<String> action) {
      boolean waiting = sessionOpened != null;
      sessionOpened = action;
      return waiting;
    }

    @Override
    public void setHeader(String name, String value) {
      super.setHeader(name, value);
      named(name, value);
    }

    @Override
    public void addHeader(String name, String value) {
      super.addHeader(name, value);
      named(name, value);
    }

    private void named(String name, String value) {
      if (sessionOpened != null && SESSION_HEADER.equalsIgnoreCase(name) && value != null
          && status < 400) {
        sessionOpened.accept(value);
        sessionOpened = null;
      }
    }

    int status() {
      return status;
    }

    boolean failed() {
      return failed;
    }

    @Override
    public void setStatus(int sc) {
      status = sc;
      if (sc >= 400) {
        failed = true;
      } else {
        super.setStatus(sc);
      }
    }

    @Override
    public void sendError(int sc, String msg) {
      status = sc;
      failed = true;
    }

    @Override
    public void sendError(int sc) {
      sendError(sc, null);
    }

    @Override
    public jakarta.servlet.ServletOutputStream getOutputStream() throws IOException {
      return failed ? Discard.STREAM : super.getOutputStream();
    }

    @Override
    public java.io.PrintWriter getWriter() throws IOException {
      return failed ? Discard.writer() : super.getWriter();
    }

    @Override
    public void setContentType(String type) {
      if (!failed) super.setContentType(type);
    }

    @Override
    public void setCharacterEncoding(String charset) {
      if (!failed) super.setCharacterEncoding(charset);
    }

    /** Sends the server's error in place of the SDK's, if the SDK answered one. */
    void finish(Object id) throws IOException {
      if (!failed) return;
      HttpServletResponse resp = (HttpServletResponse) getResponse();
      if (resp.isCommitted()) {
        LOG.debug("The MCP answer failed ({}) after it was sent", status);
        return;
      }
      String message;
      switch (status) {
        case 400: message = "The message does not fit the MCP schema of its method (look at "
            + "its params: initialize takes protocolVersion, capabilities and clientInfo)";
          break;
        case 404: message = "No such MCP session: it ended or never existed; send initialize"
            + " to start a new one";
          break;
        case 413: message = tooLarge(); break;
        case 503: message = "The MCP server is stopping; retry once it runs again"; break;
        default: message = ErrorPages.statusMessage(status, null, "/mcp");
      }
      ErrorPages.sendJsonRpc(resp, status, ErrorPages.jsonRpcCode(status), message, id);
    }
  }

  /** Where the SDK's error bodies go: nowhere. */
  private static final class Discard {
    static final jakarta.servlet.ServletOutputStream STREAM =
        new jakarta.servlet.ServletOutputStream() {
          @Override
          public void write(int b) {
            // Dropped: the server writes its own error.
          }

          @Override
          public boolean isReady() {
            return true;
          }

          @Override
          public void setWriteListener(jakarta.servlet.WriteListener listener) {
            throw new IllegalStateException("An error body is written at once");
          }
        };

    private Discard() {}

    static java.io.PrintWriter writer() {
      return new java.io.PrintWriter(java.io.Writer.nullWriter());
    }
  }
}
