package org.qmd4j.cli.daemon;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The packaged command line run as a user runs it, in one folder with one cache, with or
 * without the vault's daemon; remembers the daemons it started and ends them in
 * {@link #close()}, so that no test leaves one running.
 */
@SuppressWarnings("try") // closed in an @AfterEach, not as a try-with-resources resource
final class DaemonProcesses implements AutoCloseable {
  /** The JVMs this class started in this test JVM (the daemons they launched not counted). */
  static final AtomicInteger JVMS = new AtomicInteger();
  private final Path dir;
  private final Path cache;
  private final List<Long> daemons = new ArrayList<>();
  private String jar = System.getProperty("qmd4j.cliJar", "target/qmd4j-cli.jar");
  private boolean autoStart;

  /** One command's outcome: exit code, stdout, stderr, and the classes its JVM loaded. */
  record Run(int code, String out, String err, String classes) {
    boolean relayed() {
      return !classes.contains("picocli");
    }
  }

  /** Commands run in {@code dir} (the vault is {@code dir/vault}), indexes in {@code cache}. */
  DaemonProcesses(Path dir, Path cache) {
    this.dir = dir;
    this.cache = cache;
  }

  /** Runs the jar at {@code jar} from now on (a copy is another build). */
  void useJar(Path jar) {
    this.jar = jar.toString();
  }

  /**
   * Whether commands that find no daemon start one, as they do for users; off unless a test
   * turns it on ({@code CI=1} is set otherwise: a running daemon is still used).
   */
  void autoStart(boolean on) {
    this.autoStart = on;
  }

  /** Runs {@code args} in-process ({@code QMD4J_NO_DAEMON=1}). */
  Run inProcess(String... args) throws IOException, InterruptedException {
    return run(Map.of(DaemonClient.OFF_ENV, "1"), args);
  }

  /** Runs {@code args}, through the vault's daemon when one of this build serves it. */
  Run run(String... args) throws IOException, InterruptedException {
    return run(Map.of(), args);
  }

  Run run(Map<String, String> extraEnv, String... args) throws IOException,
      InterruptedException {
    Path classes = Files.createTempFile(dir, "classes", ".log");
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(launcherOptions(Path.of(jar), args));
    command.addAll(List.of("-Xlog:class+load:file=" + classes, "-jar", jar));
    command.addAll(List.of(args));
    JVMS.incrementAndGet();
    Run run = exec(command, extraEnv);
    run = new Run(run.code(), run.out(), run.err(), Files.readString(classes));
    Files.delete(classes);
    return run;
  }

  /**
   * Runs {@code command} in the folder of the vault with this cache, as {@link #run} runs the
   * jar: no daemon switch or log level from the build's environment, {@code CI=1} unless
   * {@link #autoStart}, colours off; then {@code extraEnv}.
   */
  Run exec(List<String> command, Map<String, String> extraEnv) throws IOException,
      InterruptedException {
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    Map<String, String> env = pb.environment();
    env.remove(DaemonClient.OFF_ENV); // the build's own switch for every other test
    env.remove("QMD4J_LOG");
    env.remove("QMD4J_VAULT");
    env.remove("CI");
    if (!autoStart) env.put("CI", "1");
    env.put("QMD4J_CACHE_DIR", cache.toString());
    env.put("QMD4J_SEARCH_FALLBACK", "1");
    env.put("NO_COLOR", "1");
    env.putAll(new HashMap<>(extraEnv));
    Process p = pb.start();
    if (!p.waitFor(3, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError(String.join(" ", command) + " did not end in 3 min");
    }
    Run run = new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8), "");
    Files.delete(out);
    Files.delete(err);
    return run;
  }

  /** The JVM options the {@code qmd4j} launcher gives {@code args} on the build's jar. */
  static List<String> launcherOptions(String... args) {
    return launcherOptions(Path.of(System.getProperty("qmd4j.cliJar", "target/qmd4j-cli.jar")),
        args);
  }

  /**
   * The JVM options the {@code qmd4j} launcher gives {@code args} on {@code jar}: the serial
   * collector, the C1 compiler only for a short-lived command ({@code daemon start} passes its
   * options on to the daemon it launches, without the C1-only one), and, on the build's jar,
   * the class-data archive that the build made for the tests ({@code qmd4j.cliArchive}, as the
   * launcher makes one beside the jar; JVM logs on stderr, errors only, as the launcher has
   * them). A copy of the jar is another jar to the archive: it runs without one.
   */
  static List<String> launcherOptions(Path jar, String... args) {
    boolean longLived = args.length > 0 && List.of("mcp", "serve", "daemon").contains(args[0]);
    List<String> options = new ArrayList<>(longLived ? List.of("-XX:+UseSerialGC")
        : List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
    String archive = System.getProperty("qmd4j.cliArchive", "");
    Path built = Path.of(System.getProperty("qmd4j.cliJar", "target/qmd4j-cli.jar"));
    if (!archive.isEmpty() && Files.isRegularFile(Path.of(archive))
        && jar.toAbsolutePath().normalize().equals(built.toAbsolutePath().normalize())) {
      options.addAll(List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:disable",
          "-Xlog:all=error:stderr"));
    }
    return options;
  }

  /** {@code daemon start} on the vault with {@code options}; returns the daemon's pid. */
  long start(String... options) throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of("daemon", "start", "--vault", "vault"));
    args.addAll(List.of(options));
    Run startedRun = run(args.toArray(String[]::new));
    if (startedRun.code() != 0) {
      Path log = daemonFolder().resolve("daemon.log");
      throw new AssertionError("daemon start failed: " + startedRun.err() + "\n"
          + (Files.exists(log) ? Files.readString(log) : "(no log)"));
    }
    // The pid `daemon start` reports: asking `daemon status` in another JVM could come after
    // a short idle timeout has already ended the daemon.
    java.util.regex.Matcher started = java.util.regex.Pattern.compile("daemon started for .*"
        + "\\(pid (\\d+)").matcher(startedRun.err());
    long pid = started.find() ? Long.parseLong(started.group(1))
        : pid().orElseThrow(() -> new AssertionError("no daemon after start"));
    daemons.add(pid);
    return pid;
  }

  /** Counts {@code pid} among the daemons {@link #close()} ends (one this class did not start). */
  void adopt(long pid) {
    daemons.add(pid);
  }

  /** The pid {@code daemon status} shows, if a daemon answers. */
  Optional<Long> pid() throws IOException, InterruptedException {
    Run status = run("daemon", "status", "--vault", "vault");
    for (String line : status.out().split("\n")) {
      if (line.startsWith("pid ")) return Optional.of(Long.parseLong(line.substring(4).strip()));
    }
    return Optional.empty();
  }

  /**
   * The pid of the daemon commands started in the background, once it answers: waits for its
   * socket (no JVM started meanwhile), then asks {@code daemon status}.
   */
  long awaitDaemon() throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    Path socket = daemonFolder().resolve("daemon.sock");
    Optional<Long> pid = Optional.empty();
    while (pid.isEmpty() && System.nanoTime() < deadline) {
      if (Files.exists(socket)) pid = pid();
      if (pid.isEmpty()) Thread.sleep(100);
    }
    if (pid.isEmpty()) throw new AssertionError("no daemon started in the background");
    adopt(pid.get());
    return pid.get();
  }

  /** The vault's daemon folder. */
  Path daemonFolder() {
    return daemonPaths().folder();
  }

  DaemonPaths daemonPaths() {
    return DaemonPaths.of(dir, "vault", Map.of("QMD4J_CACHE_DIR", cache.toString()))
        .orElseThrow();
  }

  /** Stops the daemons started here: {@code daemon stop}, then by pid if one lingers. */
  @Override
  public void close() throws Exception {
    try {
      // A daemon may be running when commands start one, or one started here still lives.
      boolean running = autoStart || daemons.stream().anyMatch(pid ->
          ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
      if (running) run("daemon", "stop", "--vault", "vault");
    } finally {
      for (long pid : daemons) {
        ProcessHandle.of(pid).ifPresent(p -> {
          p.destroyForcibly();
          p.onExit().join();
        });
      }
    }
  }
}
