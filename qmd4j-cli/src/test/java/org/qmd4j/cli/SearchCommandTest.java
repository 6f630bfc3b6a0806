package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.spi.QmdOptions;
import picocli.CommandLine;

/** {@code qmd4j search} end to end: output shape, exit codes, messages. */
class SearchCommandTest {
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

  @Test
  void jsonHoldsTheSeedArrayAndTheTotal() throws Exception {
    int code = run("--json", "--limit", "5", "--", "[décision]");
    assertThat(code).isZero();
    JsonNode answer = new ObjectMapper().readTree(out.toString());
    List<String> keys = new ArrayList<>();
    answer.fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("results", "corrected", "suggestions", "total",
        "totalExact");
    assertThat(answer.get("total").asInt()).isGreaterThan(5);
    assertThat(answer.get("totalExact").asBoolean()).isTrue();
    JsonNode array = answer.get("results");
    assertThat(array.isArray()).isTrue();
    assertThat(array).hasSize(5);
    for (JsonNode row : array) {
      List<String> fields = new ArrayList<>();
      row.fieldNames().forEachRemaining(fields::add);
      // The seed's four fields first, then the readable ones: how it matched, where, the day.
      assertThat(fields).containsExactly("path", "chunk", "score", "lines", "matchType",
          "matches", "date", "dateSource");
      assertThat(row.get("score").asDouble()).isBetween(0.0, 1.0);
      assertThat(row.get("lines").asText()).matches("\\d+-\\d+");
    }
    assertThat(array.get(0).get("chunk").asText()).contains("[décision]");
  }

  @Test
  void listingCutAtTheLimitEndsWithTheTotal() throws Exception {
    assertThat(run("--json", "--limit", "100", "--", "[décision]")).isZero();
    int all = new ObjectMapper().readTree(out.toString()).get("results").size();
    out.getBuffer().setLength(0);
    assertThat(run("--limit", "2", "--", "[décision]")).isZero();
    assertThat(out.toString()).endsWith(System.lineSeparator() + "(2 of " + all
        + " results; --limit to see more)" + System.lineSeparator());
    out.getBuffer().setLength(0);
    assertThat(run("--limit", "100", "--", "[décision]")).isZero();
    assertThat(out.toString()).doesNotContain(" results; --limit");
  }

  @Test
  void vimgrepSaysTheTotalOnStderr() {
    assertThat(run("--vimgrep", "--limit", "1", "--", "[décision]")).isZero();
    assertThat(err.toString()).containsPattern("\\(1 of \\d+ results; --limit to see more\\)");
  }

  @Test
  void noMatchIsSuccessWithAnEmptyArray() {
    assertThat(run("--json", "zanzibar")).isZero();
    assertThat(out.toString().strip()).isEqualTo("{\"results\":[],\"corrected\":{},\"suggestions\":[],\"total\":0,\"totalExact\":true}");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void readableListingShowsPathLinesAndScore() {
    assertThat(run("cautionnement")).isZero();
    assertThat(out.toString()).containsPattern("projects/startup-x/state\\.md:1-\\d+  0\\.\\d\\d");
  }

  @Test
  void severalArgumentsFormOneQuery() throws Exception {
    assertThat(run("--json", "--", "status:", "bloqué")).isZero();
    JsonNode array = new ObjectMapper().readTree(out.toString()).get("results");
    assertThat(array.get(0).get("chunk").asText()).contains("status: bloqué");
  }

  @Test
  void scopeAndDatesAreApplied() throws Exception {
    assertThat(run("--json", "--scope", "all-changelogs", "--from", "2025-08-01",
        "--to", "2025-08-31", "--limit", "50", "*")).isZero();
    JsonNode array = new ObjectMapper().readTree(out.toString()).get("results");
    assertThat(array.size()).isGreaterThan(3);
    for (JsonNode row : array) {
      assertThat(row.get("path").asText()).endsWith("changelog.md");
      assertThat(row.get("chunk").asText()).contains("2025-08-");
      assertThat(row.get("score").asDouble()).isEqualTo(1.0);
    }
  }

  @Test
  void invalidInputExitsTwoWithTheMessageOnStderr() {
    assertThat(run("--scope", "everything", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("Unknown scope 'everything'").contains("all-states");
    assertThat(out.toString()).isEmpty();

    assertThat(run("--mode", "turbo", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("Unknown mode 'turbo'");

    assertThat(run("--from", "next tuesday", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("Invalid date 'next tuesday'");

    assertThat(run("--from", "today", "--to", "yesterday", "x")).isEqualTo(2);
    // The command line names its own options, not MCP's parameters.
    assertThat(err.toString()).contains("qmd4j: --from 20")
        .contains("('today') is after --to").doesNotContain("date_");

    assertThat(run("--", " ")).isEqualTo(2);
    assertThat(err.toString()).contains("query is empty");
  }

  // Empty values were silently taken as absent.
  @Test
  void emptyScopeModeOrVaultIsRefusedWithWhatIsValid() {
    assertThat(run("--scope", "", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("The scope is empty; leave it out for the whole vault,"
        + " or pass one of: project:<name>, all-states");
    assertThat(out.toString()).isEmpty();

    assertThat(run("--mode", "", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("The mode is empty; valid modes are: fast, deep");

    CommandLine cmd = Main.newCommandLine();
    StringWriter vaultErr = new StringWriter();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(vaultErr));
    assertThat(cmd.execute("search", "--vault", "", "x")).isEqualTo(2);
    assertThat(vaultErr.toString()).startsWith("--vault is empty; pass the vault folder, or"
        + " leave the option out to use $QMD4J_VAULT or the current folder");
    assertThat(out.toString()).isEmpty();
  }

  // An unknown project was a silent [].
  @Test
  void unknownProjectExitsTwoAndSuggestsTheProject() {
    assertThat(run("--scope", "project:Startup-X", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("Unknown project in scope 'project:Startup-X'")
        .contains("Did you mean 'project:startup-x'?")
        .contains("(7 projects in the vault)").doesNotContain("client-dupont");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void missingQueryOrUnknownOptionIsAUsageError() {
    assertThat(run()).isEqualTo(2);
    assertThat(err.toString()).contains("Missing required parameter");
    assertThat(run("--bogus", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("Unknown option");
  }

  @Test
  void missingVaultExitsTwo(@TempDir Path tmp) {
    CommandLine cmd = Main.newCommandLine();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    int code = cmd.execute("search", "--vault", tmp.resolve("nope").toString(), "x");
    assertThat(code).isEqualTo(2);
    assertThat(err.toString()).contains("Vault folder does not exist");
  }

  @Test
  void qmdEngineWithoutQmdIsAClearError() {
    SearchOptions noQmd = SearchOptions.DEFAULT.withEnvironment(Map.of())
        .withQmd(QmdOptions.DEFAULT.withLocator(Optional::empty));
    CommandLine cmd = Main.newCommandLine(noQmd);
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    int code = cmd.execute("search", "--engine", "qmd", "--vault",
        Fixtures.vault().toString(), "x");
    assertThat(code).isEqualTo(1);
    assertThat(err.toString()).contains("The qmd engine cannot run: qmd was not found on PATH");
  }

  @Test
  void unknownEngineIsAUsageError() {
    CommandLine cmd = Main.newCommandLine();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    assertThat(cmd.execute("search", "--engine", "lucene", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("Unknown engine 'lucene'");
  }

  // French dates, answered as their English twins.
  @Test
  void frenchRelativeDatesAnswerAsTheirEnglishTwins() {
    assertThat(run("--json", "--from", "3 months ago", "--", "*")).isZero();
    String english = out.toString();
    out.getBuffer().setLength(0);
    assertThat(run("--json", "--from", "il y a 3 mois", "--", "*")).isZero();
    assertThat(out.toString()).isEqualTo(english);
    out.getBuffer().setLength(0);
    assertThat(run("--json", "--from", "14/07/2025", "--to", "14/07/2025", "--",
        "*")).isZero();
    assertThat(out.toString()).contains("2025-07-14").doesNotContain("2025-07-15");
    assertThat(run("--json", "--from", "hier", "--", "*")).isZero();
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void aBadFrenchDateNamesTheOptionAndListsTheForms() {
    assertThat(run("--from", "mardi prochain", "x")).isEqualTo(2);
    assertThat(err.toString()).startsWith("qmd4j: --from: Invalid date 'mardi prochain'")
        .contains("il y a N jours|semaines|mois|ans");
  }

  @Test
  void aBareProjectNameAsAScopeSuggestsTheProjectScope() {
    assertThat(run("--scope", "startup-x", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("Unknown scope 'startup-x'. To search the project "
        + "'startup-x', write 'project:startup-x'.");
  }
}
