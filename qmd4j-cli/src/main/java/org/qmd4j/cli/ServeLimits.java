package org.qmd4j.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.web.WebLimits;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The bounds of {@code qmd4j serve} on MCP sessions, event streams and request times
 * ({@link WebLimits}), each an option with an environment variable as its default.
 */
final class ServeLimits {
  private static final Pattern COUNTS = Pattern.compile("(\\d{1,6})(?:/(\\d{1,6}))?");
  private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(ms|s|m|h)");

  @Option(names = "--mcp-sessions", paramLabel = "TOTAL[/PER_CLIENT]",
      defaultValue = "${env:QMD4J_MCP_SESSIONS:-100/20}",
      description = "MCP sessions open at once, and per client address; past them a new "
          + "session gets 503 (or 429 for one client) with Retry-After. Env QMD4J_MCP_SESSIONS.")
  String sessions;

  @Option(names = "--mcp-streams", paramLabel = "TOTAL[/PER_CLIENT]",
      defaultValue = "${env:QMD4J_MCP_STREAMS:-100/10}",
      description = "MCP event streams (GET /mcp) open at once, and per client address. "
          + "Env QMD4J_MCP_STREAMS.")
  String streams;

  @Option(names = "--mcp-session-idle", paramLabel = "DURATION",
      defaultValue = "${env:QMD4J_MCP_SESSION_IDLE:-15m}",
      description = "An MCP session without requests or open streams this long is ended "
          + "(between one and two such times): 90s, 15m, 2h. Env QMD4J_MCP_SESSION_IDLE.")
  String sessionIdle;

  @Option(names = "--mcp-stream-timeout", paramLabel = "DURATION",
      defaultValue = "${env:QMD4J_MCP_STREAM_TIMEOUT:-10m}",
      description = "An MCP event stream is closed after this long (clients open it again). "
          + "Env QMD4J_MCP_STREAM_TIMEOUT.")
  String streamTimeout;

  @Option(names = "--request-timeout", paramLabel = "DURATION",
      defaultValue = "${env:QMD4J_REQUEST_TIMEOUT:-5m}",
      description = "An MCP request's answer stream is closed after this long. "
          + "Env QMD4J_REQUEST_TIMEOUT.")
  String requestTimeout;

  /** The limits these options say; a bad value exits 2 naming the accepted forms. */
  WebLimits toLimits(CommandSpec spec) {
    int[] s = counts(spec, "--mcp-sessions", sessions);
    int[] t = counts(spec, "--mcp-streams", streams);
    try {
      return WebLimits.DEFAULT.withSessions(s[0], s[1]).withStreams(t[0], t[1]).withTimes(
          duration(spec, "--mcp-session-idle", sessionIdle),
          duration(spec, "--mcp-stream-timeout", streamTimeout),
          duration(spec, "--request-timeout", requestTimeout), null);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  /** {@code TOTAL} or {@code TOTAL/PER_CLIENT}; a total alone gives each client all of it. */
  private static int[] counts(CommandSpec spec, String option, String value) {
    Matcher m = COUNTS.matcher(value.strip());
    if (!m.matches()) {
      throw new ParameterException(spec.commandLine(), option + " '" + value + "' is not a "
          + "count; pass TOTAL or TOTAL/PER_CLIENT, such as 100/20");
    }
    int total = Integer.parseInt(m.group(1));
    return new int[] {total, m.group(2) == null ? total : Integer.parseInt(m.group(2))};
  }

  private static Duration duration(CommandSpec spec, String option, String value) {
    Matcher m = DURATION.matcher(value.strip());
    if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
      throw new ParameterException(spec.commandLine(), option + " '" + value + "' is not a "
          + "duration; pass a number above 0 with ms, s, m or h (90s, 15m, 2h)");
    }
    long n = Long.parseLong(m.group(1));
    switch (m.group(2)) {
      case "ms": return Duration.ofMillis(n);
      case "s": return Duration.ofSeconds(n);
      case "m": return Duration.ofMinutes(n);
      default: return Duration.ofHours(n);
    }
  }
}
