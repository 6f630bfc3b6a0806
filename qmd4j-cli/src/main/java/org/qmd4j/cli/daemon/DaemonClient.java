package org.qmd4j.cli.daemon;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TimeZone;

/**
 * The client side of the daemon, run by {@code Launch} before anything else: when a daemon of
 * this build serves the command's vault, the command is sent to it and its output and exit
 * code relayed; when none does, one is started in the background ({@link AutoStart}) and used
 * if it answers soon enough; otherwise the command runs in this process. JDK classes only, so that a
 * relayed command costs about a JVM start; and on this path no lambda, no string
 * concatenation with {@code +} and no regex, which would start {@code java.lang.invoke} or
 * {@code java.util.regex} (some eighty classes; see docs/architecture.md).
 */
public final class DaemonClient {
  /** The commands a daemon runs; {@code mcp}, {@code serve}, {@code daemon}, help never. */
  public static final Set<String> RELAYED = Set.of("search", "find", "tasks", "changelog",
      "states", "descriptions", "buckets", "brief", "concat", "read", "tree", "doctor");
  /** Set to anything but {@code 0}: never use a daemon. */
  public static final String OFF_ENV = "QMD4J_NO_DAEMON";
  /**
   * Once the opt-in to starting a daemon in the background ({@code auto}), which is now what
   * commands do unless told not to; no longer read, and kept out of what a daemon sees.
   */
  public static final String AUTO_ENV = "QMD4J_DAEMON";
  /** Returned by {@link #relay} when the command should run in this process. */
  public static final int IN_PROCESS = -1;

  private DaemonClient() {}

  /**
   * Runs {@code args} in the vault's daemon when one of this build answers.
   *
   * @return the command's exit code, or {@link #IN_PROCESS}
   */
  public static int relay(String[] args) {
    Map<String, String> env = System.getenv();
    Optional<String> vault = vaultOf(args, env);
    if (vault.isEmpty()) return IN_PROCESS;
    Path cwd = Path.of(System.getProperty("user.dir"));
    Optional<DaemonPaths> paths = DaemonPaths.of(cwd, vault.get(), env);
    if (paths.isEmpty()) return IN_PROCESS;
    Probe.State found;
    try (Probe probe = Probe.of(paths.get())) {
      if (probe.state() == Probe.State.RUNNING) return run(probe, args, cwd, env);
      found = probe.state();
    }
    if ((found == Probe.State.NONE || found == Probe.State.STALE) && AutoStart.allowed(env)) {
      try (Probe started = AutoStart.startAndWait(paths.get(), option(args, "--layout"),
          option(args, "--engine"), new FileOutputStream(FileDescriptor.err))) {
        if (started != null) return run(started, args, cwd, env);
      }
    }
    return IN_PROCESS;
  }

  /**
   * Whether this run is the launcher's training run for its start-up archive, which runs the
   * command through a daemon (when one runs) and then in-process too, so that the archive
   * holds the classes of both paths.
   */
  public static boolean training() {
    return isSet(System.getenv(AutoStart.TRAINING_ENV));
  }

  /**
   * The vault the command names ({@code --vault}, else {@code $QMD4J_VAULT}, else the current
   * folder), or empty when the command must run in this process: not a relayed command, the
   * daemon turned off ({@code --no-daemon}, {@value #OFF_ENV}), help or version asked, or logs
   * asked for ({@code -v}, {@code QMD4J_LOG}: the log level is the process's).
   */
  static Optional<String> vaultOf(String[] args, Map<String, String> env) {
    if (args.length == 0 || !RELAYED.contains(args[0])) return Optional.empty();
    String off = env.get(OFF_ENV);
    if (isSet(off) && !off.strip().equals("0")) return Optional.empty();
    if (isSet(env.get("QMD4J_LOG"))) return Optional.empty();
    for (int i = 1; i < args.length && !args[i].equals("--"); i++) {
      switch (args[i]) {
        case "--no-daemon": case "-v": case "--verbose": case "-h": case "--help":
        case "-V": case "--version":
          return Optional.empty();
        default:
      }
    }
    String named = option(args, "--vault");
    if (named == null) named = isSet(env.get("QMD4J_VAULT")) ? env.get("QMD4J_VAULT") : ".";
    return named.isBlank() ? Optional.empty() : Optional.of(named);
  }

  /** The value of the first {@code name VALUE} or {@code name=VALUE} before {@code --}. */
  static String option(String[] args, String name) {
    for (int i = 1; i < args.length && !args[i].equals("--"); i++) {
      if (args[i].equals(name) && i + 1 < args.length) return args[i + 1];
      if (args[i].startsWith(name) && args[i].length() > name.length()
          && args[i].charAt(name.length()) == '=') {
        return args[i].substring(name.length() + 1);
      }
    }
    return null;
  }

  private static int run(Probe probe, String[] args, Path cwd, Map<String, String> env) {
    Map<String, String> sent = new HashMap<>(env);
    boolean console = System.console() != null;
    boolean terminal = Terminal.stdoutIsTerminal();
    sent.putIfAbsent("QMD4J_STDOUT_TTY", terminal ? "1" : "0");
    sent.putIfAbsent("QMD4J_STDERR_TTY", console ? "1" : "0");
    Request request = new Request(Arrays.asList(args), cwd, sent,
        TimeZone.getDefault().getID(), terminal);
    OutputStream out = new FileOutputStream(FileDescriptor.out);
    OutputStream err = new FileOutputStream(FileDescriptor.err);
    boolean printed = false;
    try {
      Wire.write(probe.out(), Wire.RUN, request.encode());
      for (Wire.Frame frame; (frame = Wire.read(probe.in())) != null; ) {
        if (frame.type() == Wire.EXIT) return Integer.parseInt(frame.text());
        OutputStream target = frame.type() == Wire.OUT ? out : err;
        target.write(frame.body());
        target.flush();
        printed |= frame.body().length > 0;
      }
    } catch (IOException | RuntimeException e) {
      // the daemon went away: said below
    }
    if (!printed) return IN_PROCESS; // nothing shown yet: run it here instead
    try {
      err.write(("\nqmd4j: the daemon serving this vault stopped while answering; run the"
          + " command again (it runs without the daemon until one is started)\n")
          .getBytes(StandardCharsets.UTF_8));
      err.flush();
    } catch (IOException e) {
      // stderr is gone too
    }
    return 1;
  }

  private static boolean isSet(String value) {
    return value != null && !value.isBlank();
  }
}
