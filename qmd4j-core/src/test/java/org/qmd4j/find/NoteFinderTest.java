package org.qmd4j.find;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * find_notes on a copy of the example vault whose files all carry the same known time
 * (2025-01-10), so that the fallback to file times is deterministic.
 */
class NoteFinderTest {
  private static final Instant FILE_TIME = Instant.parse("2025-01-10T12:00:00Z");
  private static final List<String> NOT_INDEXED = List.of("overview.md", "tree.md",
      "profile.md", "inbox/2025-09-11-note-rapide.md", "inbox/capture-telephone.md",
      "inbox/idee-en-vrac.md", "archives/2024.md", "projects/startup-x/notes/brouillon.md");

  @TempDir static Path dir;
  private static Searcher searcher;

  @BeforeAll
  static void open() throws IOException {
    Path vault = Fixtures.copyVault(dir.resolve("vault"));
    try (Stream<Path> files = Files.walk(vault)) {
      files.filter(Files::isRegularFile).forEach(f -> {
        try {
          Files.setLastModifiedTime(f, FileTime.from(FILE_TIME));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
    searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions());
  }

  @AfterAll
  static void close() {
    searcher.close();
  }

  private static FindRequest.Builder request() {
    return FindRequest.newBuilder().limit(100);
  }

  private static FindResult find(FindRequest.Builder request) {
    return searcher.find(request.build());
  }

  private static List<String> names(FindResult result) {
    return result.paths().stream().map(p -> p.substring(p.lastIndexOf('/') + 1))
        .collect(Collectors.toList());
  }

  // --- the scan alone -----------------------------------------------------------------------

  @Test
  void folderAloneListsTheIndexedFilesDirectlyInIt() {
    FindResult r = find(request().folder("projects/startup-x").sort("name"));
    assertThat(r.success()).isTrue();
    assertThat(r.paths()).containsExactly("projects/startup-x/changelog.md",
        "projects/startup-x/description.md", "projects/startup-x/state.md",
        "projects/startup-x/tasks.md");
    assertThat(r.total()).isEqualTo(4);
    assertThat(r.notes()).isEmpty();
  }

  @Test
  void recursiveFolderAddsItsSubFoldersButNeverUnindexedNotes() {
    FindResult r = find(request().folder("projects/startup-x").recursive(true));
    assertThat(r.total()).isEqualTo(9);
    assertThat(r.paths()).contains("projects/startup-x/bucket/idees/pricing-freemium.md")
        .doesNotContain("projects/startup-x/notes/brouillon.md");
  }

  @Test
  void wholeVaultIsEveryIndexedFileAndNothingElse() {
    FindResult r = find(request().folder("").recursive(true));
    assertThat(r.total()).isEqualTo(59);
    assertThat(r.paths()).doesNotContainAnyElementsOf(NOT_INDEXED);
    assertThat(find(request().folder("")).paths()).containsExactlyInAnyOrder(
        "changelog.md", "tasks.md");
  }

  @Test
  void unindexedFolderIsEmptyAndSaysWhy() {
    FindResult r = find(request().folder("inbox").recursive(true));
    assertThat(r.results()).isEmpty();
    assertThat(r.total()).isZero();
    assertThat(r.notes()).containsExactly("folder 'inbox' holds no indexed files; find_notes "
        + "covers what search covers (changelogs, tasks, states, descriptions, buckets)");
  }

  @Test
  void missingFolderIsSimplyEmpty() {
    FindResult r = find(request().folder("projects/nope"));
    assertThat(r.results()).isEmpty();
    assertThat(r.notes()).isEmpty();
  }

  @Test
  void conditionsAloneMatchFrontmatterFoldingCaseAndAccents() {
    assertThat(find(request().where("type eq REUNION")).total()).isEqualTo(9);
    assertThat(find(request().where("status eq actif")).paths()).containsExactlyInAnyOrder(
        "projects/client-dupont/state.md", "projects/comptabilite/state.md",
        "projects/livre-recettes/state.md", "projects/marathon-2025/state.md",
        "projects/startup-x/state.md");
    assertThat(find(request().where("status in en pause, archivé")).paths())
        .containsExactlyInAnyOrder("projects/jardin-potager/state.md",
            "projects/renovation-maison/state.md");
  }

  @Test
  void conditionsCombineWithAnd() {
    FindResult r = find(request().where("type eq réunion").where("tags contains dupont"));
    assertThat(r.paths()).containsExactlyInAnyOrder(
        "projects/client-dupont/bucket/reunions/2025-04-08-lancement.md",
        "projects/client-dupont/bucket/reunions/2025-08-28-comite.md");
  }

  @Test
  void malformedFrontmatterHasNoFields() {
    assertThat(find(request().folder("projects/renovation-maison/bucket").where("type missing"))
        .paths()).containsExactly("projects/renovation-maison/bucket/devis-plombier.md");
  }

  @Test
  void comparisonsWorkOnFrontmatterDatesAndQuotedDates() {
    FindResult r = find(request().where("updated gte 2025-09-02").where("status exists"));
    // status is also a task field: tasks files are judged task by task (RecordScanTest).
    assertThat(r.results().stream().filter(i -> i instanceof NoteItem).map(FindItem::path))
        .containsExactlyInAnyOrder("projects/comptabilite/state.md",
            "projects/livre-recettes/state.md");
    assertThat(r.results()).filteredOn(i -> i instanceof ChunkItem)
        .allSatisfy(i -> assertThat(i.path()).endsWith("tasks.md"));
  }

  @Test
  void modifiedDatesUseUpdatedThenTheFileTime() {
    FindResult after = find(request().folder("bucket").recursive(true).dateStart("2025-08-01"));
    assertThat(names(after)).containsExactly("2025-09-05-notaire.md", "livres-2025.md",
        "newsletter-hebdo.md");
    // liens-utiles.md has no frontmatter: its file time, 2025-01-10, counts.
    FindResult before = find(request().folder("bucket").recursive(true).dateEnd("2025-01-10"));
    assertThat(before.paths()).containsExactly("bucket/liens-utiles.md");
  }

  @Test
  void relativeDateBoundsResolveAgainstTheClock() {
    // The clock says 2025-09-15: one month ago is 2025-08-15.
    assertThat(names(find(request().folder("bucket").recursive(true)
        .dateStart("1 month ago")))).containsExactly("2025-09-05-notaire.md", "livres-2025.md");
  }

  @Test
  void createdDatesUseTheCreatedField() {
    FindResult r = find(request().dateType("created").where("created exists")
        .dateStart("2025-06-01").dateEnd("2025-06-30"));
    assertThat(r.paths()).containsExactlyInAnyOrder("bucket/reunions/2025-06-03-point-banque.md",
        "projects/comptabilite/bucket/liens/urssaf.md",
        "projects/livre-recettes/bucket/reunions/2025-06-18-editeur.md",
        "projects/startup-x/bucket/idees/pricing-freemium.md");
  }

  @Test
  void dateStartAfterDateEndIsTypedAndShowsBothDates() {
    assertThatThrownBy(() -> find(request().folder("bucket").dateStart("2025-09-01")
        .dateEnd("3 months ago")))
        .isInstanceOf(InvalidDateException.class)
        .hasMessage("date_start 2025-09-01 is after date_end 2025-06-15 ('3 months ago'); "
            + "swap them or widen the period");
  }

  @Test
  void withoutAQueryTheDefaultSortIsNewestModifiedFirst() {
    assertThat(names(find(request().folder("bucket").recursive(true)))).containsExactly(
        "2025-09-05-notaire.md", "livres-2025.md", "newsletter-hebdo.md", "raccourcis-vim.md",
        "export-journal.md", "2025-06-03-point-banque.md", "app-budget-familial.md",
        "frontmatter-seule.md", "pate-a-crepes.md", "liens-utiles.md");
  }

  @Test
  void sortCreatedIsNewestCreatedFirst() {
    assertThat(names(find(request().folder("bucket").recursive(true).where("created exists")
        .sort("created")))).containsExactly("2025-09-05-notaire.md", "export-journal.md",
        "2025-06-03-point-banque.md", "newsletter-hebdo.md", "app-budget-familial.md",
        "frontmatter-seule.md", "raccourcis-vim.md", "pate-a-crepes.md", "livres-2025.md");
  }

  @Test
  void sortNameIsByFileNameIgnoringCaseAndAccents() {
    assertThat(names(find(request().folder("bucket").recursive(true).sort("name"))))
        .containsExactly("2025-06-03-point-banque.md", "2025-09-05-notaire.md",
            "app-budget-familial.md", "export-journal.md", "frontmatter-seule.md",
            "liens-utiles.md", "livres-2025.md", "newsletter-hebdo.md", "pate-a-crepes.md",
            "raccourcis-vim.md");
  }

  @Test
  void withoutAQueryResultsArePathsOrPathsWithTheRequestedFields() {
    FindResult plain = find(request().folder("projects/startup-x").sort("name").limit(1));
    assertThat(plain.results()).containsExactly(NoteItem.of("projects/startup-x/changelog.md"));

    FindResult withFields = find(request().folder("projects/startup-x").sort("name")
        .includeFields("status", "updated"));
    Map<String, Object> state = withFields.results().get(2).fields();
    assertThat(withFields.results().get(2)).isInstanceOf(NoteItem.class);
    assertThat(state).containsExactly(Map.entry("status", "actif"),
        Map.entry("updated", "2025-07-15"));
    Map<String, Object> changelog = new HashMap<>();
    changelog.put("status", null);
    changelog.put("updated", null);
    assertThat(withFields.results().get(0).fields()).isEqualTo(changelog);
  }

  @Test
  void pagesFollowEachOtherAndKeepTheTotal() {
    List<String> all = find(request().folder("").recursive(true).sort("name")).paths();
    List<String> paged = new ArrayList<>();
    for (int offset = 0; offset < all.size(); offset += 7) {
      FindResult page = find(request().folder("").recursive(true).sort("name").limit(7)
          .offset(offset));
      assertThat(page.total()).isEqualTo(59);
      assertThat(page.results()).hasSizeLessThanOrEqualTo(7);
      paged.addAll(page.paths());
    }
    assertThat(paged).isEqualTo(all);
    FindResult past = find(request().folder("").recursive(true).offset(500));
    assertThat(past.results()).isEmpty();
    assertThat(past.total()).isEqualTo(59);
  }

  // --- with a query ------------------------------------------------------------------------

  @Test
  void withAQueryResultsAreChunksWithSourceContentHeadingScoreAndLines() {
    FindResult r = find(request().query("cautionnement"));
    assertThat(r.total()).isEqualTo(1);
    assertThat(r.results()).singleElement().isInstanceOfSatisfying(ChunkItem.class, c -> {
      assertThat(c.source()).isEqualTo("projects/startup-x/state.md");
      assertThat(c.path()).isEqualTo(c.source());
      assertThat(c.content()).startsWith("---\nupdated: 2025-07-15").contains("cautionnement");
      assertThat(c.heading()).isEqualTo("État de startup-x");
      assertThat(c.score()).isBetween(0.0, 1.0);
      assertThat(c.lines()).isEqualTo(new LineRange(1, 22));
      assertThat(c.fields()).isEmpty();
    });
  }

  @Test
  void aDenseDayEntryIsHeadedByItsDay() {
    FindResult r = find(request().query("webhook"));
    assertThat(r.results()).first().isInstanceOfSatisfying(ChunkItem.class, c -> {
      assertThat(c.heading()).isEqualTo("2025-07-14");
      assertThat(c.content()).startsWith("## [blocage] Le webhook de paiement");
    });
  }

  @Test
  void queryAndFiltersIntersectKeepingSearchOrder() {
    FindResult r = find(request().query("décision").where("type eq réunion"));
    Set<String> meetings = Set.copyOf(find(request().where("type eq réunion")).paths());
    List<String> expected = new ArrayList<>();
    for (SearchResult hit : searcher.search(SearchRequest.of("décision").withLimit(1000))) {
      if (meetings.contains(hit.path())) expected.add(hit.path() + ":" + hit.lines());
    }
    assertThat(r.results()).extracting(i -> i.path() + ":" + ((ChunkItem) i).lines())
        .isEqualTo(expected)
        .containsExactlyInAnyOrder("bucket/reunions/2025-09-05-notaire.md:1-14",
            "projects/startup-x/bucket/reunions/2025-07-10-point-tech.md:1-14");
    assertThat(r.results()).extracting(i -> ((ChunkItem) i).score())
        .isSortedAccordingTo((a, b) -> Double.compare(b, a));
  }

  @Test
  void queryPagesAreCutFromTheWholeIntersectionAndTotalIsExact() {
    // startup-x's own files: 21 changelog chunks (a dense day of 14 entries), 6 tasks, the
    // state and the description. The first search asks for 2 + 4 x 3 = 14 and must grow.
    List<SearchResult> every = searcher.search(SearchRequest.of("*")
        .withScope(org.qmd4j.search.Scope.project("startup-x")).withLimit(1000)).stream()
        .filter(h -> !h.path().contains("/bucket/")).collect(Collectors.toList());
    assertThat(every).hasSize(29);
    FindResult page = find(request().query("*").folder("projects/startup-x").limit(3)
        .offset(2));
    assertThat(page.total()).isEqualTo(29);
    assertThat(page.results()).extracting(i -> i.path() + ":" + ((ChunkItem) i).lines())
        .containsExactlyElementsOf(every.subList(2, 5).stream()
            .map(h -> h.path() + ":" + h.lines()).collect(Collectors.toList()));
  }

  @Test
  void queryResultsCanBeSortedByTheirFiles() {
    FindResult byName = find(request().query("*").folder("projects/startup-x").sort("name"));
    List<String> files = byName.paths().stream().distinct().collect(Collectors.toList());
    assertThat(files).containsExactly("projects/startup-x/changelog.md",
        "projects/startup-x/description.md", "projects/startup-x/state.md",
        "projects/startup-x/tasks.md");
    FindResult byModified = find(request().query("paiement").folder("projects/startup-x")
        .recursive(true).sort("modified").includeFields("updated"));
    List<String> dates = byModified.results().stream()
        .map(i -> String.valueOf(i.fields().get("updated"))).collect(Collectors.toList());
    List<String> sorted = new ArrayList<>(dates);
    // Files without updated (the changelog) fall back to 2025-01-10: they come last.
    sorted.sort((a, b) -> (b.equals("null") ? "2025-01-10" : b)
        .compareTo(a.equals("null") ? "2025-01-10" : a));
    assertThat(dates).isNotEmpty().isEqualTo(sorted);
  }

  @Test
  void queryResultsCarryTheRequestedFields() {
    FindResult r = find(request().query("freemium").includeFields("type", "tags"));
    assertThat(r.results()).filteredOn(i -> i.path().endsWith("pricing-freemium.md"))
        .singleElement().satisfies(i -> assertThat(i.fields()).containsExactly(
            Map.entry("type", "idée"), Map.entry("tags", List.of("pricing", "croissance"))));
  }

  @Test
  void queryMatchingNothingInThePassingFilesIsEmpty() {
    FindResult r = find(request().query("cautionnement").folder("bucket").recursive(true));
    assertThat(r.results()).isEmpty();
    assertThat(r.total()).isZero();
    assertThat(find(request().query("zanzibar").folder("").recursive(true)).total()).isZero();
  }

  @Test
  void semanticAndHybridSayTheEmbeddedEngineRanKeywords() {
    FindResult semantic = find(request().query("décision").mode("semantic"));
    assertThat(semantic.total()).isPositive();
    assertThat(semantic.notes()).containsExactly("mode semantic: the embedded engine has no "
        + "semantic model, so the query ran as a deep keyword search (several keyword lists "
        + "fused by rank)");
    assertThat(find(request().query("décision").mode("hybrid")).notes()).containsExactly(
        "mode hybrid: the embedded engine has no vector search, so the query ran as a deep "
            + "keyword search (several keyword lists fused by rank)");
    assertThat(find(request().query("décision").mode("keyword")).notes()).isEmpty();
  }

  @Test
  void everyModeFindsThePlantedWord() {
    for (FindMode mode : FindMode.values()) {
      assertThat(find(request().query("clafoutis").mode(mode)).paths())
          .as(mode.wireName()).containsExactly("projects/livre-recettes/changelog.md");
    }
  }

  @Test
  void findAsyncGivesTheSameResult() {
    FindRequest r = request().folder("projects/startup-x").build();
    assertThat(searcher.async().find(r).join()).isEqualTo(searcher.find(r));
    assertThat(Arrays.asList(FindSort.values())).hasSize(4);
  }
}
