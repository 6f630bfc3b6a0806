package org.qmd4j.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * The client side of a stdio MCP session over two streams (a child process's stdout and
 * stdin), in place of the SDK's {@code StdioClientTransport}, for the qmd engine's resident
 * {@code qmd mcp} session. Requests are written by the calling thread, one whole frame at a time
 * under a lock, into a buffer flushed once per frame: concurrent requests are never dropped (the
 * SDK's transport fails a send with "Failed to enqueue message" when its sink stays contended
 * for 100 ms). A line from the server that is not a JSON-RPC message is logged and skipped;
 * the session goes on. The transport does not own the process: start it before, stop it after
 * {@link #closeGracefully()} (which closes its stdin). Thread-safe.
 *
 * <p>Expert: public for {@code org.qmd4j.mcp.qmdclient}, which starts {@code qmd mcp} itself
 * (working folder, environment, process tree) and speaks to it through this transport.
 *
 * <pre>{@code
 * Process qmd = new ProcessBuilder("qmd", "mcp").start();
 * McpSyncClient client = McpClient.sync(new StreamClientTransport(
 *         Qmd4jMcpServer.JSON, qmd.getInputStream(), qmd.getOutputStream()))
 *     .requestTimeout(Duration.ofSeconds(30)).build();
 * client.initialize();
 * }</pre>
 */
public final class StreamClientTransport implements McpClientTransport {
  private static final Logger LOG = LoggerFactory.getLogger(StreamClientTransport.class);

  private final McpJsonMapper json;
  private final InputStream fromServer;
  private final FrameWriter toServer;
  private final int maxLineBytes;
  private final AtomicBoolean connected = new AtomicBoolean();
  private final AtomicBoolean closing = new AtomicBoolean();
  private volatile Consumer<Throwable> exceptionHandler = t -> {};

  /**
   * @param fromServer the server's output (a child's {@code getInputStream()})
   * @param toServer the server's input (a child's {@code getOutputStream()})
   */
  public StreamClientTransport(McpJsonMapper json, InputStream fromServer,
      OutputStream toServer) {
    this(json, fromServer, toServer, StdioServerTransport.MAX_LINE_BYTES);
  }

  StreamClientTransport(McpJsonMapper json, InputStream fromServer, OutputStream toServer,
      int maxLineBytes) {
    this.json = json;
    this.fromServer = fromServer;
    this.toServer = new FrameWriter(toServer);
    this.maxLineBytes = maxLineBytes;
  }

  @Override
  public Mono<Void> connect(Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler) {
    return Mono.fromRunnable(() -> {
      if (!connected.compareAndSet(false, true)) {
        throw new IllegalStateException("The transport is already connected");
      }
      Thread reader = new Thread(() -> readLoop(handler), "qmd4j-mcp-client-reader");
      reader.setDaemon(true);
      reader.start();
    });
  }

  private void readLoop(Function<Mono<JSONRPCMessage>, Mono<JSONRPCMessage>> handler) {
    LineReader lines = new LineReader(fromServer, maxLineBytes);
    try {
      byte[] line;
      while ((line = lines.next()) != null) {
        if (line == LineReader.TOO_LONG) {
          LOG.warn("Skipped a message of the MCP server longer than {} bytes", maxLineBytes);
          continue;
        }
        if (line.length == 0) continue;
        JSONRPCMessage message;
        try {
          message = JsonRpcFrames.parse(json, line);
        } catch (JsonRpcFrames.Rejected e) {
          LOG.warn("Skipped a line of the MCP server: {}", e.getMessage());
          continue;
        }
        handler.apply(Mono.just(message)).subscribe(null, e -> {
          LOG.warn("MCP message from the server not handled", e);
          exceptionHandler.accept(e);
        });
      }
      if (!closing.get()) {
        exceptionHandler.accept(new IOException("The MCP server closed its output"));
      }
    } catch (IOException e) {
      if (!closing.get()) exceptionHandler.accept(e);
    }
  }

  @Override
  public Mono<Void> sendMessage(JSONRPCMessage message) {
    return Mono.fromRunnable(() -> {
      try {
        toServer.write(json.writeValueAsBytes(message));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot write to the MCP server: " + e.getMessage(), e);
      }
    });
  }

  @Override
  public void setExceptionHandler(Consumer<Throwable> handler) {
    this.exceptionHandler = handler;
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
    return json.convertValue(data, typeRef);
  }

  /** Closes the server's input, which tells a stdio server to finish and exit. */
  @Override
  public Mono<Void> closeGracefully() {
    return Mono.fromRunnable(() -> {
      closing.set(true);
      try {
        toServer.close();
      } catch (IOException e) {
        LOG.debug("Closing the MCP server's input", e);
      }
    });
  }
}
