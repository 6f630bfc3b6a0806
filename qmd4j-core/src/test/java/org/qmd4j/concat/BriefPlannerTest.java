package org.qmd4j.concat;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.vault.NoteText;
import org.qmd4j.vault.VaultLayout;

/** Which files and ranges a brief includes, on the example vault. */
class BriefPlannerTest {
  private static final String CHANGELOG = "projects/startup-x/changelog.md";
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

  private static boolean isShort(String path, NoteText note) {
    return BriefPlanner.isShort(path, note, VaultLayout.PROJECTS);
  }

  private static List<ConcatItem> plan(SearchRequest request) {
    return BriefPlanner.plan(searcher.search(request), BriefPlannerTest::note,
        VaultLayout.PROJECTS);
  }

  private static NoteText note(String path) {
    try {
      return NoteText.read(Fixtures.vault().resolve(path));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> headers(SearchRequest request) {
    return engine.brief(request, searcher.search(request), OverviewWriter.mechanical())
        .blocks().stream().map(Block::header).toList();
  }

  @Test
  void changelogHitStartsAtItsDayLineSoTheDayTravelsWithItsEntry() {
    // "webhook" is only in the H2 of an entry of the dense day 2025-07-14 (H1 at line 21):
    // one excerpt from the day line, never a block of the day heading alone; the
    // context after stops before the next entry's heading, whose body it would not show.
    SearchRequest request = SearchRequest.of("webhook").withLimit(1);
    assertThat(searcher.search(request)).extracting(SearchResult::path, SearchResult::lines)
        .containsExactly(Tuple.tuple(CHANGELOG, new LineRange(29, 32)));
    assertThat(plan(request)).containsExactly(ConcatItem.lines(CHANGELOG, 21, 32));
    assertThat(headers(request)).containsExactly("## " + CHANGELOG + " (lines 21-32)");
  }

  @Test
  void stateHitGetsTheWholeFile() {
    SearchRequest request = SearchRequest.of("cautionnement").withLimit(1);
    assertThat(plan(request)).containsExactly(ConcatItem.whole("projects/startup-x/state.md"));
    assertThat(headers(request)).containsExactly("## projects/startup-x/state.md");
  }

  @Test
  void dayLineInsideTheContextIsNotRepeated() {
    // The entry starts at line 23, two lines under its day's H1; the next entry's heading
    // (line 29) and the blank line before it are not kept as trailing context.
    SearchRequest request = SearchRequest.of("Abandon").withLimit(1);
    assertThat(plan(request)).containsExactly(ConcatItem.lines(CHANGELOG, 21, 27));
  }

  @Test
  void neighbouringHitsOfOneFileAreMergedInLineOrder() {
    SearchRequest request = SearchRequest.of("[décision]").withScope(Scope.parse("all-changelogs"))
        .withLimit(6);
    assertThat(headers(request)).containsExactly(
        "## " + CHANGELOG + " (lines 9-19)",
        "## " + CHANGELOG + " (lines 21-44)",
        "## " + CHANGELOG + " (lines 59-63)",
        "## projects/marathon-2025/changelog.md",
        "## changelog.md (lines 20-31)");
  }

  @Test
  void shortChangelogComesWhole() {
    // 26 lines, CRLF: short enough to read whole.
    SearchRequest request = SearchRequest.of("clafoutis").withLimit(1);
    assertThat(plan(request)).containsExactly(
        ConcatItem.whole("projects/livre-recettes/changelog.md"));
  }

  @Test
  void bigBucketFileGetsARangeAroundTheHit() {
    SearchRequest request = SearchRequest.of("ornithorynque").withLimit(1);
    List<SearchResult> results = searcher.search(request);
    LineRange hit = results.get(0).lines();
    assertThat(hit.contains(8109)).isTrue();
    // After the hit: a blank line, then "# Carnet 39": the excerpt ends with the hit.
    assertThat(plan(request)).containsExactly(ConcatItem.lines("bucket/export-journal.md",
        hit.from() - BriefPlanner.CONTEXT_LINES, hit.to()));
  }

  @Test
  void fileOfAnyKindIsWholeWhenShort() {
    assertThat(isShort("tasks.md", NoteText.of("a\n".repeat(60)))).isTrue();
    assertThat(isShort("tasks.md", NoteText.of("a\n".repeat(61)))).isFalse();
    assertThat(isShort("tasks.md", NoteText.of("x".repeat(4096)))).isFalse();
    assertThat(isShort("projects/p/state.md", NoteText.of("a\n".repeat(500))))
        .isTrue();
    assertThat(isShort("projects/p/description.md", NoteText.of("a\n".repeat(500))))
        .isTrue();
  }

  @Test
  void rangesStayInsideTheFile() {
    NoteText note = NoteText.of("x\n".repeat(100));
    assertThat(BriefPlanner.plan(List.of(result("tasks.md", 2, 4)), path -> note,
        VaultLayout.PROJECTS))
        .containsExactly(ConcatItem.lines("tasks.md", 1, 6));
    assertThat(BriefPlanner.plan(List.of(result("tasks.md", 97, 100)), path -> note,
        VaultLayout.PROJECTS))
        .containsExactly(ConcatItem.lines("tasks.md", 95, 100));
    // A file that shrank since the search: a hit past its end is skipped.
    assertThat(BriefPlanner.plan(List.of(result("tasks.md", 170, 171)), path -> note,
        VaultLayout.PROJECTS))
        .isEmpty();
  }

  @Test
  void aFileComesOnceWholeWhateverItsNumberOfHits() {
    List<ConcatItem> items = BriefPlanner.plan(
        List.of(result("tasks.md", 1, 4), result("tasks.md", 6, 9)),
        path -> NoteText.of("x\n".repeat(20)), VaultLayout.PROJECTS);
    assertThat(items).containsExactly(ConcatItem.whole("tasks.md"));
  }

  @Test
  void nothingFoundPlansNothing() {
    assertThat(plan(SearchRequest.of("zanzibar"))).isEmpty();
  }

  private static SearchResult result(String path, int from, int to) {
    return new SearchResult(path, "", 0.5, new LineRange(from, to), MatchType.KEYWORD);
  }
}
