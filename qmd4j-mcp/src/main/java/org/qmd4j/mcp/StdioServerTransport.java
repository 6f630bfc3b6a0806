package org.qmd4j.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * The stdio transport of the MCP server, in place of the SDK's
 * {@code StdioServerTransportProvider}:
 *
 * <ul>
 *   <li>answers are written by the thread that made them, one whole frame at a time under a
 *       lock, into a buffer flushed once per frame: concurrent answers are never dropped (the
 *       SDK's sink fails a concurrent send with "Failed to enqueue message" once its 100 ms
 *       retry is spent) and a 40 KB answer is one system call, not one per byte;
 *   <li>every request is handed to the session as soon as it is read, so tool calls run
 *       concurrently (the sync server runs each on the SDK's bounded elastic threads);
 *   <li>a line that is no JSON-RPC message (not JSON, nested too deep, a batch, a null id,
 *       longer than the cap) gets a JSON-RPC error and the next line is read; blank lines are
 *       skipped;
 *   <li>{@code server/discover} (MCP 2026-07-28's first request, unknown to the SDK) is answered
 *       here with the server's {@link Discovery}, and the session goes on: a later
 *       {@code initialize} is served as usual;
 *   <li>{@code resources/list} waits for the notes to be listed, which the first one starts
 *       ({@link #holdResourceLists}): the handshake does not wait for a walk of the vault;
 *   <li>at the end of the input, the requests already read are answered (waiting at most the
 *       drain time), then the session closes and {@link #awaitClosed()} returns.
 * </ul>
 */
final class StdioServerTransport implements McpServerTransportProvider {
  private static final Logger LOG = LoggerFactory.getLogger(StdioServerTransport.class);
  /** The longest line read: longer ones are skipped with an error. */
  static final int MAX_LINE_BYTES = 16 * 1024 * 1024;
  private static final com.fasterxml.jackson.databind.ObjectMapper IDS =
      new com.fasterxml.jackson.databind.ObjectMapper();

  private final McpJsonMapper json;
  private final InputStream in;
  private final FrameWriter out;
  private final long drainMillis;
  private final CountDownLatch closed = new CountDownLatch(1);
  private final Object pendingLock = new Object();
  private long pending; // requests handed to the session and not answered yet; guarded
  private volatile McpServerSession session;
  private volatile Discovery discovery;
  private volatile Supplier<CompletableFuture<?>> resourceLists;
  private final AtomicReference<CompletableFuture<?>> listing = new AtomicReference<>();

  StdioServerTransport(McpJsonMapper json, InputStream in, OutputStream out, long drainMillis) {
    this.json = json;
    this.in = in;
    this.out = new FrameWriter(out);
    this.drainMillis = drainMillis;
  }

  /** What {@code server/discover} answers; set before the server is built. */
  void discovery(Discovery discovery) {
    this.discovery = discovery;
  }

  /**
   * Holds each {@code resources/list} until the future {@code load} gives (asked once, at the
   * first of them) completes, and drops the resource list notifications sent meanwhile: no
   * client has a list to update yet. Set before the server is built.
   */
  void holdResourceLists(Supplier<CompletableFuture<?>> load) {
    this.resourceLists = load;
  }

  @Override
  public void setSessionFactory(McpServerSession.Factory sessionFactory) {
    session = sessionFactory.create(new SessionTransport());
    Thread reader = new Thread(this::readLoop, "qmd4j-mcp-stdin");
    reader.setDaemon(true);
    reader.start();
  }

  /** Blocks until the input has ended, the requests read were answered and the session closed. */
  void awaitClosed() throws InterruptedException {
    closed.await();
  }

  @Override
  public Mono<Void> notifyClients(String method, Object params) {
    McpServerSession s = session;
    if (s == null || McpSchema.METHOD_NOTIFICATION_RESOURCES_LIST_CHANGED.equals(method)
        && resourceLists != null && !listed()) {
      return Mono.empty();
    }
    return s.sendNotification(method, params);
  }

  @Override
  public Mono<Void> closeGracefully() {
    McpServerSession s = session;
    return s == null ? Mono.empty() : s.closeGracefully();
  }

  private void readLoop() {
    LineReader lines = new LineReader(in, MAX_LINE_BYTES);
    try {
      byte[] line;
      while ((line = lines.next()) != null) {
        accept(line);
      }
    } catch (IOException e) {
      LOG.warn("Cannot read stdin any more ({}); stopping after the answers in progress",
          e.toString());
    } catch (RuntimeException | Error e) {
      LOG.error("The MCP stdin reader failed; stopping after the answers in progress", e);
    } finally {
      drainAndClose();
    }
  }

  private void accept(byte[] line) throws IOException {
    if (line == LineReader.TOO_LONG) {
      out.write(JsonRpcFrames.error(null, JsonRpcFrames.INVALID_REQUEST, "Invalid Request: the "
          + "message is longer than " + MAX_LINE_BYTES + " bytes and was skipped"));
      return;
    }
    if (isBlank(line)) return; // no message at all: nothing to answer
    JSONRPCMessage message;
    try {
      message = JsonRpcFrames.parse(json, line);
    } catch (JsonRpcFrames.Rejected e) {
      LOG.debug("Answering a bad frame with: {}", e.getMessage());
      out.write(e.response());
      return;
    }
    Discovery d = discovery;
    if (d != null && message instanceof McpSchema.JSONRPCRequest
        && Discovery.METHOD.equals(((McpSchema.JSONRPCRequest) message).method())) {
      out.write(d.answer(IDS.valueToTree(((McpSchema.JSONRPCRequest) message).id())));
      return;
    }
    if (message instanceof McpSchema.JSONRPCRequest) {
      synchronized (pendingLock) {
        pending++;
      }
      if (resourceLists != null && McpSchema.METHOD_RESOURCES_LIST.equals(
          ((McpSchema.JSONRPCRequest) message).method()) && !listed()) {
        JSONRPCMessage held = message;
        listing().whenComplete((done, failure) -> handle(held));
        return;
      }
    }
    handle(message);
  }

  private void handle(JSONRPCMessage message) {
    session.handle(message).subscribe(null, e -> LOG.warn("MCP message not handled", e));
  }

  /** The resources' listing, started by the first call. */
  private CompletableFuture<?> listing() {
    CompletableFuture<?> started = listing.get();
    if (started != null) return started;
    synchronized (listing) {
      if (listing.get() == null) listing.set(resourceLists.get());
      return listing.get();
    }
  }

  /** Whether the resources are listed: asked for, and done. */
  private boolean listed() {
    CompletableFuture<?> started = listing.get();
    return started != null && started.isDone();
  }

  private static boolean isBlank(byte[] line) {
    for (byte b : line) {
      if (b != ' ' && b != '\t' && b != '\r') return false;
    }
    return true;
  }

  private void drainAndClose() {
    try {
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(drainMillis);
      synchronized (pendingLock) {
        long left;
        while (pending > 0 && (left = deadline - System.nanoTime()) > 0) {
          pendingLock.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
        if (pending > 0) {
          LOG.warn("stdin closed; {} request(s) still unanswered after {} ms, stopping anyway",
              pending, drainMillis);
        }
      }
      session.closeGracefully().block(Duration.ofSeconds(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      LOG.debug("Closing the MCP session", e);
    } finally {
      try {
        out.close();
      } catch (IOException e) {
        LOG.debug("Closing stdout", e);
      }
      closed.countDown();
    }
  }

  /** The one session's transport: serialized, buffered writes. */
  private final class SessionTransport implements McpServerTransport {
    @Override
    public Mono<Void> sendMessage(JSONRPCMessage message) {
      return Mono.fromRunnable(() -> {
        try {
          out.write(json.writeValueAsBytes(message));
        } catch (IOException e) {
          throw new java.io.UncheckedIOException("Cannot write to stdout: " + e.getMessage(), e);
        } finally {
          if (message instanceof McpSchema.JSONRPCResponse) answered();
        }
      });
    }

    private void answered() {
      synchronized (pendingLock) {
        pending--;
        pendingLock.notifyAll();
      }
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
      return json.convertValue(data, typeRef);
    }

    @Override
    public Mono<Void> closeGracefully() {
      return Mono.empty();
    }

    @Override
    public void close() {}
  }
}
