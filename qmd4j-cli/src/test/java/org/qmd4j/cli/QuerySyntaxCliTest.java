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

/** {@code qmd4j search} with quoted phrases and exclusions (docs/query-syntax.md). */
class QuerySyntaxCliTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cmd = Main.newCommandLine();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    List<String> all = new ArrayList<>(List.of("search", "--engine", "embedded",
        "--vault", Fixtures.vault().toString()));
    all.addAll(List.of(args));
    return cmd.execute(all.toArray(new String[0]));
  }

  /** The result rows of {@code --json}'s answer. */
  private JsonNode json() throws Exception {
    return new ObjectMapper().readTree(out.toString()).get("results");
  }

  @Test
  void aQuotedPhraseFindsItsWordsInOrderOnly() throws Exception {
    assertThat(run("--json", "--limit", "50", "\"geler les nouvelles fonctionnalités\""))
        .isZero();
    JsonNode rows = json();
    assertThat(rows.size()).isEqualTo(1);
    assertThat(rows.get(0).get("path").asText()).isEqualTo("projects/startup-x/changelog.md");
    assertThat(rows.get(0).get("matches").get(0).get("ranges").toString())
        .isEqualTo("[[14,49]]");
  }

  @Test
  void exclusionsGoAfterDoubleDashOrInOneQuotedArgument() throws Exception {
    assertThat(run("--json", "--limit", "50", "--", "paiement", "-webhook")).isZero();
    JsonNode afterDashes = json();
    assertThat(afterDashes.size()).isPositive();
    afterDashes.forEach(r -> assertThat(r.get("chunk").asText().toLowerCase())
        .doesNotContain("webhook"));
    out.getBuffer().setLength(0);
    assertThat(run("--json", "--limit", "50", "paiement -webhook")).isZero();
    assertThat(json()).isEqualTo(afterDashes);
  }

  @Test
  void hyphenatedWordsAndDatesAreNotExclusions() throws Exception {
    assertThat(run("--json", "--limit", "5", "--", "status: en-cours")).isZero();
    assertThat(json().get(0).get("chunk").asText()).contains("en-cours");
    out.getBuffer().setLength(0);
    assertThat(run("--json", "--limit", "5", "--", "2025-07-14")).isZero();
    assertThat(json().size()).isPositive();
  }

  @Test
  void aQueryOfExclusionsOnlyIsAUsageErrorSayingWhatToAdd() {
    assertThat(run("--", "-geler", "-\"fin août\"")).isEqualTo(2);
    assertThat(err.toString()).contains("only excludes").contains("\"quoted phrase\"")
        .doesNotContain("Exception");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void theHelpOfQueryNamesTheSyntax() {
    CommandLine cmd = Main.newCommandLine();
    StringWriter help = new StringWriter();
    cmd.setOut(new PrintWriter(help));
    assertThat(cmd.execute("search", "--help")).isZero();
    assertThat(help.toString()).contains("-word").contains("docs/query-syntax.md");
  }
}
