package org.qmd4j.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
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
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Mode;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.BinaryLocator;

/**
 * With the real qmd on PATH but none of its models (an empty cache folder),
 * a searcher given a model answers deep searches with the embedded hybrid search, flagged
 * degraded with qmd's reason; fast searches stay with qmd.
 */
@Tag("qmd")
class QmdWithoutModelsTest {
  private static final Optional<Path> QMD =
      BinaryLocator.fromEnvironment(System.getenv()).locate();

  @TempDir Path tmp;

  @Test
  void deepSearchIsTheEmbeddedHybridWhenQmdHasNoModels() throws IOException {
    Assumptions.assumeTrue(QMD.isPresent(), "no qmd on PATH");
    Map<String, String> env = new HashMap<>(System.getenv());
    env.remove("QMD4J_SEARCH_FALLBACK");
    env.remove(BinaryLocator.BINARY_ENV);
    env.remove("QMD4J_MODEL");
    env.put("XDG_CACHE_HOME", tmp.resolve("xdg-cache").toString());
    SearchOptions options = SearchOptions.DEFAULT.withEngine(EngineChoice.QMD)
        .withCacheDir(tmp.resolve("cache")).withInMemoryIndex(true).withWatch(false)
        .withClock(Fixtures.CLOCK).withEnvironment(env)
        .withEmbeddingModel(TestModel.shared());
    Path vault = EvaluationSet.vault(tmp.resolve("vault"));
    try (Searcher searcher = SearchProviders.forVault(vault, options)) {
      assertThat(searcher.describe().engine()).isEqualTo("qmd");
      assertThat(searcher.describe().deepSearch()).startsWith("embedded hybrid search")
          .contains(TestModel.shared().id()).contains("qmd pull");
      assertThat(searcher.describe().semanticDeepSearch()).isTrue();
      List<SearchResult> deep =
          searcher.search(SearchRequest.of("douleur aux dents").withMode(Mode.DEEP));
      assertThat(deep).isNotEmpty().allMatch(r -> r.matchType() == MatchType.HYBRID)
          .allMatch(r -> r.degraded().isPresent());
      List<SearchResult> fast =
          searcher.search(SearchRequest.of("carie molaire").withMode(Mode.FAST));
      assertThat(fast).isNotEmpty().allMatch(r -> r.degraded().isEmpty())
          .allMatch(r -> r.matchType() == MatchType.KEYWORD);
    }
  }
}
