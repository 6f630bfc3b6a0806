package org.qmd4j.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.EngineDescription;
import org.qmd4j.cli.daemon.DaemonPaths;
import org.qmd4j.cli.daemon.DaemonServer;
import org.qmd4j.cli.daemon.Probe;
import org.qmd4j.cli.daemon.SearcherCache;
import org.qmd4j.cli.daemon.SearcherSource;
import org.qmd4j.cli.daemon.Spawner;
import org.qmd4j.search.SearchException;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.VaultNotFoundException;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code qmd4j daemon start|stop|status}: the vault's resident searcher for the CLI. */
@Command(name = "daemon", mixinStandardHelpOptions = true,
    subcommands = {DaemonCommand.Start.class, DaemonCommand.Stop.class,
        DaemonCommand.Status.class, DaemonCommand.Run.class},
    description = {
        "Runs one long-lived searcher for a vault (warm index, vault watched, qmd's session "
            + "kept) that every command on that vault then uses, over a socket only you can "
            + "open in the vault's cache folder. Output and exit codes are the same as "
            + "without it. A command that finds none starts one in the background (never "
            + "when CI is set); it stops after an hour without commands. --no-daemon or "
            + "QMD4J_NO_DAEMON=1 keeps a command away from any daemon."})
final class DaemonCommand {
  static final String DEFAULT_IDLE = "1h";
  private static final Pattern DURATION = Pattern.compile("([0-9]{1,9})(ms|s|m|h)");

  private DaemonCommand() {}

  /** The daemon folder of the command's vault, or the library's error for a missing vault. */
  static DaemonPaths paths(CliContext context, VaultOption vault) {
    return DaemonPaths.of(context.workingDir(), vault.resolve().toString(),
        context.base().environment()).orElseThrow(() -> new VaultNotFoundException(
            "Vault folder does not exist: " + vault.folder().toAbsolutePath()));
  }

  /** {@code 90s}, {@code 30m}, {@code 2h}, or {@code 0}/{@code never} for no timeout. */
  static Duration idleTimeout(CommandSpec spec, String value) {
    if (value.equals("0") || value.equalsIgnoreCase("never")) return Duration.ZERO;
    Matcher m = DURATION.matcher(value);
    if (!m.matches()) {
      throw new ParameterException(spec.commandLine(), "--idle-timeout '" + value + "' is not"
          + " a duration; pass a number with ms, s, m or h (90s, 30m, 2h), or never");
    }
    long n = Long.parseLong(m.group(1));
    switch (m.group(2)) {
      case "ms": return Duration.ofMillis(n);
      case "s": return Duration.ofSeconds(n);
      case "m": return Duration.ofMinutes(n);
      default: return Duration.ofHours(n);
    }
  }

  /** The {@code --idle-timeout} option of {@code start} and {@code run}. */
  static final class IdleTimeout {
    @Option(names = "--idle-timeout", defaultValue = DEFAULT_IDLE, paramLabel = "DURATION",
        description = "Stop after this long without a command: 90s, 30m, 2h, or never.")
    String value;

    /** The timeout, {@link Duration#ZERO} for never; a bad value exits 2 naming the forms. */
    Duration duration(CommandSpec spec) {
      return idleTimeout(spec, value);
    }
  }

  /** {@code 2 h 5 min}, {@code 1 h}, {@code 3 min 12 s}, {@code 40 s}: two units at most. */
  static String human(Duration d) {
    long s = d.toSeconds();
    if (s >= 3600) return s / 3600 + " h" + (s % 3600 / 60 == 0 ? "" : " " + s % 3600 / 60
        + " min");
    if (s >= 60) return s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
    return s + " s";
  }

  /** {@code start}: starts the daemon and returns once it answers. */
  @Command(name = "start", mixinStandardHelpOptions = true, showDefaultValues = true,
      description = "Starts the vault's daemon in the background; returns once it answers.")
  static final class Start implements Callable<Integer> {
    private static final long WAIT_MILLIS = 300_000;
    private final CliContext context;
    @Spec CommandSpec spec;
    @Mixin VaultOption vault;
    @Mixin EngineOption engine;

    @Mixin IdleTimeout idle;

    Start(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
      idle.duration(spec);
      engine.applyTo(vault.applyTo(context.base())); // bad values: exit 2 here
      DaemonPaths paths = paths(context, vault);
      PrintWriter err = spec.commandLine().getErr();
      try (Probe probe = Probe.of(paths)) {
        if (probe.state() == Probe.State.RUNNING) {
          err.println("qmd4j: a daemon already serves " + paths.vault() + " (pid "
              + probe.info().get("pid") + ")");
          return ExitCodes.OK;
        }
        if (!probe.whyNotUsed().isEmpty()) {
          err.println("qmd4j: a daemon is there for " + paths.vault() + ": "
              + probe.whyNotUsed());
          return ExitCodes.FAILURE;
        }
      }
      long logged = Files.exists(paths.log()) ? Files.size(paths.log()) : 0;
      Process process = Spawner.start(paths, vault.layout.layout, engine.engine, idle.value);
      long deadline = System.currentTimeMillis() + WAIT_MILLIS;
      while (System.currentTimeMillis() < deadline) {
        if (process.waitFor(100, TimeUnit.MILLISECONDS)) {
          return failedToStart(paths, logged, process.exitValue(), err);
        }
        try (Probe probe = Probe.of(paths)) {
          if (probe.state() == Probe.State.RUNNING) {
            Map<String, String> info = probe.info();
            err.println("qmd4j: daemon started for " + paths.vault() + " (pid "
                + info.get("pid") + ", engine " + info.get("engine") + ", idle timeout "
                + idle.value + ")");
            return ExitCodes.OK;
          }
        }
      }
      err.println("qmd4j: the daemon did not answer within " + WAIT_MILLIS / 1000 + " s;"
          + " see qmd4j daemon status");
      return ExitCodes.FAILURE;
    }
  }

  /**
   * Says why a daemon stopped as it started: the messages for people it wrote in its log
   * (those of the command line in-process, never a stack trace), and returns its exit code.
   */
  static int failedToStart(DaemonPaths paths, long logged, int exit, PrintWriter err)
      throws IOException {
    byte[] log = Files.readAllBytes(paths.log());
    String said = new String(log, (int) Math.min(logged, log.length),
        (int) Math.max(0, log.length - logged), StandardCharsets.UTF_8);
    boolean told = false;
    for (String line : said.split("\n")) {
      if (line.startsWith("qmd4j: ")) {
        err.println(line);
        told = true;
      }
    }
    if (!told) {
      err.println("qmd4j: the daemon stopped as it started (exit code " + exit + "); run"
          + " 'qmd4j daemon run' with the same options to see it in the foreground");
    }
    err.flush();
    return exit == 0 ? ExitCodes.FAILURE : exit;
  }

  /** {@code stop}: asks the daemon to stop and waits until it has. */
  @Command(name = "stop", mixinStandardHelpOptions = true,
      description = "Stops the vault's daemon (the commands it is running finish first).")
  static final class Stop implements Callable<Integer> {
    private final CliContext context;
    @Spec CommandSpec spec;
    @Mixin VaultOption vault;

    Stop(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      DaemonPaths paths = paths(context, vault);
      PrintWriter err = spec.commandLine().getErr();
      try (Probe probe = Probe.of(paths)) {
        Probe.State state = probe.state();
        if (state == Probe.State.NONE || state == Probe.State.STALE) {
          err.println("qmd4j: no daemon serves " + paths.vault());
          return ExitCodes.OK;
        }
        String pid = probe.info().get("pid");
        if (!probe.stop()) {
          err.println("qmd4j: the daemon of " + paths.vault() + " did not stop: "
              + probe.whyNotUsed());
          return ExitCodes.FAILURE;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(Long.parseLong(pid));
        process.ifPresent(p -> p.onExit().orTimeout(60, TimeUnit.SECONDS).exceptionally(e -> p)
            .join());
        err.println("qmd4j: stopped the daemon of " + paths.vault() + " (pid " + pid + ")");
        return ExitCodes.OK;
      }
    }
  }

  /** {@code status}: pid, vault, engine, uptime, version; exit 1 when none runs. */
  @Command(name = "status", mixinStandardHelpOptions = true,
      description = "Says whether a daemon serves the vault: its pid, vault, engine, layout, "
          + "version, uptime and idle timeout. Exit code 1 when none does.")
  static final class Status implements Callable<Integer> {
    private final CliContext context;
    @Spec CommandSpec spec;
    @Mixin VaultOption vault;

    Status(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      DaemonPaths paths = paths(context, vault);
      PrintWriter out = spec.commandLine().getOut();
      try (Probe probe = Probe.of(paths)) {
        if (probe.info().isEmpty()) {
          String why = probe.whyNotUsed();
          out.println("no daemon serves " + paths.vault() + (why.isEmpty() ? "" : ": " + why));
          out.flush();
          return ExitCodes.FAILURE;
        }
        Map<String, String> facts = facts(probe.info());
        if (!probe.whyNotUsed().isEmpty()) facts.put("note", probe.whyNotUsed());
        facts.forEach((k, v) -> out.printf("%-13s %s%n", k, v));
        out.flush();
        return ExitCodes.OK;
      }
    }
  }

  /** What {@code status} shows of a daemon's hello. */
  static Map<String, String> facts(Map<String, String> info) {
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put("pid", info.getOrDefault("pid", "?"));
    facts.put("vault", info.getOrDefault("vault", "?"));
    facts.put("engine", info.getOrDefault("engine", "?"));
    facts.put("layout", info.getOrDefault("layout", "?"));
    facts.put("version", info.getOrDefault("version", "?"));
    long now = System.currentTimeMillis();
    facts.put("uptime", human(Duration.ofMillis(now - Long.parseLong(info.getOrDefault(
        "started", Long.toString(now))))));
    long idle = Long.parseLong(info.getOrDefault("idle_timeout_ms", "0"));
    facts.put("idle timeout", (idle == 0 ? "never" : human(Duration.ofMillis(idle)))
        + " (idle for " + human(Duration.ofMillis(Long.parseLong(info.getOrDefault(
            "idle_ms", "0")))) + ")");
    return facts;
  }

  /** {@code run}: the daemon itself, in the foreground (what {@code start} launches). */
  @Command(name = "run", hidden = true, mixinStandardHelpOptions = true,
      description = "Runs the daemon in the foreground until stopped or idle.")
  static final class Run implements Callable<Integer> {
    private final CliContext context;
    @Spec CommandSpec spec;
    @Mixin VaultOption vault;
    @Mixin EngineOption engine;

    @Mixin IdleTimeout idle;

    Run(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() throws IOException {
      Duration timeout = idle.duration(spec);
      DaemonPaths paths = paths(context, vault);
      SearcherCache cache = new SearcherCache();
      String pid = "pid " + ProcessHandle.current().pid();
      DaemonServer server = new DaemonServer(paths, cache, new DaemonRunner(pid), timeout);
      PrintWriter err = spec.commandLine().getErr();
      SearcherSource.Lease[] primary = new SearcherSource.Lease[1];
      try {
        return serve(server, cache, paths, pid, err, primary);
      } catch (SearchException e) { // said for people by the command line's handler
        throw e;
      } catch (RuntimeException | IOException e) {
        // Its own log: the details, which the message for people leaves out.
        LoggerFactory.getLogger(DaemonCommand.class).error("The daemon failed", e);
        throw e;
      }
    }

    private int serve(DaemonServer server, SearcherCache cache, DaemonPaths paths, String pid,
        PrintWriter err, SearcherSource.Lease[] primary) throws IOException {
      return server.serve(err, () -> {
        primary[0] = cache.open(vault.folder(), vault.applyTo(engine.applyTo(context.base())));
        EngineDescription described = primary[0].searcher().describe();
        return Map.of("engine", described.engine(), "layout", described.layout().wireName());
      }, () -> {
        err.println("qmd4j: daemon " + pid + " serves " + paths.vault());
        err.flush();
        // The first search builds or refreshes the index: now, not at the first command.
        primary[0].searcher().async().search(SearchRequest.of(SearchRequest.WILDCARD)
            .withLimit(1));
      });
    }
  }
}
