package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.ChangeFeed;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.KeywordQuery;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.spi.TextAnalysis;

/** What an application's engine is told about the vault. */
class EngineContextTest {
  @TempDir Path vault;

  private SearchEngine.Context context() throws Exception {
    AtomicReference<SearchEngine.Context> seen = new AtomicReference<>();
    SearchEngine.Factory factory = context -> {
      seen.set(context);
      return new SearchEngine() {
        @Override
        public String name() {
          return "recording";
        }

        @Override
        public java.util.List<org.qmd4j.spi.Hit> search(org.qmd4j.spi.EngineQuery query) {
          return java.util.List.of();
        }

        @Override
        public String indexLocation() {
          return "nowhere";
        }

        @Override
        public Map<String, String> diagnostics() {
          return Map.of();
        }

        @Override
        public void close() {}
      };
    };
    SearchOptions options = SearchOptions.DEFAULT.withWatch(false)
        .withEnvironment(Map.of()).withCacheDir(vault.resolveSibling(vault.getFileName()
            + "-cache")).toBuilder().engineSetting("collection", "notes").build();
    try (Searcher searcher = SearchProviders.forVault(vault, options, factory)) {
      searcher.describe();
      return seen.get();
    }
  }

  /** The Solr engine weighs this title as the embedded engine does. */
  @Test
  void aFileTitleIsTheChunkersFirstH1OrH2() throws Exception {
    Files.createDirectories(vault.resolve("bucket"));
    Files.writeString(vault.resolve("bucket/note.md"), "---\ntitle: pas ça\n---\n"
        + "```\n# code\n```\n### trois\n## Le vrai titre ##\n# après\n");
    Files.writeString(vault.resolve("bucket/plain.md"), "du texte sans titre\n");
    SearchEngine.Context context = context();
    assertThat(context.title("bucket/note.md")).isEqualTo("Le vrai titre");
    assertThat(context.title("bucket/plain.md")).isEqualTo("plain");
  }

  @Test
  void theContextGivesTheSettingsAndTheStampsOfTheIndexedFiles() throws Exception {
    Files.createDirectories(vault.resolve("projects/alpha"));
    Files.writeString(vault.resolve("projects/alpha/tasks.md"), "# Relancer le client\n");
    Files.writeString(vault.resolve("changelog.md"), "# 2025-07-14\n- [décision] x\n");
    Files.writeString(vault.resolve("image.png"), "not indexed");
    SearchEngine.Context context = context();
    assertThat(context.settings()).isEqualTo(Map.of("collection", "notes"));
    assertThat(context.watch()).isFalse();
    assertThat(context.stamps("").keySet())
        .containsExactlyInAnyOrder("projects/alpha/tasks.md", "changelog.md");
    assertThat(context.stamps("projects").keySet()).containsExactly("projects/alpha/tasks.md");
    assertThat(context.stamps("projects/alpha/tasks.md").get("projects/alpha/tasks.md").size())
        .isEqualTo(Files.size(vault.resolve("projects/alpha/tasks.md")));
  }

  @Test
  void aWalkedChangeFeedAsksForEverythingAtEveryLook() throws Exception {
    try (ChangeFeed feed = context().changeFeed(false)) {
      assertThat(feed.watching()).isFalse();
      assertThat(feed.changes()).isEqualTo(ChangeFeed.Changes.EVERYTHING);
      assertThat(feed.changes()).isEqualTo(ChangeFeed.Changes.EVERYTHING);
    }
  }

  @Test
  void theAnalysisReadsAQueryAsTheKeywordEnginesDo() throws Exception {
    TextAnalysis analysis = context().analysis();
    KeywordQuery query = analysis.keywordQuery("Factures \"client final\" -brouillon #projet");
    assertThat(query.words()).containsEntry("factures", analysis.stem("factures"))
        .containsKeys("client", "final");
    assertThat(query.hashtags()).containsExactly("projet");
    assertThat(query.conditions().excludedStems()).containsExactly(analysis.stem("brouillon"));
    assertThat(analysis.filters("exact")).doesNotContain("frenchLightStem");
    assertThat(analysis.filters("stemmed")).contains("frenchLightStem");
    assertThatThrownBy(() -> analysis.filters("body"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Unknown analysis chain 'body'; valid chains are: stemmed, exact");
  }

  @Test
  void theEmbeddedEngineOpensOnTheSameVault(@TempDir Path index) throws Exception {
    Files.writeString(vault.resolve("changelog.md"), "# 2025-07-14\n- relance URSSAF\n");
    try (SearchEngine embedded = context().openEmbedded(index)) {
      assertThat(embedded.name()).isEqualTo("embedded");
      assertThat(embedded.search(new EngineQuery("urssaf", Mode.FAST, ChunkFilter.EVERYTHING, 5)))
          .extracting(h -> h.chunk().path()).containsExactly("changelog.md");
    }
  }
}
