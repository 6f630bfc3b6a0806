package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The help texts are whole, and a default shows once and only when it says something. */
class Qmd4jCommandTest {
  private static String help(String... args) {
    StringWriter out = new StringWriter();
    CommandLine cmd = Main.newCommandLine();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(new StringWriter()));
    assertThat(cmd.execute(args)).isZero();
    return out.toString();
  }

  @Test
  void topLevelHelpGivesEachCommandAWholeSentence() {
    String help = help("--help");
    String commands = help.substring(help.indexOf("Commands:\n"), help.indexOf("\nExit codes:"));
    // One summary per command: its first line, then the lines indented under it.
    Matcher m = Pattern.compile("(?m)^  (\\S+) +(.*(?:\\n {10,}.*)*)").matcher(commands);
    List<String> seen = new ArrayList<>();
    while (m.find()) {
      String summary = m.group(2).replaceAll("\\s+", " ").strip();
      assertThat(summary).as(m.group(1)).endsWith(".");
      seen.add(m.group(1));
    }
    assertThat(seen).containsAll(Qmd4jCommand.SUBCOMMANDS.keySet());
    assertThat(help).contains("(tools: search,").contains("buckets).");
  }

  @Test
  void everyOptionShowsItsDefaultAtMostOnceAndNeverEmpty() {
    for (String name : Qmd4jCommand.SUBCOMMANDS.keySet()) {
      if (name.equals("help")) continue;
      String help = help(name, "--help");
      // An option's text runs from its name to the next option or the end.
      for (String option : help.split("\\n(?= {2}(-\\w, )?--?\\w| {6}--)")) {
        int defaults = option.split("Default:", -1).length - 1;
        assertThat(defaults).as(name + ": " + option).isLessThanOrEqualTo(1);
        assertThat(option).as(name).doesNotContainPattern("Default:\\s*$")
            .doesNotContain("Default: []").doesNotContain("Default: null");
      }
    }
  }
}
