package org.qmd4j.mcp.qmdclient;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.qmd4j.mcp.StreamClientTransport;
import org.qmd4j.search.QmdFailedException;
import org.qmd4j.search.QmdOutputException;
import org.qmd4j.search.QmdTimeoutException;
import org.qmd4j.search.QmdUnavailableException;
import org.qmd4j.spi.QmdSession;
import org.qmd4j.spi.QmdSessionFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * One {@code qmd mcp} child process and the MCP client connected to it over its stdin and
 * stdout ({@link StreamClientTransport}: whole frames written under a lock, so concurrent
 * calls are never dropped, unlike the SDK's stdio transport, modelcontextprotocol/java-sdk#875).
 * Calls are in flight together (the client matches answers by request id).
 * A call fails as soon as the process exits, not at its timeout. {@link #close()} ends the
 * process and all its descendants: SIGTERM, then SIGKILL after two seconds.
 */
final class McpQmdSession implements QmdSession {
  private static final Logger LOG = LoggerFactory.getLogger(McpQmdSession.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration REQUEST_CEILING = Duration.ofHours(1);
  private static final Duration GRACE = Duration.ofSeconds(2);

  private static final int STDERR_LINES = 20;

  private final McpAsyncClient client;
  private final Deque<String> stderr;
  private final Process process;
  private final String protocolVersion;
  private final String server;
  private final Mono<McpSchema.CallToolResult> exited;
  private final AtomicBoolean closed = new AtomicBoolean();

  private McpQmdSession(McpAsyncClient client, Deque<String> stderr, Process process,
      McpSchema.InitializeResult init) {
    this.client = client;
    this.stderr = stderr;
    this.process = process;
    this.protocolVersion = init.protocolVersion();
    this.server = init.serverInfo() == null ? "unknown"
        : init.serverInfo().name() + " " + init.serverInfo().version();
    // A new onExit() future per call: a finished call cancels its own, not a shared one.
    this.exited = Mono.defer(() -> Mono.fromFuture(process.onExit())).flatMap(p -> Mono.error(
        new QmdUnavailableException("qmd mcp (pid " + p.pid() + ") exited with code "
            + p.exitValue() + tail())));
  }

  static McpQmdSession start(QmdSessionFactory.Launch launch) {
    List<String> command = launch.command();
    ProcessBuilder builder = new ProcessBuilder(command).directory(launch.workDir().toFile());
    builder.environment().putAll(launch.environment());
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new QmdUnavailableException("qmd mcp could not start (" + command + "): "
          + e.getMessage());
    }
    Deque<String> stderr = drain(process);
    McpAsyncClient client = McpClient.async(new StreamClientTransport(
            new JacksonMcpJsonMapper(new ObjectMapper()), process.getInputStream(),
            process.getOutputStream()))
        .clientInfo(McpSchema.Implementation.builder("qmd4j", "0.2").build())
        .requestTimeout(REQUEST_CEILING)
        .initializationTimeout(launch.startTimeout())
        .build();
    McpSchema.InitializeResult init;
    try {
      init = client.initialize().block(launch.startTimeout());
    } catch (RuntimeException e) {
      killTree(process);
      client.close();
      String tail = tail(stderr);
      if (isTimeout(e)) {
        throw new QmdTimeoutException("qmd mcp did not complete its handshake within "
            + launch.startTimeout().toSeconds() + " s and was killed" + tail);
      }
      throw new QmdUnavailableException("qmd mcp could not start (" + command + "): "
          + rootMessage(e) + tail);
    }
    LOG.info("qmd mcp started: {}, protocol {}, pid {}", init.serverInfo() == null ? "qmd"
        : init.serverInfo().name() + " " + init.serverInfo().version(), init.protocolVersion(),
        process.pid());
    return new McpQmdSession(client, stderr, process, init);
  }

  /** Reads the child's stderr on a daemon thread (a full pipe would block it); keeps a tail. */
  private static Deque<String> drain(Process process) {
    Deque<String> lines = new ArrayDeque<>();
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(),
          StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          synchronized (lines) {
            if (lines.size() == STDERR_LINES) lines.removeFirst();
            lines.addLast(line);
          }
        }
      } catch (IOException e) {
        // The process ended: nothing more to read.
      }
    }, "qmd4j-qmd-mcp-stderr");
    t.setDaemon(true);
    t.start();
    return lines;
  }

  private static String tail(Deque<String> stderr) {
    synchronized (stderr) {
      return stderr.isEmpty() ? "" : "; stderr: " + String.join("\n", stderr);
    }
  }

  @Override
  public String query(Query call) {
    Map<String, Object> args = new LinkedHashMap<>();
    List<Map<String, String>> searches = new ArrayList<>();
    for (Search s : call.searches()) {
      searches.add(Map.of("type", s.type().wireName(), "query", s.text()));
    }
    args.put("searches", searches);
    args.put("collections", call.collections());
    args.put("limit", call.limit());
    args.put("rerank", call.rerank());
    call.candidateLimit().ifPresent(n -> args.put("candidateLimit", n));
    return callTool("query", args, call.timeout());
  }

  @Override
  public String indexStatus(Duration timeout) {
    return callTool("status", Map.of(), timeout);
  }

  private String callTool(String tool, Map<String, Object> args, Duration timeout) {
    if (closed.get()) throw new QmdUnavailableException("The qmd session is closed");
    McpSchema.CallToolResult result;
    try {
      result = client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args).build())
          .or(exited)
          .block(timeout);
    } catch (QmdUnavailableException e) {
      throw e;
    } catch (RuntimeException e) {
      if (isTimeout(e)) {
        throw new QmdTimeoutException("qmd mcp did not answer the " + tool + " call within "
            + timeout.toMillis() + " ms");
      }
      if (!process.isAlive() || closed.get()) {
        throw new QmdUnavailableException("qmd mcp (pid " + process.pid() + ") is gone: "
            + rootMessage(e) + tail());
      }
      throw new QmdFailedException("qmd mcp failed the " + tool + " call: " + rootMessage(e),
          -1, tail(stderr));
    }
    if (result == null) {
      throw new QmdUnavailableException("qmd mcp ended the " + tool + " call without an answer"
          + tail());
    }
    if (Boolean.TRUE.equals(result.isError())) {
      String text = text(result);
      throw new QmdFailedException("qmd mcp " + tool + " failed: " + text, -1, text);
    }
    if (result.structuredContent() == null) {
      throw new QmdOutputException("qmd mcp answered the " + tool
          + " call without structured content: " + text(result));
    }
    try {
      return JSON.writeValueAsString(result.structuredContent());
    } catch (JsonProcessingException e) {
      throw new AssertionError("A map read from JSON writes back as JSON", e);
    }
  }

  private static String text(McpSchema.CallToolResult result) {
    StringBuilder b = new StringBuilder();
    for (McpSchema.Content c : result.content()) {
      if (c instanceof McpSchema.TextContent) b.append(((McpSchema.TextContent) c).text());
    }
    String s = b.toString().strip();
    return s.length() > 300 ? s.substring(0, 300) + "…" : s;
  }

  private String tail() {
    return tail(stderr);
  }

  private static boolean isTimeout(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof java.util.concurrent.TimeoutException) return true;
      String m = t.getMessage();
      if (t instanceof IllegalStateException && m != null && m.startsWith("Timeout on")) {
        return true;
      }
    }
    return false;
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) t = t.getCause();
    return t.getMessage() == null ? t.toString() : t.getMessage();
  }

  @Override
  public boolean isAlive() {
    return !closed.get() && process.isAlive();
  }

  @Override
  public Map<String, String> describe() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("pid", Long.toString(process.pid()));
    d.put("protocol version", protocolVersion);
    d.put("server", server);
    d.put("alive", Boolean.toString(isAlive()));
    return d;
  }

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) return;
    killTree(process);
    try {
      client.close();
    } catch (RuntimeException e) {
      LOG.debug("Closing the MCP client of qmd mcp: {}", e.toString());
    }
  }

  /** Ends {@code p} and every descendant: SIGTERM, then SIGKILL after a grace period. */
  static void killTree(Process p) {
    List<ProcessHandle> tree = new ArrayList<>();
    p.descendants().forEach(tree::add); // before the parent dies and they are re-parented
    tree.add(p.toHandle());
    for (ProcessHandle h : tree) h.destroy();
    long deadline = System.nanoTime() + GRACE.toNanos();
    for (ProcessHandle h : tree) {
      long left = deadline - System.nanoTime();
      try {
        if (left > 0) h.onExit().get(left, TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt(); // still killed below
      } catch (java.util.concurrent.ExecutionException
          | java.util.concurrent.TimeoutException e) {
        // Still running after the grace period: killed below.
      }
      if (h.isAlive()) h.destroyForcibly();
    }
  }
}
