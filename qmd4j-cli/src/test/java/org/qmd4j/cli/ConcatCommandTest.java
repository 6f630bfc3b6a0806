package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import picocli.CommandLine;

/** {@code qmd4j concat} end to end: the document on stdout, refusals as exit 2. */
class ConcatCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(Path vault, String... args) {
    CommandLine cmd = Main.newCommandLine();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    List<String> all = new ArrayList<>(List.of("concat", "--vault", vault.toString()));
    all.addAll(List.of(args));
    return cmd.execute(all.toArray(new String[0]));
  }

  private int run(String... args) {
    return run(Fixtures.vault(), args);
  }

  @Test
  void printsTheDocumentWithOverviewAndBlocks() {
    int code = run("--overview", "Le potager et un jour de startup-x.",
        "projects/jardin-potager/state.md:1-4", "projects/startup-x/changelog.md:1-3",
        "projects/jardin-potager/state.md:5-6");
    assertThat(code).isZero();
    assertThat(out.toString()).isEqualTo("Le potager et un jour de startup-x.\n\n---\n\n"
        + "## projects/jardin-potager/state.md (lines 1-6)\n\n"
        + "---\nupdated: 2025-05-18\nstatus: en pause\n---\n\n# État du potager\n\n"
        + "## projects/startup-x/changelog.md (lines 1-3)\n\n"
        + "# 2025-09-08\n\n## [livraison] Version v2.3.1 en production\n");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void withoutOverviewTheDocumentStartsWithTheSeparator() {
    assertThat(run("tasks.md:20-40")).isZero();
    assertThat(out.toString()).startsWith("---\n\n## tasks.md (lines 20-22)\n\n");
  }

  @Test
  void refusedPathExitsTwoNamingIt() {
    assertThat(run("tasks.md", "../secret.md")).isEqualTo(2);
    assertThat(err.toString()).isEqualTo("qmd4j: Refused path '../secret.md': '..' segments "
        + "are not allowed, only files inside the vault can be read; give a vault-relative "
        + "path with / separators, such as projects/startup-x/state.md\n");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void absolutePathExitsTwo() {
    assertThat(run("/etc/passwd")).isEqualTo(2);
    assertThat(err.toString()).startsWith("qmd4j: Refused path '/etc/passwd': absolute paths");
  }

  @Test
  void missingFileExitsTwo() {
    assertThat(run("projects/startup-x/nope.md")).isEqualTo(2);
    assertThat(err.toString()).startsWith("qmd4j: No file 'projects/startup-x/nope.md' in the "
        + "vault;");
  }

  @Test
  void folderExitsTwo() {
    assertThat(run("projects/startup-x")).isEqualTo(2);
    assertThat(err.toString()).contains("it is a folder, not a file");
  }

  @Test
  void symbolicLinkOutOfTheVaultExitsTwo(@TempDir Path tmp) throws IOException {
    Path vault = Files.createDirectories(tmp.resolve("vault"));
    Files.writeString(tmp.resolve("secret.md"), "secret\n");
    Files.createSymbolicLink(vault.resolve("leak.md"), tmp.resolve("secret.md"));
    assertThat(run(vault, "leak.md")).isEqualTo(2);
    assertThat(err.toString()).contains("Refused path 'leak.md': it resolves, through a "
        + "symbolic link, outside the vault");
    assertThat(out.toString()).doesNotContain("secret");
  }

  @Test
  void badRangeExitsTwo() {
    assertThat(run("tasks.md:9-3")).isEqualTo(2);
    assertThat(err.toString()).contains("Invalid line range '9-3' in 'tasks.md:9-3'");
    assertThat(run("tasks.md:50-60")).isEqualTo(2);
    assertThat(err.toString()).contains("Lines 50-60 of 'tasks.md' start past its end: it has "
        + "22 lines");
  }

  @Test
  void noPathIsAUsageError() {
    assertThat(run()).isEqualTo(2);
    assertThat(err.toString()).contains("Missing required parameter: 'PATH[:FROM-TO]'");
  }

  @Test
  void missingVaultExitsTwo(@TempDir Path tmp) {
    assertThat(run(tmp.resolve("nope"), "tasks.md")).isEqualTo(2);
    assertThat(err.toString()).contains("Vault folder does not exist");
  }
}
