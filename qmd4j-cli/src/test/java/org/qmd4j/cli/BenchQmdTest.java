package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import picocli.CommandLine;

/**
 * {@code qmd4j bench} with the real qmd 2.x on PATH (CI installs 2.8.3): qmd's own
 * {@code qmd search} and qmd4j's qmd engine side by side with the embedded engine. Skipped,
 * saying why, when no qmd is on PATH. Every index lives in temporary folders.
 */
@Tag("qmd")
class BenchQmdTest {
  @TempDir Path tmp;

  private static boolean qmdOnPath() {
    String path = System.getenv().getOrDefault("PATH", "");
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "qmd"))) return true;
    }
    return false;
  }

  @Test
  void qmdsOwnSearchIsABackendBesideQmd4jsEngines() throws IOException {
    Assumptions.assumeTrue(qmdOnPath(), "no qmd on PATH (.ci/run installs qmd 2.8.3)");
    Path fixture = Files.writeString(tmp.resolve("f.json"), "{\"queries\": ["
        + "{\"id\": \"crepes\", \"query\": \"pâte à crêpes\", \"type\": \"exact\","
        + " \"expected_files\": [\"bucket/recettes/pate-a-crepes.md\"],"
        + " \"expected_in_top_k\": 1},"
        + "{\"id\": \"geocodage\", \"query\": \"API de géocodage\", \"type\": \"cross-domain\","
        + " \"expected_files\": [\"projects/startup-x/bucket/reunions/2025-07-10-point-tech.md\","
        + " \"projects/startup-x/state.md\"], \"expected_in_top_k\": 5}]}");
    Map<String, String> env = new HashMap<>(System.getenv());
    env.keySet().removeIf(k -> k.startsWith("QMD4J_"));
    env.put("XDG_CACHE_HOME", tmp.resolve("xdg").toString());
    CommandLine cmd = Main.newCommandLine(Fixtures.memoryOptions().withInMemoryIndex(false)
        .withCacheDir(tmp.resolve("cache")).withEnvironment(env));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));

    int code = cmd.execute("bench", fixture.toString(), "--vault", Fixtures.vault().toString(),
        "--modes", "fast", "--json");

    assertThat(code).as(err.toString()).isZero();
    JsonNode root = new ObjectMapper().readTree(out.toString());
    assertThat(root.get("summary").fieldNames()).toIterable()
        .containsExactly("embedded/fast", "qmd/fast", "qmd-search");
    JsonNode crepes = root.get("results").get(0).get("backends");
    for (String backend : new String[] {"embedded/fast", "qmd/fast", "qmd-search"}) {
      assertThat(crepes.get(backend).get("top_files").get(0).asText()).as(backend)
          .isEqualTo("bucket/recettes/pate-a-crepes.md");
      assertThat(crepes.get(backend).get("mrr").asDouble()).as(backend).isEqualTo(1.0);
    }
    assertThat(root.get("summary").get("qmd-search").get("avg_recall").asDouble())
        .isEqualTo(1.0);
    assertThat(err.toString()).contains("qmd4j bench: qmd-search: qmd 2.")
        .contains("'s own `qmd search` (BM25)");
  }
}
