package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import org.qmd4j.SearchOptions;
import picocli.CommandLine;

/**
 * {@code qmd4j bench} end to end on the example vault with the embedded engine (one index
 * for the class, no qmd on the empty PATH): the shipped French fixture once, a small one
 * otherwise.
 */
class BenchCommandTest {
  private static final String FIXTURE = Fixtures.root().resolve("bench/vault-fr.json")
      .toString();
  private static final String SMALL = "{\"queries\": ["
      + "{\"id\": \"crepes\", \"query\": \"pâte à crêpes\", \"type\": \"exact\","
      + " \"expected_files\": [\"bucket/recettes/pate-a-crepes.md\"], \"expected_in_top_k\": 1},"
      + "{\"id\": \"tva\", \"query\": \"taux de TVA\", \"type\": \"exact\","
      + " \"expected_files\": [\"taux-tva.md\"], \"expected_in_top_k\": 3},"
      + "{\"id\": \"artisans\", \"query\": \"coordonnées des ouvriers du chantier\","
      + " \"type\": \"alias\", \"expected_files\":"
      + " [\"projects/renovation-maison/bucket/artisans-contacts.md\"]}]}";

  @TempDir static Path cache;
  @TempDir Path tmp;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cmd = Main.newCommandLine(options());
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    List<String> all = new ArrayList<>(List.of("bench", "--vault",
        Fixtures.vault().toString()));
    all.addAll(List.of(args));
    return cmd.execute(all.toArray(new String[0]));
  }

  private static SearchOptions options() {
    return Fixtures.memoryOptions().withInMemoryIndex(false).withCacheDir(cache);
  }

  private String small() throws IOException {
    return fixture(SMALL).toString();
  }

  private Path fixture(String json) throws IOException {
    return Files.writeString(tmp.resolve("f.json"), json);
  }

  @Test
  void printsQmdsTableAndSummaryForTheFrenchFixture() {
    assertThat(run(FIXTURE, "--modes", "fast")).isZero();
    String table = out.toString();
    assertThat(table).contains("Query                     Backend       P@k    R@1    R@3"
        + "    R@5    MRR    F1     ms")
        .containsPattern("\nexact-crepes +embedded/fast +1\\.00  1\\.00  1\\.00  1\\.00  1\\.00"
            + "  1\\.00 +\\d+ms\n")
        .contains("\nSummary:\n" + "-".repeat(70) + "\n  embedded/fast P@k=");
    assertThat(table.lines().filter(l -> l.contains("embedded/fast"))).hasSize(21 + 1);
    assertThat(err.toString())
        .contains("qmd4j bench: qmd was not found on PATH: benchmarking the embedded engine"
            + " only")
        .contains("  exact-crepes / embedded/fast... ")
        .contains("qmd4j bench: embedded: embedded engine");
  }

  @Test
  void jsonHasQmdsFieldNames() throws IOException {
    assertThat(run(small(), "--engines", "embedded", "--json")).isZero();
    JsonNode root = new ObjectMapper().readTree(out.toString());
    assertThat(fields(root)).containsExactly("timestamp", "fixture", "results", "summary",
        "unavailable");
    assertThat(root.get("timestamp").asText()).isEqualTo("20250915T100000");
    assertThat(root.get("results")).hasSize(3);
    JsonNode first = root.get("results").get(0);
    assertThat(fields(first)).containsExactly("id", "query", "type", "backends");
    assertThat(fields(first.get("backends"))).containsExactly("embedded/fast",
        "embedded/deep");
    JsonNode crepes = root.get("results").get(0).get("backends").get("embedded/fast");
    assertThat(fields(crepes)).containsExactly("precision_at_k", "recall", "recall_at_1",
        "recall_at_3", "recall_at_5", "mrr", "f1", "hits_at_k", "total_expected",
        "latency_ms", "top_files", "matched_files", "unmatched_expected_files");
    assertThat(crepes.get("top_files").get(0).asText())
        .isEqualTo("bucket/recettes/pate-a-crepes.md");
    assertThat(crepes.get("mrr").asDouble()).isEqualTo(1.0);
    assertThat(fields(root.get("summary").get("embedded/deep"))).containsExactly(
        "avg_precision", "avg_recall", "avg_recall_at_1", "avg_recall_at_3", "avg_recall_at_5",
        "avg_mrr", "avg_f1", "avg_latency_ms", "avg_hits_at_k");
    assertThat(err.toString()).doesNotContain(" / embedded/fast... "); // no progress
  }

  @Test
  void anAverageBelowItsGateExitsWith3AndNamesBackendAndMetric() throws IOException {
    String small = small();
    assertThat(run(small, "--modes", "fast", "--min-mrr", "0.99", "--min-recall", "0.01"))
        .isEqualTo(ExitCodes.GATE);
    assertThat(err.toString()).containsPattern(
        "qmd4j bench: embedded/fast: avg_mrr 0\\.\\d{3} is below --min-mrr 0\\.990\n")
        .doesNotContain("--min-recall ");
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    assertThat(run(small, "--modes", "fast", "--min-mrr", "0.1")).isZero();
  }

  @Test
  void unknownEnginesListTheValidOnes() {
    assertThat(run(FIXTURE, "--engines", "embedded,lucene")).isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString()).isEqualTo("qmd4j: Unknown engine 'lucene' in --engines; valid"
        + " engines are: embedded, qmd, qmd-search, solr\n");
  }

  @Test
  void unknownModesListTheValidOnes() {
    assertThat(run(FIXTURE, "--modes", "fast,slow")).isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString()).isEqualTo("qmd4j: Unknown mode 'slow' in --modes; valid modes"
        + " are: fast, deep\n");
  }

  @Test
  void solrWithoutATargetSaysSo() {
    assertThat(run(FIXTURE, "--engines", "solr")).isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString()).startsWith("qmd4j: The solr engine needs a SolrCloud to search:"
        + " pass --solr URL");
  }

  @Test
  void anUnavailableEngineIsOneLineAndTheOthersStillRun() throws IOException {
    assertThat(run(small(), "--engines", "embedded,qmd", "--modes", "fast"))
        .isEqualTo(ExitCodes.FAILURE);
    assertThat(out.toString()).contains("embedded/fast").doesNotContain("qmd/fast");
    assertThat(err.toString()).containsOnlyOnce("qmd4j bench: engine qmd could not run: The qmd"
        + " engine cannot run: qmd was not found on PATH");
  }

  @Test
  void aFixtureThatIsNotJsonIsAnInputError() throws IOException {
    Path bad = fixture("queries: [budget]");
    assertThat(run(bad.toString())).isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString()).startsWith("qmd4j: The fixture " + bad + " is not JSON (line 1,");
  }

  @Test
  void aFixtureWithoutQueriesIsAnInputError() throws IOException {
    Path bad = fixture("{\"description\": \"x\", \"version\": 1}");
    assertThat(run(bad.toString())).isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString()).startsWith("qmd4j: The fixture " + bad + " has no 'queries'"
        + " array");
  }

  @Test
  void anExpectedFileNotInTheVaultIsAWarning() throws IOException {
    Path f = fixture("{\"queries\": [{\"id\": \"tva\", \"query\": \"taux de TVA\","
        + " \"expected_files\": [\"taux-tva.md\", \"projects/comptabilite/tva-2024.md\"],"
        + " \"expected_in_top_k\": 3}]}");
    assertThat(run(f.toString(), "--modes", "fast")).isZero();
    assertThat(err.toString()).contains("qmd4j bench: warning: query 'tva' expects"
        + " projects/comptabilite/tva-2024.md, which is not in the vault: no engine can find it")
        .doesNotContain("expects taux-tva.md");
    assertThat(out.toString()).containsPattern("tva +embedded/fast +0\\.50  0\\.50");
  }

  @Test
  void aMissingVaultIsAnInputError() {
    CommandLine cmd = Main.newCommandLine(options());
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    assertThat(cmd.execute("bench", FIXTURE, "--vault", tmp.resolve("none").toString()))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString()).startsWith("qmd4j: Vault folder does not exist: ");
  }

  private static List<String> fields(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
