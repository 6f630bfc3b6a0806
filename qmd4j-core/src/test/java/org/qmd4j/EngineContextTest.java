package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.spi.SearchEngine;

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
            + "-cache"));
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
}
