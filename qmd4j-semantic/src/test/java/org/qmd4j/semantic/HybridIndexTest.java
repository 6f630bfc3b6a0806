package org.qmd4j.semantic;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.EngineChoice;
import org.qmd4j.LayoutChoice;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Mode;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * Chunk vectors are part of the embedded index. A note written, edited or deleted
 * while a watching searcher is open is found (or not) by its vector at the next deep search;
 * an index records its model, and opening it with another model (or none) rebuilds it.
 */
class HybridIndexTest {
  private static final String QUERY = "soigner mon matou";
  /** Shares no word with {@link #QUERY}: only its vector can bring it back. */
  private static final String VET = "# Félix chez la vétérinaire\n\nRappel du vaccin, griffes"
      + " coupées, croquettes pour chat stérilisé.\n";

  @TempDir Path tmp;

  private SearchOptions options(Path cache) {
    return SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withLayout(LayoutChoice.NOTES)
        .withCacheDir(cache)
        .withEnvironment(Map.of());
  }

  private static List<String> deep(Searcher searcher) {
    return searcher.search(SearchRequest.of(QUERY).withMode(Mode.DEEP).withLimit(10)).stream()
        .map(r -> r.path() + ": " + r.chunk().strip()).toList();
  }

  private Path smallVault() throws IOException {
    Path vault = Files.createDirectories(tmp.resolve("vault"));
    Files.writeString(vault.resolve("budget.md"), "# Budget\n\nLoyer, factures, épargne.\n");
    Files.writeString(vault.resolve("jardin.md"), "# Jardin\n\nTomates et courgettes.\n");
    return vault;
  }

  @Test
  void aNoteWrittenEditedOrDeletedUnderAWatchingSearcherIsSeenByItsVector() throws IOException {
    Path vault = smallVault();
    try (Searcher searcher = SearchProviders.forVault(vault, options(tmp.resolve("cache"))
        .withInMemoryIndex(true).withWatch(true).withEmbeddingModel(TestModel.shared()));
        Searcher keywords = SearchProviders.forVault(vault, options(tmp.resolve("cache2"))
            .withInMemoryIndex(true).withWatch(false))) {
      assertThat(deep(searcher)).noneMatch(r -> r.startsWith("veto.md"));

      Files.writeString(vault.resolve("veto.md"), VET);
      assertThat(deep(searcher)).anyMatch(r -> r.startsWith("veto.md: # Félix"));
      assertThat(deep(keywords)).as("no shared word: found by its vector only")
          .noneMatch(r -> r.startsWith("veto.md"));

      Files.writeString(vault.resolve("veto.md"), VET.replace("Félix", "Minou"));
      assertThat(deep(searcher)).anyMatch(r -> r.startsWith("veto.md: # Minou"))
          .noneMatch(r -> r.contains("Félix"));

      Files.delete(vault.resolve("veto.md"));
      assertThat(deep(searcher)).noneMatch(r -> r.startsWith("veto.md"));
    }
  }

  @Test
  void anIndexRecordsItsModelAndAnotherModelRebuildsIt() throws IOException {
    Path vault = smallVault();
    Files.writeString(vault.resolve("veto.md"), VET);
    Path cache = tmp.resolve("cache");
    OnnxEmbeddingModel cls = OnnxEmbeddingModel.load(TestModel.withSettings(tmp.resolve("cls"),
        "{\"name\": \"e5-cls\", \"dimension\": 384, \"pooling\": \"cls\","
            + " \"queryPrefix\": \"query: \", \"passagePrefix\": \"passage: \"}"));
    try (cls) {
      for (var model : List.of(TestModel.shared(), cls)) {
        try (Searcher searcher = SearchProviders.forVault(vault,
            options(cache).withWatch(false).withEmbeddingModel(model))) {
          // A word of the note: a poor model (e5 with CLS pooling) may find nothing nearer to
          // the query than noise, and show no chunk by meaning alone.
          List<SearchResult> hits =
              searcher.search(SearchRequest.of("vaccin").withMode(Mode.DEEP));
          assertThat(hits).isNotEmpty().allMatch(r -> r.matchType() == MatchType.HYBRID);
          assertThat(recordedModel(searcher)).isEqualTo(model.id());
          assertThat(searcher.describe().deepSearch()).startsWith("embedded hybrid search")
              .contains(model.id());
        }
      }
      try (Searcher searcher = SearchProviders.forVault(vault, options(cache).withWatch(false))) {
        assertThat(searcher.search(SearchRequest.of(QUERY).withMode(Mode.DEEP)))
            .noneMatch(r -> r.path().equals("veto.md"));
        assertThat(recordedModel(searcher)).isEqualTo("none");
        assertThat(searcher.describe().deepSearch()).startsWith("embedded keyword search");
        assertThat(searcher.diagnostics().get("deep search")).contains("no semantic model");
      }
    }
  }

  private static String recordedModel(Searcher searcher) throws IOException {
    try (FSDirectory dir = FSDirectory.open(Path.of(searcher.describe().indexLocation()))) {
      return SegmentInfos.readLatestCommit(dir).getUserData().get("model");
    }
  }
}
