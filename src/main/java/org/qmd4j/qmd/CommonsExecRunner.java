package org.qmd4j.qmd;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteException;
import org.apache.commons.exec.ExecuteWatchdog;
import org.apache.commons.exec.PumpStreamHandler;
import org.apache.commons.exec.Watchdog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link ProcessRunner} on Apache Commons Exec.
 *
 * <p>Leaves nothing behind: every run carries a unique {@code QMD4J_RUN_ID} in its
 * environment, which its children inherit; on timeout the process and its descendants are
 * killed, and after every run any process still carrying that id (a child that outlived its
 * parent, re-parented away from it) is killed too. Stdout is capped; past the cap it is
 * drained and dropped, so the process never blocks on a full pipe.
 */
final class CommonsExecRunner implements ProcessRunner {
  static final CommonsExecRunner INSTANCE = new CommonsExecRunner();
  private static final Logger LOG = LoggerFactory.getLogger(CommonsExecRunner.class);
  static final String RUN_ID = "QMD4J_RUN_ID";
  private static final Duration STREAM_GRACE = Duration.ofSeconds(2);

  private CommonsExecRunner() {}

  @Override
  public ProcessResult run(ProcessRequest request) throws IOException {
    CommandLine cmd = new CommandLine(request.command().get(0));
    for (String arg : request.command().subList(1, request.command().size())) {
      cmd.addArgument(arg, false); // passed as is: no quoting, no shell
    }
    String runId = UUID.randomUUID().toString();
    Map<String, String> env = new HashMap<>(System.getenv());
    env.putAll(request.environment());
    env.put(RUN_ID, runId);

    CappedStream out = new CappedStream(request.outputCap());
    CappedStream err = new CappedStream(1 << 20);
    PumpStreamHandler streams = new PumpStreamHandler(out, err);
    streams.setStopTimeout(STREAM_GRACE); // a child holding the pipes open cannot hang us
    TreeKillingWatchdog watchdog = new TreeKillingWatchdog(request.timeout());
    DefaultExecutor executor = DefaultExecutor.builder()
        .setWorkingDirectory(request.workingDirectory().toFile())
        .get();
    executor.setStreamHandler(streams);
    executor.setWatchdog(watchdog);
    executor.setExitValues(null); // every exit code is a result, not an exception
    Instant start = Instant.now();
    int exit;
    try {
      exit = executor.execute(cmd, env);
    } catch (ExecuteException e) {
      exit = e.getExitValue();
    } finally {
      killLeftovers(runId);
    }
    return new ProcessResult(exit, out.bytes(), err.bytes(), watchdog.killedProcess(),
        out.truncated(), Duration.between(start, Instant.now()));
  }

  /** Kills every process that still carries this run's id in its environment. */
  static void killLeftovers(String runId) {
    String marker = RUN_ID + "=" + runId;
    ProcessHandle.allProcesses()
        .filter(p -> p.pid() != ProcessHandle.current().pid())
        .filter(p -> environmentHolds(p.pid(), marker))
        .forEach(p -> {
          LOG.debug("Killing leftover process {} ({})", p.pid(), p.info().command().orElse("?"));
          p.destroyForcibly();
        });
  }

  private static boolean environmentHolds(long pid, String marker) {
    Path environ = Path.of("/proc", Long.toString(pid), "environ");
    try {
      byte[] bytes = Files.readAllBytes(environ);
      return new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).contains(marker);
    } catch (IOException | SecurityException e) {
      return false; // not ours, gone, or no /proc: nothing we may or can kill
    }
  }

  /** Kills the descendants before the process itself, so none is re-parented and kept. */
  private static final class TreeKillingWatchdog extends ExecuteWatchdog {
    private final AtomicReference<Process> process = new AtomicReference<>();

    @SuppressWarnings("deprecation") // the builder cannot be subclassed
    TreeKillingWatchdog(Duration timeout) {
      super(timeout.toMillis());
    }

    @Override
    public synchronized void start(Process processToMonitor) {
      process.set(processToMonitor);
      super.start(processToMonitor);
    }

    @Override
    public synchronized void timeoutOccured(Watchdog w) {
      Process p = process.get();
      if (p != null) p.descendants().forEach(ProcessHandle::destroyForcibly);
      super.timeoutOccured(w);
      if (p != null) p.destroyForcibly();
    }
  }

  /** Keeps the first {@code cap} bytes, drains the rest. */
  private static final class CappedStream extends OutputStream {
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private final long cap;
    private boolean truncated;

    CappedStream(long cap) {
      this.cap = cap;
    }

    @Override
    public synchronized void write(int b) {
      if (buffer.size() < cap) buffer.write(b);
      else truncated = true;
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
      long room = cap - buffer.size();
      if (room >= len) {
        buffer.write(b, off, len);
      } else {
        if (room > 0) buffer.write(b, off, (int) room);
        truncated = true;
      }
    }

    synchronized byte[] bytes() {
      return buffer.toByteArray();
    }

    synchronized boolean truncated() {
      return truncated;
    }
  }
}
