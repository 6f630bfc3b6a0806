package com.example.ownengine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.SearchResult;
import org.qmd4j.testkit.TestVaults;

/**
 * The engine behind a Searcher of the application's, on the testkit's example vault (read from
 * the testkit's jar: the latin-1 file arrives unchanged).
 */
class NaiveEngineTest {
  @Test
  void theSearcherRunsTheApplicationsEngine(@TempDir Path tmp) {
    Path vault = TestVaults.copyProjectsVault(tmp.resolve("vault"));
    SearchOptions options = SearchOptions.DEFAULT.withWatch(false).withInMemoryIndex(true)
        .withClock(TestVaults.CLOCK).withCacheDir(tmp.resolve("cache"));

    try (Searcher searcher = SearchProviders.forVault(vault, options, NaiveEngine::new)) {
      assertThat(searcher.describe().engine()).isEqualTo("naive");
      assertThat(searcher.describe().reason())
          .isEqualTo("the naive engine, supplied by the application");
      List<SearchResult> results = searcher.search("urssaf");
      assertThat(results).extracting(SearchResult::path).hasSize(5)
          .startsWith("projects/comptabilite/bucket/liens/urssaf.md");
    }
  }

  @Test
  void theEngineIsChosenByItsNameLikeTheBuiltInOnes(@TempDir Path tmp) {
    Path vault = TestVaults.copyProjectsVault(tmp.resolve("vault"));
    SearchOptions options = SearchOptions.builder().engine("naive").watch(false)
        .clock(TestVaults.CLOCK).cacheDir(tmp.resolve("cache")).build();

    assertThat(SearchProviders.engines()).contains("naive");
    try (Searcher searcher = SearchProviders.forVault(vault, options)) {
      assertThat(searcher.describe().engine()).isEqualTo("naive");
      assertThat(searcher.search("urssaf")).extracting(SearchResult::path).hasSize(5);
    }
  }

  @Test
  void theBundledVaultsKeepTheirBytesAndHiddenFiles(@TempDir Path tmp) throws IOException {
    Path vault = TestVaults.copyProjectsVault(tmp.resolve("vault"));
    Path notes = TestVaults.copyNotesVault(tmp.resolve("notes"));

    byte[] latin1 = Files.readAllBytes(
        vault.resolve("projects/comptabilite/bucket/ancien-export-latin1.md"));
    assertThat(new String(latin1, StandardCharsets.ISO_8859_1))
        .startsWith("---\ntype: référence\n");
    assertThat(latin1).doesNotContain((byte) 0xC3); // no UTF-8 "é" (C3 A9)
    assertThat(notes.resolve(".qmd4jignore")).isRegularFile();
    assertThat(notes.resolve(".obsidian/workspace.md")).isRegularFile();
  }
}
