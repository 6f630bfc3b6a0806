package org.qmd4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.SearchOptions;
import org.qmd4j.Searcher;
import org.qmd4j.cli.daemon.DaemonPaths;
import org.qmd4j.cli.daemon.Probe;
import org.qmd4j.cli.daemon.SearcherSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code qmd4j doctor}: which engine runs for a vault, why, and what it can do. */
@Command(name = "doctor", mixinStandardHelpOptions = true,
    description = "Says which engine runs for the vault and why: binary, versions, index, "
        + "collection, documents indexed, whether deep search can run.")
final class DoctorCommand implements Callable<Integer> {
  private static final Pattern INTEGER = Pattern.compile("-?[0-9]{1,18}");
  private static final Pattern SECONDS = Pattern.compile("([0-9]{1,18}) s");
  private final CliContext context;
  private final SearchOptions base;

  @Spec CommandSpec spec;
  @Mixin VaultOption vault;

  @Option(names = "--json", description = "Print a JSON object instead of lines: snake_case "
      + "keys, counts as numbers.")
  boolean json;

  @Mixin EngineOption engine;

  DoctorCommand(CliContext context) {
    this.context = context;
    this.base = context.base();
  }

  @Override
  public Integer call() throws JsonProcessingException {
    Map<String, String> facts = new LinkedHashMap<>();
    try (SearcherSource.Lease lease = context.open(vault, vault.applyTo(engine.applyTo(base)))) {
      Searcher searcher = lease.searcher();
      facts.putAll(searcher.diagnostics());
      searcher.nothingIndexed().ifPresent(why -> facts.put("indexed", why.message()));
    }
    facts.put("daemon", daemon());
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(Json.MAPPER.writerWithDefaultPrettyPrinter()
          .writeValueAsString(toJson(facts)));
    } else {
      int width = facts.keySet().stream().mapToInt(String::length).max().orElse(0);
      facts.forEach((k, v) -> out.printf("%-" + width + "s  %s%n", k, v));
    }
    out.flush();
    return ExitCodes.OK;
  }

  /** Whether a daemon serves the vault, and whether this command ran in it. */
  private String daemon() {
    if (context.daemon().isPresent()) {
      return context.daemon().get() + " serves this vault (this command ran in it)";
    }
    Optional<DaemonPaths> paths = DaemonPaths.of(context.workingDir(),
        vault.resolve().toString(), base.environment());
    if (paths.isEmpty()) return "none";
    try (Probe probe = Probe.of(paths.get())) {
      switch (probe.state()) {
        case RUNNING:
          return "pid " + probe.info().get("pid") + " serves this vault (up "
              + DaemonCommand.human(Duration.ofMillis(System.currentTimeMillis()
                  - Long.parseLong(probe.info().get("started")))) + "; this command ran"
              + " without it: --no-daemon, QMD4J_NO_DAEMON, -v or QMD4J_LOG)";
        case NONE:
        case STALE:
          return "none (qmd4j daemon start runs one)";
        default:
          return "not used: " + probe.whyNotUsed();
      }
    }
  }

  /**
   * The facts for {@code --json}: keys in snake_case ({@code "documents indexed"} becomes
   * {@code documents_indexed}), a whole number as a number, a duration {@code "12 s"} as
   * {@code <key>_s: 12}; every other value stays text.
   */
  static Map<String, Object> toJson(Map<String, String> facts) {
    Map<String, Object> json = new LinkedHashMap<>();
    facts.forEach((k, v) -> {
      String key = k.strip().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_")
          .replaceAll("^_|_$", "");
      Matcher seconds = SECONDS.matcher(v);
      if (INTEGER.matcher(v).matches()) {
        json.put(key, Long.parseLong(v));
      } else if (seconds.matches()) {
        json.put(key + "_s", Long.parseLong(seconds.group(1)));
      } else {
        json.put(key, v);
      }
    });
    return json;
  }
}
