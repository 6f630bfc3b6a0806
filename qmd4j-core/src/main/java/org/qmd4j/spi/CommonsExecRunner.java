package org.qmd4j.spi;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
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
import org.apache.commons.exec.ExecuteStreamHandler;
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
 * killed, and as soon as the process has exited any process still carrying that id (a child
 * that outlived its parent, re-parented away from it) is killed too, before the output pipes
 * are drained: such a child may hold them open, and they would never reach their end.
 * Stdout is capped; past the cap it is drained and dropped, so the process never blocks on a
 * full pipe.
 */
final class CommonsExecRunner implements ProcessRunner {
  static final CommonsExecRunner INSTANCE = new CommonsExecRunner();
  private static final Logger LOG = LoggerFactory.getLogger(CommonsExecRunner.class);
  static final String RUN_ID = "QMD4J_RUN_ID";
  // Once leftovers are dead the pipes end at once; Commons Exec adds 2 s to this.
  private static final Duration STREAM_GRACE = Duration.ofSeconds(1);
  private static final int KILL_ROUNDS = 5;

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
    PumpStreamHandler pumps = new PumpStreamHandler(out, err);
    pumps.setStopTimeout(STREAM_GRACE); // a child holding the pipes open cannot hang us
    LeftoverKillingStreams streams = new LeftoverKillingStreams(pumps, runId);
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
      if (!streams.stopped) killAllLeftovers(runId); // it failed before the process ended
    }
    return new ProcessResult(exit, out.bytes(), err.bytes(), watchdog.timedOut(),
        out.truncated(), Duration.between(start, Instant.now()));
  }

  /**
   * Kills every process that carries this run's id in its environment, again until none is
   * left: a leftover may fork between the scan and its death.
   */
  static void killAllLeftovers(String runId) {
    for (int round = 0; round < KILL_ROUNDS; round++) {
      if (killLeftovers(runId) == 0) return;
    }
  }

  /** Kills every process that still carries this run's id; returns how many it found. */
  static int killLeftovers(String runId) {
    String marker = RUN_ID + "=" + runId;
    long self = ProcessHandle.current().pid();
    int[] found = {0};
    ProcessHandle.allProcesses()
        .filter(p -> p.pid() != self)
        .filter(p -> environmentHolds(p.pid(), marker))
        .forEach(p -> {
          LOG.debug("Killing leftover process {} ({})", p.pid(), p.info().command().orElse("?"));
          p.destroyForcibly();
          found[0]++;
        });
    return found[0];
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

  /**
   * The pumps of stdout and stderr, stopped only once the run's leftover processes are dead.
   * Commons Exec stops the streams right after the process exits; a leftover child that
   * inherited the pipes would keep them open, the pumps would wait for their grace time and
   * then fail the whole run with a made-up exit code, though the process had answered.
   */
  private static final class LeftoverKillingStreams implements ExecuteStreamHandler {
    private final PumpStreamHandler pumps;
    private final String runId;
    volatile boolean stopped;

    LeftoverKillingStreams(PumpStreamHandler pumps, String runId) {
      this.pumps = pumps;
      this.runId = runId;
    }

    @Override
    public void setProcessInputStream(OutputStream os) throws IOException {
      pumps.setProcessInputStream(os);
    }

    @Override
    public void setProcessErrorStream(InputStream is) {
      pumps.setProcessErrorStream(is);
    }

    @Override
    public void setProcessOutputStream(InputStream is) {
      pumps.setProcessOutputStream(is);
    }

    @Override
    public void start() {
      pumps.start();
    }

    @Override
    public void stop() {
      stopped = true;
      killAllLeftovers(runId);
      try {
        pumps.stop();
      } catch (IOException e) {
        // A process outside the run (its environment cleared) still holds a pipe: keep what
        // was read and the real exit code rather than fail a run that did finish.
        LOG.warn("Output of a finished process was still open after {}: {}", STREAM_GRACE,
            e.getMessage());
      }
    }
  }

  /**
   * Kills the descendants before the process itself, so none is re-parented and kept, and
   * records the timeout itself: Commons Exec's own flag is set only if the process is still
   * running when it looks, and a shell whose child was just killed may already have exited.
   */
  private static final class TreeKillingWatchdog extends ExecuteWatchdog {
    private final AtomicReference<Process> process = new AtomicReference<>();
    private boolean timedOut; // guarded by this

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
      if (p != null && p.isAlive() && isWatching()) {
        timedOut = true;
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
      }
      super.timeoutOccured(w); // cleans up
    }

    /** Whether the process was killed for running past its timeout. */
    synchronized boolean timedOut() {
      return timedOut;
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
