package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.SearchResult;

/**
 * Engines chosen by name: the built-in ones and those registered on the class path (here the
 * test engine {@link ListingEngineFactory}), through the same options and the same
 * {@code SearchProviders.forVault}.
 */
class EnginePluginsTest {
  @Test
  void anEngineOnTheClassPathIsChosenByItsName() {
    SearchOptions options = Fixtures.memoryOptions().toBuilder().engine("Listing").build();
    assertThat(options.engineName()).isEqualTo("listing");
    try (Searcher searcher = SearchProviders.forVault(Fixtures.vault(), options)) {
      assertThat(searcher.describe().engine()).isEqualTo("listing");
      assertThat(searcher.search("URSSAF")).extracting(SearchResult::path).isNotEmpty()
          .allMatch(path -> path.endsWith(".md"));
    }
  }

  @Test
  void theChosenEngineReadsItsOwnSettings() {
    SearchOptions options = Fixtures.memoryOptions().toBuilder().engine("listing")
        .engineSetting("url", "http://example.org").watch(true).build();
    try (Searcher searcher = SearchProviders.forVault(Fixtures.vault(), options)) {
      assertThat(searcher.diagnostics()).containsEntry("listing settings",
          "{url=http://example.org}").containsEntry("listing watch", "true");
    }
  }

  @Test
  void anUnknownEngineNamesTheEnginesOnTheClassPath() {
    assertThatThrownBy(() -> SearchOptions.builder().engine("lucene"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Unknown engine 'lucene'; valid engines are: auto, qmd, embedded, listing");
  }

  @Test
  void theEnginesAreTheBuiltInOnesThenThoseOnTheClassPath() {
    assertThat(SearchProviders.engines()).isEqualTo(List.of("auto", "qmd", "embedded",
        "listing"));
  }

  @Test
  void aBuiltInEngineByNameIsTheEngineChoice() {
    SearchOptions byName = Fixtures.memoryOptions().toBuilder().engine(" EMBEDDED ").build();
    assertThat(byName).isEqualTo(Fixtures.memoryOptions());
    try (Searcher searcher = SearchProviders.forVault(Fixtures.vault(), byName)) {
      assertThat(searcher.describe().engine()).isEqualTo("embedded");
    }
  }
}
