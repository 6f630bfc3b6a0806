package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.spi.BinaryLocator;

/**
 * The server's instructions say what deep search does on this machine, so that an
 * agent is not told to prefer a deep mode that only matches words. The qmd cases run the real
 * qmd on PATH (skipped without it), with qmd's model folder empty or holding the model files.
 */
class McpInstructionsTest {
  private static final Optional<Path> QMD =
      BinaryLocator.fromEnvironment(System.getenv()).locate();

  @TempDir Path tmp;

  private String instructions(SearchOptions options) {
    try (Searcher searcher = SearchProviders.forVault(Fixtures.vault(), options)) {
      return Qmd4jMcpServer.instructions(searcher);
    }
  }

  private SearchOptions options(EngineChoice engine) {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.remove("QMD4J_SEARCH_FALLBACK");
    env.remove(BinaryLocator.BINARY_ENV);
    env.put("XDG_CACHE_HOME", tmp.resolve("xdg-cache").toString());
    return SearchOptions.DEFAULT.withEngine(engine).withCacheDir(tmp.resolve("cache"))
        .withInMemoryIndex(true).withClock(Fixtures.CLOCK).withEnvironment(env);
  }

  @Test
  void withoutQmdDeepIsDescribedAsKeywordSearch() {
    assertThat(instructions(options(EngineChoice.EMBEDDED)))
        .contains("Deep mode here: embedded keyword search (keyword lists fused by rank, no"
            + " semantic model without qmd); it matches the query's words, not their meaning,"
            + " so search a question by its key words")
        .doesNotContain("for questions.");
  }

  @Test
  @Tag("qmd")
  void withQmdButNoModelsDeepIsTheEmbeddedKeywordSearchAndSaysQmdPull() {
    Assumptions.assumeTrue(QMD.isPresent(), "no qmd on PATH");
    assertThat(instructions(options(EngineChoice.QMD)))
        .contains("Engine: qmd (")
        .contains("Deep mode here: embedded keyword search (keyword lists fused by rank, no"
            + " semantic model; qmd's models are missing; run `qmd pull` (about 2 GB) for qmd's"
            + " deep search); it matches the query's words, not their meaning")
        .doesNotContain("for questions.");
  }

  @Test
  @Tag("qmd")
  void withQmdAndItsModelsDeepIsQmdHybridSearchForQuestions() throws IOException {
    Assumptions.assumeTrue(QMD.isPresent(), "no qmd on PATH");
    Path models = Files.createDirectories(tmp.resolve("xdg-cache/qmd/models"));
    for (String name : List.of("hf_ggml-org_embeddinggemma-300M-Q8_0.gguf",
        "hf_tobil_qmd-query-expansion-1.7B-q4_k_m.gguf",
        "hf_ggml-org_qwen3-reranker-0.6b-q8_0.gguf")) {
      Files.write(models.resolve(name), new byte[] {'G', 'G', 'U', 'F'});
    }
    assertThat(instructions(options(EngineChoice.QMD)))
        .contains("Deep mode here: qmd hybrid search (query expansion, keywords and vectors,"
            + " re-ranked); use it for questions.");
  }
}
