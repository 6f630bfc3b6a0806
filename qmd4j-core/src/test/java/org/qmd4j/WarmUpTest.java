package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResponse;

/**
 * A long-lived server's warm-up runs searches of the vault's own words through the search
 * path, and leaves nothing behind that an answer could show.
 */
class WarmUpTest {
  private static final List<String> QUERIES = List.of("décision", "blocage paiement", "bloqué",
      "budjet", "[décision]", "\"comité de pilotage\"", "recrut", "*");

  @Test
  void warmUpChangesNoAnswer() {
    try (Searcher warmed = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
        Searcher cold = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions())) {
      assertThat(WarmUp.run(warmed.pipeline(), 40, Long.MAX_VALUE)).isEqualTo(40);
      for (String q : QUERIES) {
        SearchResponse a = warmed.answer(SearchRequest.of(q));
        SearchResponse b = cold.answer(SearchRequest.of(q));
        assertThat(a).as(q).isEqualTo(b);
      }
    }
  }

  @Test
  void warmUpSearchesTheVaultsWords() {
    try (Searcher searcher = SearchProviders.forVault(Fixtures.vault(),
        Fixtures.memoryOptions())) {
      List<String> words = WarmUp.words(searcher.search(
          SearchRequest.of(SearchRequest.WILDCARD).withLimit(20)));
      assertThat(words).isNotEmpty().doesNotHaveDuplicates()
          .allSatisfy(w -> assertThat(w).hasSizeGreaterThanOrEqualTo(4));
      assertThat(WarmUp.run(searcher.pipeline(), 12, Long.MAX_VALUE)).isEqualTo(12);
      assertThat(searcher.pipeline().busy()).isFalse();
      // Two words in one query of three, a letter swapped in one of ten.
      assertThat(WarmUp.query(List.of("budget", "comité"), 2)).isEqualTo("budget comité");
      assertThat(WarmUp.query(List.of("budget", "comité"), 9)).isEqualTo("coimté");
    }
  }

  /**
   * Before the index is brought up to date, the warm-up searches it as it was opened: a note
   * written since is not among those results, which nobody sees, and every answer is fresh.
   */
  @Test
  void earlySearchesUseTheIndexAsItWasOpenedAndAnswerNobody(@TempDir Path tmp) throws Exception {
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    SearchOptions options = Fixtures.memoryOptions().withInMemoryIndex(false)
        .withCacheDir(tmp.resolve("cache"));
    try (Searcher first = SearchProviders.forVault(vault, options)) {
      assertThat(first.search(SearchRequest.of("zorglubé"))).isEmpty();
    }
    Files.writeString(vault.resolve("projects/startup-x/bucket/zorglub.md"),
        "# Zorglubé\n\nzorglubé\n");
    try (Searcher warmed = SearchProviders.openInBackground(vault, options.withWatch(true));
        Searcher cold = SearchProviders.forVault(vault, options)) {
      assertThat(WarmUp.early(warmed.pipeline(), 30, new AtomicBoolean())).isEqualTo(30);
      assertThat(warmed.pipeline().asIs().answered(SearchRequest.of("zorglubé")).results())
          .as("the index as it was opened").extracting(r -> r.path())
          .doesNotContain("projects/startup-x/bucket/zorglub.md");
      assertThat(WarmUp.early(warmed.pipeline(), 30, new AtomicBoolean(true)))
          .as("stopped once the index is up to date").isEqualTo(1);
      for (String q : List.of("zorglubé", "décision", "budjet", "*")) {
        assertThat(warmed.answer(SearchRequest.of(q))).as(q)
            .isEqualTo(cold.answer(SearchRequest.of(q)));
      }
      assertThat(warmed.search(SearchRequest.of("zorglubé"))).extracting(r -> r.path())
          .containsExactly("projects/startup-x/bucket/zorglub.md");
    }
  }

  @Test
  void anEmptyVaultIsWarmAtOnce(@TempDir Path vault) throws Exception {
    Files.createDirectories(vault.resolve("projects"));
    try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
      searcher.async().warmUp().get(5, TimeUnit.MINUTES);
      assertThat(WarmUp.run(searcher.pipeline(), 12, Long.MAX_VALUE)).isEqualTo(1);
    }
  }

  @Test
  void aClosedSearchersWarmUpEndsQuietly() throws Exception {
    Searcher searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
    searcher.close();
    // A guard against a hang, not a timing: the warm-up ends on its own.
    assertThat(searcher.async().warmUp().get(5, TimeUnit.MINUTES)).isNull();
    assertThat(searcher.async().warmUp()).as("started once").isSameAs(searcher.async().warmUp());
  }
}
