package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import picocli.CommandLine;

/** {@code qmd4j tree} end to end. */
class TreeCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cmd = Main.newCommandLine();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    List<String> all = new ArrayList<>(List.of("tree", "--vault", Fixtures.vault().toString()));
    all.addAll(List.of(args));
    return cmd.execute(all.toArray(new String[0]));
  }

  @Test
  void textMarksIndexedFiles() {
    assertThat(run()).isZero();
    assertThat(out.toString()).startsWith("archives/\n  2024.md\nbucket/\n"
        + "  export-journal.md  [bucket]\n")
        .contains("\nchangelog.md  [changelog]\ninbox/\n  2025-09-11-note-rapide.md\n")
        .contains("\n  startup-x/\n")
        .endsWith("\ntasks.md  [tasks]\ntree.md\n"
            + "39 folders, 67 files, 59 indexed (marked [kind])\n"
            + "layout: projects (detected: projects/ exists)\n");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void jsonListsEveryEntry() throws Exception {
    assertThat(run("--json")).isZero();
    JsonNode array = new ObjectMapper().readTree(out.toString());
    assertThat(array).hasSize(39 + 67);
    assertThat(array.get(0).toString())
        .isEqualTo("{\"path\":\"archives\",\"type\":\"folder\",\"indexed\":false}");
    assertThat(array.get(3).toString()).isEqualTo("{\"path\":\"bucket/export-journal.md\","
        + "\"type\":\"file\",\"indexed\":true,\"kind\":\"bucket\"}");
  }
}
