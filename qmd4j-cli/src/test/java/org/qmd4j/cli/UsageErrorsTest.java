package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import picocli.CommandLine;

/**
 * A command line picocli cannot parse is said in at most two lines, with the nearest valid
 * option or command, never followed by the whole usage.
 */
class UsageErrorsTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cmd = Main.newCommandLine();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    return cmd.execute(args);
  }

  private List<String> errLines() {
    return List.of(err.toString().strip().split("\n"));
  }

  // "Unknown option: '--form'" used to be followed by 60 lines of usage.
  @Test
  void anUnknownOptionNamesTheNearestAndWhereTheHelpIs() {
    assertThat(run("search", "--vault", Fixtures.vault().toString(), "--form", "hier", "x"))
        .isEqualTo(2);
    assertThat(errLines()).containsExactly(
        "Unknown option: '--form'; did you mean --from?",
        "See 'qmd4j search --help' for the options.");
    assertThat(out.toString()).isEmpty();
  }

  // The query syntax's -word is read as an option unless the query follows --.
  @Test
  void anExclusionBeforeDashDashSaysHowToWriteIt() {
    assertThat(run("search", "--vault", Fixtures.vault().toString(), "budget", "-brouillon"))
        .isEqualTo(2);
    assertThat(errLines()).containsExactly(
        "Unknown option: '-brouillon'; to leave out a word, put the query after -- (qmd4j "
            + "search -- budget -brouillon) or quote it whole",
        "See 'qmd4j search --help' for the options.");
  }

  @Test
  void everyCommandSaysItShortly() {
    assertThat(run("tasks", "--stauts", "bloqué")).isEqualTo(2);
    assertThat(errLines()).containsExactly(
        "Unknown option: '--stauts'; did you mean --status?",
        "See 'qmd4j tasks --help' for the options.");
  }

  @Test
  void anUnknownCommandNamesTheNearestCommand() {
    assertThat(run("serach", "x")).isEqualTo(2);
    List<String> lines = errLines();
    assertThat(lines).hasSize(2);
    assertThat(lines.get(0)).endsWith("; did you mean search?");
    assertThat(lines.get(1)).isEqualTo("See 'qmd4j --help' for the commands and options.");
  }

  @Test
  void otherParameterErrorsAreShortToo() {
    assertThat(run("search", "--limit", "many", "x")).isEqualTo(2);
    assertThat(errLines()).hasSize(2);
    assertThat(errLines().get(0)).contains("--limit").contains("many");
    assertThat(run("read")).isEqualTo(2);
    assertThat(err.toString()).doesNotContain("Usage:");
  }

  @Test
  void nothingNearIsJustTheErrorAndTheHelp() {
    List<String> args = new ArrayList<>(List.of("search", "--zzzzzzzzzz", "x"));
    assertThat(run(args.toArray(new String[0]))).isEqualTo(2);
    assertThat(errLines()).containsExactly("Unknown option: '--zzzzzzzzzz'",
        "See 'qmd4j search --help' for the options.");
  }
}
