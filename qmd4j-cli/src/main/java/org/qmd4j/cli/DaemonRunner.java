package org.qmd4j.cli;

import java.io.PrintWriter;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.TimeZone;
import org.qmd4j.SearchOptions;
import org.qmd4j.cli.daemon.CommandRunner;
import org.qmd4j.cli.daemon.Request;
import org.qmd4j.cli.daemon.SearcherSource;
import picocli.CommandLine;

/**
 * Runs a client's command in the daemon exactly as {@link Main} runs it in-process: the same
 * picocli command line, built on the client's environment, time zone and working directory,
 * printing on the client's stdout and stderr, with picocli's colours decided as they would be
 * on the client's terminal. Only the searchers differ: the daemon's warm ones.
 */
final class DaemonRunner implements CommandRunner {
  private final String daemon;

  /** @param daemon what serves the commands, for {@code doctor}: {@code pid N} */
  DaemonRunner(String daemon) {
    this.daemon = daemon;
  }

  @Override
  public int run(Request request, SearcherSource searchers, PrintWriter out, PrintWriter err) {
    SearchOptions base = SearchOptions.DEFAULT.withEnvironment(request.environment())
        .withClock(Clock.system(TimeZone.getTimeZone(request.zone()).toZoneId()));
    CliContext context = new CliContext(base, request.workingDir(), searchers,
        Optional.of(daemon));
    String[] args = request.args().toArray(String[]::new);
    CommandLine cmd = Main.newCommandLine(context, Main.only(args));
    cmd.setOut(out);
    cmd.setErr(err);
    cmd.setColorScheme(CommandLine.Help.defaultColorScheme(
        ansi(request.environment(), request.console()) ? CommandLine.Help.Ansi.ON
            : CommandLine.Help.Ansi.OFF));
    return cmd.execute(args);
  }

  /** picocli's {@code Ansi.AUTO} on Linux and macOS, judged on the client's side. */
  static boolean ansi(Map<String, String> env, boolean console) {
    String property = System.getProperty("picocli.ansi");
    if (property != null && !property.equalsIgnoreCase("auto")) {
      return Boolean.parseBoolean(property);
    }
    if (env.get("NO_COLOR") != null) return false;
    String force = env.get("CLICOLOR_FORCE");
    if (force != null && !force.equals("0")) return true;
    if ("0".equals(env.get("CLICOLOR")) || "OFF".equals(env.get("ConEmuANSI"))) return false;
    return console;
  }
}
