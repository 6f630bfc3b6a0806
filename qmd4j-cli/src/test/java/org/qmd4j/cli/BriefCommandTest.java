package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import picocli.CommandLine;

/** {@code qmd4j brief} end to end. */
class BriefCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cmd = Main.newCommandLine();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    List<String> all = new ArrayList<>(List.of("brief", "--engine", "embedded",
        "--vault", Fixtures.vault().toString()));
    all.addAll(List.of(args));
    return cmd.execute(all.toArray(new String[0]));
  }

  @Test
  void changelogHitPrintsTheOverviewThenTheExcerpts() {
    assertThat(run("--limit", "1", "webhook")).isZero();
    assertThat(out.toString()).startsWith("Question: \"webhook\".\n"
        + "Found 1 chunk in 1 file: projects/startup-x/changelog.md (1).\n"
        + "Matched terms: webhook.\n"
        + "Included below: 1 excerpt, 12 lines.\n\n---\n\n"
        + "## projects/startup-x/changelog.md (lines 21-32)\n\n# 2025-07-14\n");
    assertThat(out.toString()).contains("## [blocage] Le webhook de paiement envoie des doublons");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void aCorrectedWordIsSaidFirst() {
    assertThat(run("--limit", "1", "idempotance")).isZero();
    assertThat(out.toString()).startsWith("Showing results for \"idempotence\" (no match for "
        + "\"idempotance\").\n\nQuestion: \"idempotence\".\n")
        .contains("Matched terms: idempotence.");
  }

  @Test
  void scopeAndSeveralWordsAreApplied() {
    assertThat(run("--scope", "all-states", "--", "cautionnement", "personnel")).isZero();
    assertThat(out.toString()).startsWith("Question: \"cautionnement personnel\" "
        + "(scope all-states).\n")
        .contains("\n---\n\n## projects/startup-x/state.md\n\n");
  }

  @Test
  void nothingFoundIsSuccessWithAPlainOverview() {
    assertThat(run("zanzibar")).isZero();
    assertThat(out.toString()).isEqualTo("Question: \"zanzibar\".\n"
        + "Nothing found: no chunk of the vault matches this question.\n\n---\n");
  }

  @Test
  void invalidInputExitsTwo() {
    assertThat(run("--scope", "everything", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("Unknown scope 'everything'");
    assertThat(run("--", " ")).isEqualTo(2);
    assertThat(err.toString()).contains("query is empty");
    assertThat(out.toString()).isEmpty();
  }
}
