package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import picocli.CommandLine;

/** {@code qmd4j read} end to end. */
class ReadCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cmd = Main.newCommandLine();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    String[] all = new String[args.length + 3];
    all[0] = "read";
    all[1] = "--vault";
    all[2] = Fixtures.vault().toString();
    System.arraycopy(args, 0, all, 3, args.length);
    return cmd.execute(all);
  }

  @Test
  void rangeIsPrintedWithItsHeader() {
    assertThat(run("projects/startup-x/changelog.md:21-23")).isZero();
    assertThat(out.toString()).isEqualTo("## projects/startup-x/changelog.md (lines 21-23)\n\n"
        + "# 2025-07-14\n\n## [décision] Abandon de l'API externe\n");
  }

  @Test
  void wholeFileIsPrintedWithItsPath() {
    assertThat(run("projects/livre-recettes/state.md")).isZero();
    assertThat(out.toString()).startsWith("## projects/livre-recettes/state.md\n\n---\n")
        .doesNotContain("\r").endsWith("\n");
  }

  @Test
  void unindexedFileCanBeRead() {
    assertThat(run("inbox/idee-en-vrac.md")).isZero();
    assertThat(out.toString()).contains("tamanoir");
  }

  @Test
  void refusedOrMissingPathExitsTwo() {
    assertThat(run("projects/../../etc/passwd")).isEqualTo(2);
    assertThat(err.toString()).contains("'..' segments are not allowed");
    assertThat(run("nope.md:1-2")).isEqualTo(2);
    assertThat(err.toString()).contains("No file 'nope.md' in the vault");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void onePathOnly() {
    assertThat(run("tasks.md", "changelog.md")).isEqualTo(2);
    assertThat(err.toString()).contains("Unmatched argument");
  }
}
