package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.InvalidModeException;
import org.qmd4j.search.InvalidQueryException;
import org.qmd4j.search.InvalidScopeException;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Mode;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.search.VaultNotFoundException;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;

/** search() on the example vault: modes, scopes, dates, ranking and the result shape. */
class SearcherTest {
  private static Searcher searcher;

  @BeforeAll
  static void open() {
    searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
  }

  @AfterAll
  static void close() {
    searcher.close();
  }

  private static List<SearchResult> search(String query) {
    return searcher.search(SearchRequest.of(query).withLimit(50));
  }

  private static List<String> paths(List<SearchResult> results) {
    return results.stream().map(SearchResult::path).collect(Collectors.toList());
  }

  // --- matching -----------------------------------------------------------------------------

  @Test
  void unaccentedQueryFindsAccentedWords() {
    List<SearchResult> results = search("bloque");
    assertThat(results).isNotEmpty();
    assertThat(results.get(0).chunk().toLowerCase()).contains("bloqué");
    assertThat(search("decision")).extracting(SearchResult::chunk)
        .anySatisfy(c -> assertThat(c).contains("[décision]"));
  }

  @Test
  void caseAndAccentsFoldBothWays() {
    assertThat(paths(search("ÉCHÉANCES"))).contains("projects/comptabilite/state.md",
        "projects/comptabilite/description.md");
    assertThat(paths(search("echeances"))).contains("projects/comptabilite/state.md");
  }

  @Test
  void decomposedAndComposedFormsMatchTheSame() {
    String nfd = "de\u0301cision";
    assertThat(search(nfd)).isEqualTo(search("décision"));
  }

  @Test
  void elisionsAreStripped() {
    assertThat(search("api")).extracting(SearchResult::chunk)
        .anySatisfy(c -> assertThat(c).contains("l'API"));
    // The typographic apostrophe too: "L’équipe" is found by "equipe".
    assertThat(search("equipe")).extracting(SearchResult::chunk)
        .anySatisfy(c -> assertThat(c).contains("L’équipe"));
  }

  @Test
  void lightStemmingJoinsVerbAndNoun() {
    List<String> paths = paths(search("abandonner"));
    assertThat(paths).contains("projects/startup-x/changelog.md",
        "projects/marathon-2025/changelog.md");
    assertThat(search("abandonner")).anySatisfy(r -> {
      assertThat(r.chunk()).startsWith("## [décision] Abandon de l'API externe");
      assertThat(r.lines()).isEqualTo(new LineRange(23, 27));
    });
  }

  @Test
  void pluralAndFeminineFormsMatch() {
    List<SearchResult> results = search("factures impayées");
    assertThat(results).anySatisfy(r -> assertThat(r.chunk()).contains("facture impayée"));
    assertThat(results).anySatisfy(r -> assertThat(r.chunk()).contains("factures impayées"));
  }

  @Test
  void prefixesMatch() {
    assertThat(search("ornithor")).extracting(SearchResult::path)
        .containsExactly("bucket/export-journal.md");
  }

  @Test
  void tagQueryRanksTaggedEntriesFirst() {
    List<SearchResult> results = search("[décision]");
    int tagged = 0;
    while (tagged < results.size() && results.get(tagged).chunk().contains("[décision]")) {
      tagged++;
    }
    assertThat(tagged).isGreaterThanOrEqualTo(10);
    assertThat(results.subList(tagged, results.size()))
        .noneSatisfy(r -> assertThat(r.chunk()).contains("[décision]"));
  }

  @Test
  void keyValueLineRanksTheAdjacentFormFirst() {
    List<SearchResult> results = search("status: bloqué");
    assertThat(results.get(0).chunk()).contains("status: bloqué");
    long withLine = results.stream().filter(r -> r.chunk().contains("status: bloqué")).count();
    assertThat(withLine).isGreaterThanOrEqualTo(6);
    assertThat(results.subList(0, (int) withLine))
        .allSatisfy(r -> assertThat(r.chunk()).contains("status: bloqué"));
  }

  @Test
  void hyphenatedStatusRanksAboveMereWord() {
    List<SearchResult> results = search("status: en-cours");
    int firstWithout = -1;
    for (int i = 0; i < results.size(); i++) {
      if (!results.get(i).chunk().contains("status: en-cours")) {
        firstWithout = i;
        break;
      }
    }
    assertThat(firstWithout).isGreaterThanOrEqualTo(9); // all nine en-cours tasks first
    assertThat(results.subList(firstWithout, results.size()))
        .noneSatisfy(r -> assertThat(r.chunk()).contains("status: en-cours"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"TVA Q3", "startup-x", "2025-014", "v2.3.1"})
  void identifiersAreFoundAsWritten(String id) {
    List<SearchResult> results = search(id);
    assertThat(results).isNotEmpty();
    assertThat(results.get(0).chunk()).contains(id);
  }

  @Test
  void startupXIsFoundOutsideItsProject() {
    assertThat(paths(search("startup-x"))).contains("changelog.md",
        "projects/comptabilite/changelog.md");
  }

  @Test
  void aDateFindsEveryEntryOfItsDenseDay() {
    List<SearchResult> results = search("2025-07-14");
    List<SearchResult> changelog = results.stream()
        .filter(r -> r.path().equals("projects/startup-x/changelog.md"))
        .collect(Collectors.toList());
    // The dense day spans lines 21-79: its 14 entries come before the file's other days.
    assertThat(changelog.subList(0, 14)).allSatisfy(r ->
        assertThat(r.lines().from()).isBetween(21, 79));
    assertThat(changelog.subList(14, changelog.size())).allSatisfy(r ->
        assertThat(r.lines().from() < 21 || r.lines().from() > 79).isTrue());
    assertThat(paths(results)).contains("projects/comptabilite/changelog.md",
        "projects/renovation-maison/changelog.md");
  }

  @Test
  void headingWordIsFoundInItsDenseEntry() {
    List<SearchResult> results = search("webhook");
    assertThat(results).hasSize(1);
    assertThat(results.get(0).path()).isEqualTo("projects/startup-x/changelog.md");
    assertThat(results.get(0).lines().from()).isEqualTo(29);
    assertThat(results.get(0).chunk()).startsWith("## [blocage] Le webhook");
  }

  @Test
  void moreQueryWordsRankFirstAndEveryResultSharesAWord() {
    List<SearchResult> results = search("webhook zanzibar cautionnement");
    assertThat(paths(results)).containsExactlyInAnyOrder(
        "projects/startup-x/changelog.md", "projects/startup-x/state.md");
    List<SearchResult> some = search("robinetterie devis");
    assertThat(some.get(0).chunk()).contains("robinetterie");
    assertThat(some).allSatisfy(r ->
        assertThat(r.chunk().toLowerCase()).containsAnyOf("robinetterie", "devis"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"zanzibar", "tamanoir", "pangolin", "kaléidoscope", "baobab",
      "saxophoniste", "diplodocus", "escarboucle"})
  void nonIndexedFilesAreNeverFound(String word) {
    assertThat(search(word)).isEmpty();
  }

  @Test
  void scoresAreDescendingAndWithinZeroAndOne() {
    for (String q : List.of("décision", "status: en-cours", "TVA Q3", "les factures")) {
      List<SearchResult> results = search(q);
      assertThat(results).isNotEmpty();
      for (int i = 0; i < results.size(); i++) {
        assertThat(results.get(i).score()).isBetween(0.0, 1.0);
        if (i > 0) {
          assertThat(results.get(i).score()).isLessThanOrEqualTo(results.get(i - 1).score());
        }
      }
    }
  }

  @Test
  void scoresAreAbsoluteNotRelativeToTheBestHit() {
    double alone = search("cautionnement").get(0).score();
    assertThat(alone).isLessThan(1.0);
    double inScope = searcher.search(SearchRequest.of("cautionnement")
        .withScope(Scope.parse("all-states"))).get(0).score();
    assertThat(inScope).isEqualTo(alone);
  }

  @Test
  void limitCapsTheResults() {
    assertThat(searcher.search(SearchRequest.of("décision").withLimit(3))).hasSize(3);
  }

  // --- awkward files ------------------------------------------------------------------------

  @Test
  void awkwardFilesAreIndexed() {
    assertThat(paths(search("fartlek"))).containsExactly("projects/marathon-2025/state.md");
    assertThat(search("fartlek").get(0).lines().from()).isEqualTo(1); // BOM file, frontmatter kept
    assertThat(paths(search("millefeuille"))).containsExactly("projects/livre-recettes/state.md");
    assertThat(search("millefeuille").get(0).chunk()).doesNotContain("\r");
    assertThat(paths(search("clafoutis"))).containsExactly("projects/livre-recettes/changelog.md");
    assertThat(paths(search("robinetterie")))
        .containsExactly("projects/renovation-maison/bucket/devis-plombier.md");
    assertThat(paths(search("échéancier")))
        .containsExactly("projects/comptabilite/bucket/ancien-export-latin1.md");
    assertThat(search("reçu").get(0).chunk()).contains("reçu");
    assertThat(paths(search("ornithorynque"))).containsExactly("bucket/export-journal.md");
    assertThat(search("ornithorynque").get(0).lines().contains(8109)).isTrue();
  }

  @Test
  void frontmatterOnlyFileIsOneChunk() {
    List<SearchResult> results = search("Idée sans corps");
    assertThat(results.get(0).path()).isEqualTo("bucket/frontmatter-seule.md");
    assertThat(results.get(0).lines()).isEqualTo(new LineRange(1, 7));
  }

  // --- wildcard -----------------------------------------------------------------------------

  @Test
  void wildcardListsEveryChunkNewestFirst() {
    List<SearchResult> states = searcher.search(
        SearchRequest.of("*").withScope(Scope.parse("all-states")).withLimit(100));
    assertThat(states).hasSize(7);
    assertThat(states).allSatisfy(r -> {
      assertThat(r.score()).isEqualTo(1.0);
      assertThat(r.matchType()).isEqualTo(MatchType.WILDCARD);
    });
    assertThat(paths(states)).containsExactly(
        "projects/comptabilite/state.md",        // "2025-09-10" (quoted)
        "projects/livre-recettes/state.md",      // 2025-09-02
        "projects/marathon-2025/state.md",       // 2025-08-30
        "projects/startup-x/state.md",           // 2025-07-15
        "projects/renovation-maison/state.md",   // 2025-06-20
        "projects/jardin-potager/state.md",      // 2025-05-18
        "projects/client-dupont/state.md");      // updated: soon, last
  }

  @Test
  void wildcardRespectsThePeriod() {
    List<SearchResult> july = searcher.search(SearchRequest.of("*")
        .withScope(Scope.parse("all-changelogs"))
        .withFrom(DateSpec.parse("2025-07-01")).withTo(DateSpec.parse("2025-07-31"))
        .withLimit(200));
    assertThat(july).isNotEmpty();
    assertThat(july).allSatisfy(r -> assertThat(r.chunk()).doesNotContain("# 2025-08"));
    // 14 dense entries + the other July days of every changelog
    assertThat(july.stream().filter(r -> r.path().equals("projects/startup-x/changelog.md")))
        .hasSize(15);
  }

  // --- scopes -------------------------------------------------------------------------------

  @Test
  void projectScopeCoversTheProjectAndItsBucketOnly() {
    List<SearchResult> results = searcher.search(SearchRequest.of("*")
        .withScope(Scope.parse("project:startup-x")).withLimit(500));
    assertThat(paths(results)).allSatisfy(p -> assertThat(p).startsWith("projects/startup-x/"));
    assertThat(paths(results)).contains("projects/startup-x/bucket/idees/pricing-freemium.md",
        "projects/startup-x/state.md", "projects/startup-x/tasks.md",
        "projects/startup-x/description.md", "projects/startup-x/changelog.md");
    assertThat(paths(results)).doesNotContain("projects/startup-x/notes/brouillon.md");
  }

  @Test
  void kindScopesIncludeRootFiles() {
    assertThat(paths(wildcard("all-changelogs"))).contains("changelog.md")
        .allSatisfy(p -> assertThat(p).endsWith("changelog.md"));
    assertThat(paths(wildcard("all-tasks"))).contains("tasks.md")
        .allSatisfy(p -> assertThat(p).endsWith("tasks.md"));
    assertThat(paths(wildcard("all-buckets"))).contains("bucket/liens-utiles.md",
        "projects/comptabilite/bucket/liens/urssaf.md")
        .allSatisfy(p -> assertThat(p).matches("(projects/[^/]+/)?bucket/.*"));
    assertThat(paths(wildcard("all-descriptions")))
        .allSatisfy(p -> assertThat(p).endsWith("/description.md")).hasSize(4);
    assertThat(paths(wildcard("all-states"))).allSatisfy(p -> assertThat(p).endsWith("/state.md"));
  }

  private static final String PROJECTS = "(7 projects in the vault).";

  // An unknown project was a silent [], so a typo looked like "nothing there".
  @Test
  void unknownProjectIsAnErrorCountingTheVaultsProjects() {
    assertThatThrownBy(() -> searcher.search("décision", "fast", "project:nope", null, null))
        .isInstanceOf(InvalidScopeException.class)
        .hasMessageStartingWith("Unknown project in scope 'project:nope': there is no folder"
            + " projects/nope/. No project name is close to it " + PROJECTS
            + " Most recently updated: ")
        .hasMessageEndingWith("; the tree lists them all (qmd4j tree, the MCP tool tree,"
            + " GET /api/tree).");
  }

  // With no near name, a few real ones and how to list them all.
  @Test
  void unknownProjectWithNoNearNameNamesThreeRecentlyUpdatedOnes(@TempDir Path dir)
      throws IOException {
    Path copy = Fixtures.copyVault(dir.resolve("vault"));
    List<String> order = List.of("jardin-potager", "comptabilite", "startup-x");
    try (Stream<Path> files = Files.walk(copy)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        String rel = copy.relativize(f).toString().replace('\\', '/');
        int rank = order.indexOf(rel.startsWith("projects/") ? rel.split("/")[1] : "");
        Files.setLastModifiedTime(f, FileTime.from(Instant.parse("2025-01-01T00:00:00Z")
            .plusSeconds(rank < 0 ? 0 : 86_400L * (10 - rank))));
      }
    }
    try (Searcher s = SearchProviders.forVault(copy, Fixtures.memoryOptions())) {
      assertThatThrownBy(() -> s.search("x", "fast", "project:nope", null, null))
          .hasMessageEndingWith(PROJECTS + " Most recently updated: jardin-potager,"
              + " comptabilite, startup-x; the tree lists them all (qmd4j tree, the MCP tool"
              + " tree, GET /api/tree).");
    }
  }

  // The nearest names (prefix, then edits), at most 3, never the whole list.
  @Test
  void unknownProjectNamesTheNearestProjects() {
    assertThatThrownBy(() -> searcher.search("x", "fast", "project:startup", null, null))
        .hasMessage("Unknown project in scope 'project:startup': there is no folder"
            + " projects/startup/. Did you mean 'project:startup-x'? " + PROJECTS);
    assertThatThrownBy(() -> searcher.search("x", "fast", "project:jardin-potage", null, null))
        .hasMessageContaining("Did you mean 'project:jardin-potager'?");
    assertThatThrownBy(() -> searcher.search("x", "fast", "project:marathon-2052", null, null))
        .hasMessageContaining("Did you mean 'project:marathon-2025'?");
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(strings = {"project:Startup-X", "project:startup-x/", "project:STÂRTUP-X"})
  void aProjectDifferingByCaseAccentsOrASlashIsSuggested(String scope) {
    String name = scope.substring("project:".length());
    assertThatThrownBy(() -> searcher.search("décision", "fast", scope, null, null))
        .isInstanceOf(InvalidScopeException.class)
        .hasMessage("Unknown project in scope '" + scope + "': there is no folder projects/"
            + name + "/. Did you mean 'project:startup-x'? " + PROJECTS);
  }

  @Test
  void typedFacadeChecksTheProjectToo() {
    assertThatThrownBy(() -> searcher.tasks(org.qmd4j.notes.NoteQuery.newBuilder(Kind.TASKS)
            .project("Startup-X").build()))
        .isInstanceOf(InvalidScopeException.class)
        .hasMessageContaining("Did you mean 'project:startup-x'?");
  }

  @Test
  void anExistingProjectWithNoMatchIsEmptyNotAnError() {
    assertThat(searcher.search("zanzibar", "fast", "project:jardin-potager", null, null))
        .isEmpty();
  }

  @Test
  void aVaultWithoutProjectsSaysSo(@TempDir Path vault) throws Exception {
    Files.writeString(vault.resolve("tasks.md"), "# tâche\n");
    try (Searcher s = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
      assertThatThrownBy(() -> s.search("tâche", "fast", "project:x", null, null))
          .isInstanceOf(InvalidScopeException.class)
          .hasMessage("Unknown project in scope 'project:x': this vault has no project folder"
              + " (projects/<name>/); leave the scope out or use one of: "
              + Scope.VALID_SCOPES);
    }
  }

  private static List<SearchResult> wildcard(String scope) {
    return searcher.search(SearchRequest.of("*").withScope(Scope.parse(scope)).withLimit(1000));
  }

  // --- dates --------------------------------------------------------------------------------

  @Test
  void changelogChunksAreDatedByTheirDay() {
    List<SearchResult> results = searcher.search("[décision]", "fast", "all-changelogs",
        "2025-08-01", "2025-08-31");
    assertThat(results).isNotEmpty();
    assertThat(results).allSatisfy(r -> assertThat(r.chunk()).containsPattern("# 2025-08-\\d\\d"));
  }

  @Test
  void otherFilesAreDatedByUpdatedNeverByCreatedOrDeadline() {
    // Root tasks.md: created 2025-01-01, updated 2025-09-12, a deadline 2025-09-20.
    assertThat(paths(searcher.search("*", "fast", "all-tasks", "2025-09-12", "2025-09-12")))
        .contains("tasks.md");
    assertThat(paths(searcher.search("*", "fast", "all-tasks", "2025-01-01", "2025-01-01")))
        .doesNotContain("tasks.md");
    assertThat(paths(searcher.search("*", "fast", "all-tasks", "2025-09-20", "2025-09-20")))
        .doesNotContain("tasks.md");
  }

  @Test
  void filesWithoutUsableUpdatedAreExcludedOnlyWhenADateIsGiven() {
    for (String q : List.of("honoraires", "robinetterie", "liens")) {
      assertThat(search(q)).as(q).isNotEmpty();
      assertThat(searcher.search(q, "fast", null, "2000-01-01", null)).as(q)
          .noneSatisfy(r -> assertThat(r.path()).isIn("projects/client-dupont/state.md",
              "projects/renovation-maison/bucket/devis-plombier.md", "bucket/liens-utiles.md"));
    }
  }

  @Test
  void quotedUpdatedCounts() {
    assertThat(paths(searcher.search("TVA", "fast", "all-states", "2025-09-10", "2025-09-10")))
        .containsExactly("projects/comptabilite/state.md");
  }

  @Test
  void relativeDatesResolveAgainstTheClock() {
    // Today is 2025-09-15; root tasks.md was updated 2025-09-12.
    assertThat(paths(searcher.search("*", "fast", "all-tasks", "3 days ago", "today")))
        .contains("tasks.md");
    assertThat(paths(searcher.search("*", "fast", "all-tasks", "2 days ago", null)))
        .doesNotContain("tasks.md");
    assertThat(paths(searcher.search("*", "fast", "all-tasks", "yesterday", null))).isEmpty();
  }

  // --- errors -------------------------------------------------------------------------------

  @Test
  void dateFromAfterDateToShowsBothResolvedDates() {
    assertThatThrownBy(() -> searcher.search("x", "fast", null, "yesterday", "1 week ago"))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageContaining("2025-09-14")
        .hasMessageContaining("2025-09-08")
        .hasMessageContaining("after");
  }

  @ParameterizedTest
  @ValueSource(strings = {"next tuesday", "2025-13-45", "2025-02-30"})
  void badDatesAreQuoted(String date) {
    assertThatThrownBy(() -> searcher.search("x", "fast", null, date, null))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageContaining("'" + date + "'")
        .hasMessageContaining("2025-07-14")
        .hasMessageContaining("ago");
  }

  @Test
  void badInputIsATypedErrorOfOneFamily() {
    assertThatThrownBy(() -> searcher.search("  ", "fast", null, null, null))
        .isInstanceOf(InvalidQueryException.class).hasMessageContaining("empty");
    assertThatThrownBy(() -> searcher.search("x", "turbo", null, null, null))
        .isInstanceOf(InvalidModeException.class)
        .hasMessageContaining("turbo").hasMessageContaining("fast").hasMessageContaining("deep");
    assertThatThrownBy(() -> searcher.search("x", "fast", "everything", null, null))
        .isInstanceOf(InvalidScopeException.class)
        .hasMessageContaining("everything").hasMessageContaining("all-descriptions")
        .hasMessageContaining("project:<name>");
    assertThatThrownBy(() -> searcher.search("x", "fast", "project:", null, null))
        .isInstanceOf(InvalidScopeException.class).hasMessageContaining("project name");
  }

  @Test
  void missingVaultIsATypedError(@TempDir Path tmp) {
    assertThatThrownBy(() -> SearchProviders.forVault(tmp.resolve("nope"),
        Fixtures.memoryOptions()))
        .isInstanceOf(VaultNotFoundException.class)
        .hasMessageContaining("does not exist").hasMessageContaining("nope");
  }

  @Test
  void emptyOrUnindexedVaultGivesNoResult(@TempDir Path tmp) throws IOException {
    try (Searcher empty = SearchProviders.forVault(tmp, Fixtures.memoryOptions())) {
      assertThat(empty.search("décision")).isEmpty();
      assertThat(empty.search("*")).isEmpty();
    }
    Files.writeString(tmp.resolve("overview.md"), "# décision\n");
    Files.createDirectories(tmp.resolve("inbox"));
    Files.writeString(tmp.resolve("inbox/a.md"), "# décision\n");
    try (Searcher unindexed = SearchProviders.forVault(tmp,
        Fixtures.memoryOptions().withLayout(LayoutChoice.PROJECTS))) {
      assertThat(unindexed.search("décision")).isEmpty();
      assertThat(unindexed.nothingIndexed()).isPresent();
    }
    // Read as it is detected, a folder without projects is a folder of notes.
    try (Searcher notes = SearchProviders.forVault(tmp, Fixtures.memoryOptions())) {
      assertThat(notes.search("décision")).extracting(SearchResult::path)
          .containsExactlyInAnyOrder("inbox/a.md", "overview.md");
    }
  }

  @Test
  void punctuationOnlyQueryMatchesNothing() {
    assertThat(search("--- !!")).isEmpty();
  }

  // --- deep ---------------------------------------------------------------------------------

  @Test
  void deepWithoutQmdFusesKeywordListsAndSaysSo() {
    List<SearchResult> results = searcher.search(
        SearchRequest.of("abandonner l'API").withMode(Mode.DEEP).withLimit(10));
    assertThat(results).isNotEmpty().hasSizeLessThanOrEqualTo(10);
    assertThat(results.get(0).chunk()).contains("Abandon de l'API externe");
    assertThat(results).allSatisfy(r -> {
      assertThat(r.matchType()).isEqualTo(MatchType.KEYWORD);
      assertThat(r.score()).isBetween(0.0, 1.0);
    });
  }

  @Test
  void deepRespectsScopeAndDates() {
    List<SearchResult> results = searcher.search("décision", "deep", "project:comptabilite",
        "2025-06-01", null);
    assertThat(results).isNotEmpty()
        .allSatisfy(r -> assertThat(r.path()).startsWith("projects/comptabilite/"));
  }

  @Test
  void describeSaysWhichEngineAndWhy() {
    EngineDescription d = searcher.describe();
    assertThat(d.engine()).isEqualTo("embedded");
    assertThat(d.reason()).contains("embedded engine was requested");
    assertThat(d.indexLocation()).isEqualTo("memory");
  }
}
