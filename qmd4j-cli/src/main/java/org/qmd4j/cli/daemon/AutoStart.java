package org.qmd4j.cli.daemon;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A command that finds no daemon for its vault starts one in the background, as build tools
 * keep theirs: the daemon runs with the long-lived JVM options (the optimising compiler), keeps
 * the index open and the vault watched, and stops after its idle timeout. The command waits a
 * short while for it and runs in it when it answers in time, else in this process; a daemon
 * that cannot start never fails the command. Each of the two notices (a daemon is being
 * started; it could not start) is printed once per vault and cache, remembered by a marker file
 * in the vault's cache folder; the failure marker holds the details and holds back new attempts
 * for a while. Runs on the client's path: no lambda, no {@code +} on strings, no regex (see
 * {@link DaemonClient}).
 */
final class AutoStart {
  /** Set by the launcher for its start-up archive's training run: never start a daemon. */
  static final String TRAINING_ENV = "QMD4J_ARCHIVE_TRAINING";
  /** How long a command waits for the daemon it started before running in this process. */
  static final long WAIT_MILLIS = 5_000;
  /** After a daemon failed to start, commands do not try again for this long. */
  static final long RETRY_MILLIS = TimeUnit.MINUTES.toMillis(10);
  static final String NOTICE_MARKER = "daemon-autostart-notice";
  static final String FAILED_MARKER = "daemon-autostart-failed";
  static final String NOTICE = "qmd4j: starting a background searcher for this vault; later"
      + " searches are faster; --no-daemon to avoid\n";

  private AutoStart() {}

  /**
   * Whether a command may start a daemon: never on CI ({@code CI} set to anything), never in
   * the launcher's training run. ({@code --no-daemon} and {@code QMD4J_NO_DAEMON} have already
   * kept the command away from any daemon.)
   */
  static boolean allowed(Map<String, String> env) {
    return !isSet(env.get("CI")) && !isSet(env.get(TRAINING_ENV));
  }

  /**
   * Starts the daemon of {@code paths} and waits for it.
   *
   * @param layout the command's {@code --layout} value, or null
   * @param engine the command's {@code --engine} value, or null
   * @param err the client's stderr, for the notices
   * @return the probe of the daemon, connected and answering, or null to run in this process
   */
  static Probe startAndWait(DaemonPaths paths, String layout, String engine, OutputStream err) {
    Path vaultCache = paths.folder().getParent();
    Path failed = vaultCache.resolve(FAILED_MARKER);
    if (failedRecently(failed)) return null;
    once(vaultCache.resolve(NOTICE_MARKER), NOTICE, err);
    long logged = 0;
    Process process;
    try {
      logged = Files.exists(paths.log()) ? Files.size(paths.log()) : 0;
      process = Spawner.start(paths, layout, engine, null);
    } catch (IOException | RuntimeException e) {
      failure(failed, new StringBuilder("could not launch the daemon: ").append(e).toString(),
          "", err);
      return null;
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(WAIT_MILLIS);
    boolean exited = false;
    while (System.nanoTime() < deadline) {
      Probe probe = Probe.of(paths);
      if (probe.state() == Probe.State.RUNNING) {
        deleteQuietly(failed);
        return probe;
      }
      probe.close();
      try {
        if (exited) {
          // Another command's daemon holds the vault's lock, starting: wait for it instead.
          if (!Probe.lockHeld(paths)) break;
          Thread.sleep(25);
        } else if (process.waitFor(25, TimeUnit.MILLISECONDS) && process.exitValue() != 0) {
          exited = true; // setsid may fork and exit 0 at once: only a failure counts
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
    if (exited && !Probe.lockHeld(paths)) {
      String said = said(paths.log(), logged);
      failure(failed, new StringBuilder("the daemon exited with code ")
          .append(process.exitValue()).append(said.isEmpty() ? "" : ": ").append(said)
          .toString(), said, err);
    }
    return null; // still starting: this command runs here, a later one in the daemon
  }

  /** Whether a daemon failed to start less than {@link #RETRY_MILLIS} ago. */
  static boolean failedRecently(Path marker) {
    try {
      return System.currentTimeMillis() - Files.getLastModifiedTime(marker).toMillis()
          < RETRY_MILLIS;
    } catch (IOException e) { // none (or unreadable: try, and fail again if it must)
      return false;
    }
  }

  /**
   * Records why a daemon did not start in {@code marker} (the details, which the message
   * leaves out), and says so on stderr when no failure was recorded before.
   *
   * @param reason what the daemon said for people, or empty
   */
  private static void failure(Path marker, String details, String reason, OutputStream err) {
    boolean first = !Files.exists(marker);
    try {
      Files.write(marker, details.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      return; // nothing remembers it: say nothing rather than on every command
    }
    if (!first) return;
    StringBuilder message = new StringBuilder("qmd4j: the background searcher could not start");
    if (!reason.isEmpty()) message.append(" (").append(reason).append(')');
    message.append("; commands run without it for now ('qmd4j daemon start' says more)\n");
    print(err, message.toString());
  }

  /** Prints {@code message} when {@code marker} did not exist yet, and creates it. */
  private static void once(Path marker, String message, OutputStream err) {
    try {
      Files.createDirectories(marker.getParent());
      Files.createFile(marker);
    } catch (FileAlreadyExistsException told) {
      return;
    } catch (IOException e) {
      return; // the cache folder is not writable: the command says what it must about it
    }
    print(err, message);
  }

  /** What the daemon wrote for people in its log since {@code from}, on one line. */
  static String said(Path log, long from) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(log);
    } catch (IOException e) {
      return "";
    }
    int start = (int) Math.min(from, bytes.length);
    String text = new String(bytes, start, bytes.length - start, StandardCharsets.UTF_8);
    StringBuilder said = new StringBuilder();
    for (String line : text.split("\n")) { // one char: String.split takes no regex path
      if (line.startsWith("qmd4j: ")) {
        if (said.length() > 0) said.append("; ");
        said.append(line.substring("qmd4j: ".length()).strip());
      }
    }
    return said.toString();
  }

  private static void print(OutputStream err, String message) {
    try {
      err.write(message.getBytes(StandardCharsets.UTF_8));
      err.flush();
    } catch (IOException e) {
      // stderr is gone: nothing to tell
    }
  }

  private static void deleteQuietly(Path marker) {
    try {
      Files.deleteIfExists(marker);
    } catch (IOException e) {
      // a later failure then stays quiet, as this one was said
    }
  }

  private static boolean isSet(String value) {
    return value != null && !value.isBlank();
  }
}
