package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResponse;
import org.qmd4j.search.SearchResult;

/**
 * A correction is said once, as the vault writes it (accents included); a typo that
 * matches a rare word through its stem also reaches the far more frequent word it is near,
 * below the exact hits; an empty note is found by its name.
 */
public class SpellingTest {
  /** The searcher under test on {@code vault}; {@code tmp} is an empty folder it may use. */
  protected Searcher open(Path vault, Path tmp) {
    return SearchProviders.forVault(vault, Fixtures.memoryOptions());
  }

  @Test
  void aCorrectionIsGivenWithItsAccents(@TempDir Path tmp) {
    try (Searcher searcher = open(Fixtures.vault(), tmp)) {
      SearchResponse response = searcher.answer(SearchRequest.of("tresorie"));
      assertThat(response.corrected()).isEqualTo(Map.of("tresorie", "trésorerie"));
      assertThat(response.correctionNotice())
          .isEqualTo("Showing results for \"trésorerie\" (no match for \"tresorie\")");
      assertThat(response.results()).isNotEmpty().allSatisfy(r -> {
        assertThat(r.matchType()).isEqualTo(MatchType.FUZZY);
        assertThat(r.chunk().toLowerCase(java.util.Locale.ROOT)).contains("trésorerie");
      });
    }
  }

  @Test
  void aTypoThatMatchesARareWordAlsoReachesTheFrequentWordNearIt(@TempDir Path tmp)
      throws IOException {
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    Files.writeString(vault.resolve("bucket/association.md"), "# Association du quartier\n\n"
        + "La trésorière tient les comptes de l'association.\n");
    try (Searcher searcher = open(vault, tmp)) {
      SearchResponse response = searcher.answer(SearchRequest.of("tresorie"));

      assertThat(response.corrected()).isEmpty();
      assertThat(response.alsoSearched()).isEqualTo(Map.of("tresorie", "trésorerie"));
      assertThat(response.alsoSearchedNotice())
          .isEqualTo("Also searched \"trésorerie\" (few matches for \"tresorie\")");
      SearchResult first = response.results().get(0);
      assertThat(first.path()).isEqualTo("bucket/association.md");
      assertThat(first.matchType()).isEqualTo(MatchType.KEYWORD);
      assertThat(response.results().subList(1, response.results().size()))
          .isNotEmpty().allSatisfy(r -> {
            assertThat(r.matchType()).isEqualTo(MatchType.FUZZY);
            assertThat(r.score()).isLessThan(first.score());
            assertThat(r.corrected()).isEqualTo(Map.of("tresorie", "trésorerie"));
          })
          .extracting(SearchResult::path).contains("projects/startup-x/changelog.md");
      assertThat(response.toWire()).containsEntry("alsoSearched",
          Map.of("tresorie", "trésorerie"));
    }
  }

  @Test
  void aWordTheVaultHoldsAsTypedIsNotWidened(@TempDir Path tmp) {
    try (Searcher searcher = open(Fixtures.vault(), tmp)) {
      SearchResponse response = searcher.answer(SearchRequest.of("idempotence"));
      assertThat(response.alsoSearched()).isEmpty();
      assertThat(response.results()).extracting(SearchResult::matchType)
          .doesNotContain(MatchType.FUZZY);
    }
  }

  /** Whether the engine finds an empty note by its name. */
  protected boolean findsEmptyNotes() {
    return true;
  }

  @Test
  void anEmptyNoteIsFoundByItsName(@TempDir Path tmp) throws IOException {
    Assumptions.assumeTrue(findsEmptyNotes(), "this engine does not index empty notes");
    Path vault = Fixtures.copy(Fixtures.notesVault(), tmp.resolve("vault"));
    Files.write(vault.resolve("Vide.md"), new byte[0]);
    Files.writeString(vault.resolve("Blanche.md"), "\n  \n");
    try (Searcher searcher = open(vault, tmp)) {
      assertThat(searcher.search("vide")).extracting(SearchResult::path).contains("Vide.md");
      assertThat(searcher.search("blanche")).extracting(SearchResult::path)
          .contains("Blanche.md");
      assertThat(searcher.brief(SearchRequest.of("vide")).results())
          .extracting(SearchResult::path).contains("Vide.md");
    }
  }
}
