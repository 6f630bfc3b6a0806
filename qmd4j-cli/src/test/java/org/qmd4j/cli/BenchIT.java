package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.TestTier;

/**
 * The packaged {@code qmd4j bench} as users run it: its exit codes, and qmd's own
 * {@code qmd search} as a backend when qmd is on PATH (skipped, saying why, otherwise).
 */
class BenchIT {
  private static final String FIXTURE = "{\"queries\": ["
      + "{\"id\": \"crepes\", \"query\": \"pâte à crêpes\", \"type\": \"exact\","
      + " \"expected_files\": [\"bucket/recettes/pate-a-crepes.md\"], \"expected_in_top_k\": 1},"
      + "{\"id\": \"artisans\", \"query\": \"coordonnées des ouvriers du chantier\","
      + " \"type\": \"alias\","
      + " \"expected_files\": [\"projects/renovation-maison/bucket/artisans-contacts.md\"]}]}";

  @TempDir Path dir;
  private Path fixture;

  /** What the process left: its exit code, stdout and stderr. */
  private record Run(int code, String out, String err) {}

  @BeforeEach
  void writeFixture() throws IOException {
    fixture = Files.writeString(dir.resolve("fixture.json"), FIXTURE);
  }

  private Run run(Path path, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(TestTier.commandJvmOptions()); // as the launcher starts a command
    command.addAll(List.of("-jar", System.getProperty("qmd4j.cliJar", "target/qmd4j-cli.jar"),
        "bench", fixture.toString(), "--vault", Fixtures.vault().toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().put("PATH", path.toString());
    pb.environment().put("XDG_CACHE_HOME", dir.resolve("xdg-cache").toString());
    pb.environment().remove("QMD4J_QMD_BINARY");
    pb.environment().remove("QMD4J_MODEL");
    pb.environment().put("QMD4J_CACHE_DIR", dir.resolve("cache").toString());
    pb.redirectOutput(dir.resolve("out.txt").toFile());
    pb.redirectError(dir.resolve("err.txt").toFile());
    Process p = pb.start();
    assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
    return new Run(p.exitValue(), Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8),
        Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8));
  }

  @Test
  void aGateBelowExitsWith3AndAGateHeldWith0() throws Exception {
    Path noQmd = Files.createDirectories(dir.resolve("bin"));
    Run below = run(noQmd, "--modes", "fast", "--min-recall", "0.9");
    assertThat(below.code()).as(below.err()).isEqualTo(3);
    assertThat(below.err()).contains("qmd4j bench: embedded/fast: avg_recall 0.500 is below"
        + " --min-recall 0.900");
    assertThat(below.out()).contains("\nSummary:\n");
    Run held = run(noQmd, "--modes", "fast", "--min-mrr", "0.5", "--quiet");
    assertThat(held.code()).as(held.err()).isZero();
    assertThat(held.err()).isEmpty();
  }

  @Test
  void qmdsOwnSearchRunsBesideTheEmbeddedEngine() throws Exception {
    Optional<Path> qmdDir = Stream.of(System.getenv().getOrDefault("PATH", "")
        .split(File.pathSeparator)).filter(d -> !d.isEmpty()).map(Path::of)
        .filter(d -> Files.isExecutable(d.resolve("qmd"))).findFirst();
    Assumptions.assumeTrue(qmdDir.isPresent(), "no qmd on PATH (.ci/run installs qmd 2.8.3)");
    Run r = run(qmdDir.get(), "--engines", "embedded,qmd-search", "--modes", "fast", "--json");
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode root = new ObjectMapper().readTree(r.out());
    assertThat(root.get("summary").fieldNames()).toIterable()
        .containsExactly("embedded/fast", "qmd-search");
    JsonNode crepes = root.get("results").get(0).get("backends").get("qmd-search");
    assertThat(crepes.get("top_files").get(0).asText())
        .isEqualTo("bucket/recettes/pate-a-crepes.md");
    assertThat(crepes.get("recall_at_1").asDouble()).isEqualTo(1.0);
    assertThat(root.get("results").get(1).get("backends").get("qmd-search").get("top_files"))
        .as("qmd search needs every word").isEmpty();
  }
}
