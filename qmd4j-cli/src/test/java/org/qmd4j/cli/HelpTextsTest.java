package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command that takes scopes or dates lists in its help all that the parsers accept. */
class HelpTextsTest {
  private static String help(String command) {
    StringWriter out = new StringWriter();
    CommandLine cmd = Main.newCommandLine();
    cmd.setOut(new PrintWriter(out));
    assertThat(cmd.execute(command, "--help")).isZero();
    // picocli wraps descriptions, also after a colon: compare the words, not the lines
    return out.toString().replaceAll("\\s+", " ").replace(": ", ":");
  }

  @Test
  void scopesListFoldersForEveryLayoutAndTheProjectsOnes() {
    for (String command : List.of("search", "brief")) {
      assertThat(help(command)).as(command).contains("folder:<path>", "every layout",
          "project:<name>", "all-states", "all-descriptions", "projects layout");
    }
  }

  @Test
  void datesListTheFrenchFormsOnEveryCommandThatTakesThem() {
    for (String command : List.of("search", "brief", "find", "tasks", "changelog", "states",
        "buckets")) {
      assertThat(help(command)).as(command).contains("14/07/2025", "yesterday",
          "'N days|weeks|months|years ago'", "hier", "avant-hier",
          "'il y a N jours|semaines|mois|ans'", "le mois dernier", "l'année dernière");
    }
  }
}
