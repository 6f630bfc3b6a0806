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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import picocli.CommandLine;

/**
 * The command line with the real qmd 2.x on PATH (CI installs 2.8.3): the JSON shape does not
 * depend on the engine, and {@code doctor} explains the qmd engine. Skipped, saying why, when
 * no qmd is on PATH. qmd's index, config and cache live in temporary folders.
 */
@Tag("qmd")
class QmdCliIntegrationTest {
  @TempDir static Path tmp;
  private static Path vault;

  @BeforeAll
  static void copyVault() throws IOException {
    vault = Fixtures.copyVault(Files.createDirectories(tmp.resolve("vault"))).toRealPath();
  }

  private static boolean qmdOnPath() {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String dir : path.split(java.io.File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "qmd"))) return true;
    }
    return false;
  }

  @Test
  void jsonHasTheSameShapeWithEitherEngine() throws IOException {
    Assumptions.assumeTrue(qmdOnPath(), "no qmd on PATH (.ci/run installs qmd 2.8.3)");
    JsonNode qmdRows = cliSearch("qmd", "--json", "--limit", "5", "--", "[décision]");
    JsonNode embeddedRows = cliSearch("embedded", "--json", "--limit", "5", "--", "[décision]");
    for (JsonNode rows : List.of(qmdRows, embeddedRows)) {
      assertThat(rows.isArray()).isTrue();
      assertThat(rows).hasSize(5);
      for (JsonNode row : rows) {
        List<String> fields = new ArrayList<>();
        row.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("path", "chunk", "score", "lines", "matchType",
            "matches", "date", "dateSource");
        assertThat(row.get("matches")).isNotEmpty();
        assertThat(row.get("path").isTextual()).isTrue();
        assertThat(row.get("chunk").asText()).contains("[décision]");
        assertThat(row.get("score").isNumber()).isTrue();
        assertThat(row.get("score").asDouble()).isBetween(0.0, 1.0);
        assertThat(row.get("lines").asText()).matches("\\d+-\\d+");
      }
    }
  }

  @Test
  void aMisspelledWordIsCorrectedInJavaAndSearchedByQmd() throws IOException {
    Assumptions.assumeTrue(qmdOnPath(), "no qmd on PATH (.ci/run installs qmd 2.8.3)");
    JsonNode rows = cliSearch("qmd", "--json", "--limit", "3", "--", "facturaton");
    assertThat(rows).isNotEmpty();
    for (JsonNode row : rows) {
      assertThat(row.get("matchType").asText()).isEqualTo("fuzzy");
      assertThat(row.get("corrected").get("facturaton").asText()).isEqualTo("facturation");
      // qmd matches "facturation" by its Porter stem: "facture" answers too.
      assertThat(row.get("chunk").asText().toLowerCase()).contains("factur");
    }
  }

  @Test
  void doctorExplainsTheQmdEngine() throws IOException {
    Assumptions.assumeTrue(qmdOnPath(), "no qmd on PATH (.ci/run installs qmd 2.8.3)");
    JsonNode facts = cli("doctor", "--engine", "qmd", "--json", "--vault", vault.toString());
    assertThat(facts.get("engine").asText()).isEqualTo("qmd");
    assertThat(facts.get("why").asText()).startsWith("qmd 2.").contains(" found at ");
    assertThat(facts.get("documents_indexed").isNumber()).isTrue();
    assertThat(facts.get("documents_indexed").asLong()).isEqualTo(58);
    assertThat(facts.get("deep_search").asText()).isEqualTo("embedded (qmd's models are"
        + " missing; run `qmd pull` (about 2 GB) for qmd's deep search)");
    assertThat(facts.get("qmd_models").asText()).startsWith("missing [embeddinggemma-300m");
  }

  private static SearchOptions options() {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.remove("QMD4J_SEARCH_FALLBACK");
    env.remove("QMD4J_QMD_BINARY");
    env.put("XDG_CACHE_HOME", tmp.resolve("xdg-cache").toString());
    return SearchOptions.DEFAULT
        .withCacheDir(tmp.resolve("cache"))
        .withInMemoryIndex(true)
        .withClock(Fixtures.CLOCK)
        .withEnvironment(env);
  }

  private static JsonNode cliSearch(String engine, String... args) throws IOException {
    List<String> all = new ArrayList<>(List.of("search", "--engine", engine, "--vault",
        vault.toString()));
    all.addAll(List.of(args));
    return cli(all.toArray(new String[0])).get("results");
  }

  @Test
  void qmdKnowsOnlyTheHitsItReturnedSoItsTotalIsALowerBound() throws IOException {
    Assumptions.assumeTrue(qmdOnPath(), "no qmd on PATH (.ci/run installs qmd 2.8.3)");
    List<String> all = new ArrayList<>(List.of("search", "--engine", "qmd", "--vault",
        vault.toString(), "--json", "--limit", "2", "--", "décision"));
    JsonNode answer = cli(all.toArray(new String[0]));
    assertThat(answer.get("results")).hasSize(2);
    assertThat(answer.get("total").asInt()).isEqualTo(3);
    assertThat(answer.get("totalExact").asBoolean()).isFalse();
    // A "*" listing reads every chunk from the vault: counted exactly, qmd or not.
    JsonNode tasks = cli("tasks", "--engine", "qmd", "--vault", vault.toString(), "--json");
    assertThat(tasks.get("results")).hasSize(20);
    assertThat(tasks.get("total").asInt()).isEqualTo(28);
    assertThat(tasks.get("totalExact").asBoolean()).isTrue();
  }

  private static JsonNode cli(String... args) throws IOException {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cmd = Main.newCommandLine(options());
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    assertThat(cmd.execute(args)).as(err.toString()).isZero();
    return new ObjectMapper().readTree(out.toString());
  }
}
