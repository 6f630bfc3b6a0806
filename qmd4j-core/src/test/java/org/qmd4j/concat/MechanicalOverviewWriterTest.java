package org.qmd4j.concat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/** The default overview: 2 to 5 honest lines. */
class MechanicalOverviewWriterTest {
  private static Searcher searcher;
  private static ConcatEngine engine;

  @BeforeAll
  static void open() {
    searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
    engine = ConcatEngine.forVault(Fixtures.vault());
  }

  @AfterAll
  static void close() {
    searcher.close();
  }

  private static String overview(SearchRequest request) {
    return engine.brief(request, searcher.search(request), OverviewWriter.mechanical())
        .overview();
  }

  @Test
  void hitIsDescribedInFourLines() {
    assertThat(overview(SearchRequest.of("webhook").withLimit(1))).isEqualTo(
        "Question: \"webhook\".\n"
            + "Found 1 chunk in 1 file: projects/startup-x/changelog.md (1).\n"
            + "Matched terms: webhook.\n"
            + "Included below: 1 excerpt, 12 lines.");
  }

  @Test
  void nothingFoundIsSaidPlainly() {
    assertThat(overview(SearchRequest.of("zanzibar"))).isEqualTo(
        "Question: \"zanzibar\".\n"
            + "Nothing found: no chunk of the vault matches this question.");
  }

  @Test
  void nothingFoundInAScopeOrPeriodSaysWhere() {
    assertThat(overview(SearchRequest.of("webhook").withScope(Scope.parse("all-states"))
        .withFrom(DateSpec.parse("2025-01-01")).withTo(DateSpec.parse("today")))).isEqualTo(
        "Question: \"webhook\" (scope all-states, from 2025-01-01, to today).\n"
            + "Nothing found: no chunk of the vault matches this question in this scope and "
            + "period.");
  }

  @Test
  void termsNotInTheIncludedTextAreNamed() {
    assertThat(overview(SearchRequest.of("honoraires zorglub")).split("\n")[2])
        .isEqualTo("Matched terms: honoraires; not found: zorglub.");
  }

  @Test
  void atMostThreeFilesAreNamed() {
    assertThat(overview(SearchRequest.of("startup-x").withLimit(4)).split("\n")[1]).isEqualTo(
        "Found 4 chunks in 4 files: projects/startup-x/description.md (1), "
            + "projects/startup-x/state.md (1), projects/startup-x/changelog.md (1) "
            + "and 1 more file.");
  }

  @Test
  void wildcardHasNoTermsLine() {
    assertThat(overview(SearchRequest.of("*").withScope(Scope.parse("all-states"))
        .withLimit(3))).isEqualTo(
        "Question: \"*\" (scope all-states).\n"
            + "Found 3 chunks in 3 files: projects/comptabilite/state.md (1), "
            + "projects/livre-recettes/state.md (1), projects/marathon-2025/state.md (1).\n"
            + "Included below: 3 whole files, 63 lines.");
  }

  @ParameterizedTest
  @ValueSource(strings = {"webhook", "zanzibar", "[décision]", "*", "factures impayées",
      "status: en-cours", "le la de", "ornithorynque", "cautionnement fartlek millefeuille"})
  void overviewHasTwoToFiveLines(String query) {
    String overview = overview(SearchRequest.of(query));
    assertThat(overview.split("\n", -1)).as(overview).hasSizeBetween(2, 5);
    assertThat(overview).as(overview).doesNotContain("\n\n").doesNotEndWith("\n");
  }

  @Test
  void questionWithOnlyStopWordsSaysSo() {
    BriefContext context = context("de la", List.of(result("tasks.md")), List.of(block()));
    assertThat(OverviewWriter.mechanical().overview(context).split("\n")[2])
        .isEqualTo("The question has no searchable term besides stop words.");
  }

  @Test
  void noTermFoundIsSaid() {
    BriefContext context = context("zorglub", List.of(result("tasks.md")), List.of(block()));
    assertThat(OverviewWriter.mechanical().overview(context).split("\n")[2])
        .isEqualTo("None of the question's terms (zorglub) appears in the included text.");
  }

  @Test
  void truncatedBlocksAreCounted() {
    Block cut = new Block("big.md", false, Optional.of(new LineRange(1, 1)), 3, "a",
        Optional.of(new Block.Truncation(10, new LineRange(2, 3), 2)));
    BriefContext context = context("a", List.of(result("big.md")), List.of(cut));
    assertThat(OverviewWriter.mechanical().overview(context).split("\n")[3])
        .isEqualTo("Included below: 1 excerpt, 1 line; 1 block cut at the size cap.");
  }

  @Test
  void resultsWithNothingLeftToIncludeAreSaid() {
    BriefContext context = context("tasks", List.of(result("tasks.md")), List.of());
    assertThat(OverviewWriter.mechanical().overview(context))
        .endsWith("\nNothing could be included: the files changed after the search.");
  }

  private static BriefContext context(String query, List<SearchResult> results,
      List<Block> blocks) {
    return new BriefContext(SearchRequest.of(query), results, blocks);
  }

  private static SearchResult result(String path) {
    return new SearchResult(path, "x", 0.5, new LineRange(1, 1), MatchType.KEYWORD);
  }

  private static Block block() {
    return new Block("tasks.md", true, Optional.of(new LineRange(1, 1)), 1, "tâches",
        Optional.empty());
  }
}
