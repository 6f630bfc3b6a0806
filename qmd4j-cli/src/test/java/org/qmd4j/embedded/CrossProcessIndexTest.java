package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.TestTier;
import org.qmd4j.search.SearchResult;

/**
 * Several processes share one on-disk index: CLI processes search while this one edits the
 * vault and searches too. None fails, none sees a damaged index, and the index they leave
 * behind is complete.
 */
class CrossProcessIndexTest {
  @TempDir Path tmp;

  @Test
  void concurrentProcessesShareOneIndexWithoutCorruptingIt() throws Exception {
    Path vault = Fixtures.copyVault(tmp.resolve("vault")).toRealPath();
    Files.delete(vault.resolve("bucket/export-journal.md")); // keep the children quick
    Path cache = tmp.resolve("cache");
    SearchOptions options = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withCacheDir(cache).withEnvironment(Map.of()).withClock(Fixtures.CLOCK);

    List<Process> children = new ArrayList<>();
    try (Searcher here = SearchProviders.forVault(vault, options)) {
      for (int i = 0; i < 3; i++) children.add(cli(vault, cache, "cautionnement"));
      for (int i = 0; i < 10; i++) {
        Files.writeString(vault.resolve("bucket/partage-" + i + ".md"),
            "# Note " + i + "\nmotcommun numero" + i + "\n");
        assertThat(here.search("cautionnement")).extracting(SearchResult::path)
            .containsExactly("projects/startup-x/state.md");
      }
      for (int i = 0; i < 2; i++) children.add(cli(vault, cache, "motcommun"));
      for (Process child : children) {
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("child finished").isTrue();
        String err = new String(child.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.exitValue()).as("exit code; stderr: %s", err).isZero();
        JsonNode rows = new ObjectMapper().readTree(out).get("results");
        assertThat(rows.isArray()).as(out).isTrue();
        assertThat(rows.size()).as(out).isPositive();
      }
    }
    try (Searcher after = SearchProviders.forVault(vault, options)) {
      assertThat(after.search("motcommun")).hasSize(10);
    }
  }

  private static Process cli(Path vault, Path cache, String query) throws IOException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(TestTier.commandJvmOptions()); // as the launcher starts a command
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        "org.qmd4j.cli.Main", "search", "--engine", "embedded", "--json",
        "--vault", vault.toString(), "--", query));
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().put("QMD4J_CACHE_DIR", cache.toString());
    pb.environment().remove("QMD4J_SEARCH_FALLBACK");
    return pb.start();
  }
}
