package org.qmd4j.mcp.qmdclient;

import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.lang.reflect.Field;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * The SDK's stdio client transport, with three changes for a resident qmd process: the child
 * runs in a chosen working folder (qmd reads a {@code .qmd/} config found from there), sends
 * are serialized (the SDK's unicast sink drops a message sent while another thread sends:
 * modelcontextprotocol/java-sdk#875), and the last lines of stderr are kept for error
 * messages.
 */
final class QmdStdioTransport extends StdioClientTransport {
  private static final int STDERR_LINES = 20;

  private final Path workDir;
  private final Object sendLock = new Object();
  private final Deque<String> stderr = new ArrayDeque<>();

  QmdStdioTransport(ServerParameters params, McpJsonMapper json, Path workDir) {
    super(params, json);
    this.workDir = workDir;
    setStdErrorHandler(this::keepStderr);
  }

  @Override
  protected ProcessBuilder getProcessBuilder() {
    return new ProcessBuilder().directory(workDir.toFile());
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    // The SDK emits into its outbound sink here, at call time: one sender at a time.
    synchronized (sendLock) {
      return super.sendMessage(message);
    }
  }

  private void keepStderr(String line) {
    synchronized (stderr) {
      if (stderr.size() == STDERR_LINES) stderr.removeFirst();
      stderr.addLast(line);
    }
  }

  /** The last lines qmd wrote on stderr. */
  String stderrTail() {
    synchronized (stderr) {
      return String.join("\n", stderr);
    }
  }

  /**
   * The child process, once connected. The SDK keeps it in a private field; reading it is the
   * only way to know the pid and to end the whole process tree.
   */
  Optional<Process> process() {
    try {
      Field f = StdioClientTransport.class.getDeclaredField("process");
      f.setAccessible(true);
      return Optional.ofNullable((Process) f.get(this));
    } catch (ReflectiveOperationException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
