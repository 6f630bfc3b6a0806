package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.SearchOptions;
import org.qmd4j.cli.daemon.DaemonClient;
import picocli.CommandLine;

/** {@code qmd4j daemon}'s options and what goes through a daemon. */
class DaemonCommandTest {
  @TempDir Path dir;

  @Test
  void everyCommandIsRelayedOrRunsInProcessOnPurpose() {
    // solr init sets up a cluster: nothing of a vault to keep warm. bench opens each engine
    // it measures with its own options, one after another.
    Set<String> local = Set.of("mcp", "serve", "daemon", "help", "solr", "bench");
    for (String name : Qmd4jCommand.SUBCOMMANDS.keySet()) {
      assertThat(DaemonClient.RELAYED.contains(name) || local.contains(name)).as(name).isTrue();
    }
    assertThat(Qmd4jCommand.SUBCOMMANDS.keySet()).containsAll(DaemonClient.RELAYED);
  }

  @Test
  void durationsForPeople() {
    assertThat(DaemonCommand.human(Duration.ofHours(1))).isEqualTo("1 h");
    assertThat(DaemonCommand.human(Duration.ofMinutes(65))).isEqualTo("1 h 5 min");
    assertThat(DaemonCommand.human(Duration.ofSeconds(190))).isEqualTo("3 min 10 s");
    assertThat(DaemonCommand.human(Duration.ofSeconds(40))).isEqualTo("40 s");
  }

  @Test
  void aBadIdleTimeoutIsRefusedWithTheValidForms() {
    StringWriter err = new StringWriter();
    CommandLine cmd = Main.newCommandLine();
    cmd.setOut(new PrintWriter(new StringWriter()));
    cmd.setErr(new PrintWriter(err));
    int code = cmd.execute("daemon", "start", "--vault", dir.toString(), "--idle-timeout",
        "soon");
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("--idle-timeout 'soon' is not a duration")
        .contains("90s, 30m, 2h");
  }

  @Test
  void statusOfAVaultWithoutDaemonSaysSoWithExitCode1() {
    StringWriter out = new StringWriter();
    CommandLine cmd = Main.newCommandLine(SearchOptions.DEFAULT.withEnvironment(
        Map.of("QMD4J_CACHE_DIR", dir.resolve("cache").toString())));
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(new StringWriter()));
    assertThat(cmd.execute("daemon", "status", "--vault", dir.toString())).isEqualTo(1);
    assertThat(out.toString()).startsWith("no daemon serves " + dir);
  }
}
