package org.qmd4j.qmd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Mode;
import org.qmd4j.search.QmdFailedException;
import org.qmd4j.search.QmdOutputException;
import org.qmd4j.search.QmdTimeoutException;
import org.qmd4j.search.QmdUnavailableException;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.ProcessRequest;
import org.qmd4j.spi.ProcessResult;
import org.qmd4j.spi.QmdOptions;

/**
 * The qmd engine against qmd 2.8.3's recorded answers on the example vault: setup,
 * the exact command lines and environment, chunk mapping, filters, failures and the
 * fallback policy. No process runs: {@link RecordedQmd} replays the recordings.
 */
class QmdEngineTest {
  @TempDir Path tmp;
  private Path vault;
  private Path binary;
  private RecordedQmd qmd;

  @BeforeEach
  void setUp() throws IOException {
    vault = Fixtures.vault().toRealPath();
    binary = RecordedQmd.placeholderBinary(tmp);
    qmd = new RecordedQmd(vault);
  }

  private SearchOptions options(QmdOptions.FailurePolicy policy) {
    return SearchOptions.DEFAULT
        .withEngine(EngineChoice.QMD)
        .withCacheDir(tmp.resolve("cache"))
        .withInMemoryIndex(true) // for the embedded engine of the fallback policy
        .withClock(Fixtures.CLOCK)
        // qmd's models are looked for here: empty unless a test adds them.
        .withEnvironment(Map.of("XDG_CACHE_HOME", tmp.resolve("xdg").toString()))
        .withQmd(QmdOptions.DEFAULT.withLocator(() -> Optional.of(binary)).withRunner(qmd)
            .withOnFailure(policy));
  }

  private Searcher open() {
    return SearchProviders.forVault(vault, options(QmdOptions.FailurePolicy.FAIL));
  }

  private List<SearchResult> search(SearchRequest request) {
    try (Searcher searcher = open()) {
      return searcher.search(request);
    }
  }

  private List<SearchResult> search(String query) {
    return search(SearchRequest.of(query));
  }

  private List<String> lastSearchArgv() {
    List<List<String>> searches = qmd.argvs("search");
    assertThat(searches).as("qmd search runs").isNotEmpty();
    return searches.get(searches.size() - 1);
  }

  private void addModels() throws IOException {
    Path models = Files.createDirectories(tmp.resolve("xdg/qmd/models"));
    for (String name : List.of("hf_ggml-org_embeddinggemma-300M-Q8_0.gguf",
        "hf_tobil_qmd-query-expansion-1.7B-q4_k_m.gguf",
        "hf_ggml-org_qwen3-reranker-0.6b-q8_0.gguf")) {
      Files.write(models.resolve(name), new byte[] {'G', 'G', 'U', 'F'});
    }
  }

  /** The H1 day above {@code line} in a changelog. */
  private String dayOf(String path, LineRange lines) {
    try {
      List<String> text = Files.readAllLines(vault.resolve(path));
      for (int i = lines.from() - 1; i >= 0; i--) {
        if (text.get(i).matches("# \\d{4}-\\d\\d-\\d\\d")) return text.get(i).substring(2);
      }
      return "none";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // --- detection -----------------------------------------------------------------------------

  @Test
  void qmdOlderThan2IsRefusedWhenRequiredAndPassedOverOnAuto() {
    qmd.on("--version", r -> RecordedQmd.ok("qmd 0.9.0\n"));
    assertThatThrownBy(this::open)
        .isInstanceOf(QmdUnavailableException.class)
        .hasMessage("The qmd engine cannot run: qmd at " + binary + " is version 0.9.0; qmd4j "
            + "needs 2.x (npm install @tobilu/qmd with Node 22 or later)");
    try (Searcher auto = SearchProviders.forVault(vault,
        options(QmdOptions.FailurePolicy.FAIL).withEngine(EngineChoice.AUTO))) {
      assertThat(auto.describe().engine()).isEqualTo("embedded");
      assertThat(auto.describe().reason()).contains("is version 0.9.0; qmd4j needs 2.x");
    }
    assertThat(qmd.argvs()).containsExactly(List.of("--version"));
  }

  @Test
  void qmdCrashingAtStartIsRefused() {
    qmd.on("--version", r -> RecordedQmd.result(139, "", "Segmentation fault\n"));
    assertThatThrownBy(this::open)
        .isInstanceOf(QmdUnavailableException.class)
        .hasMessage("The qmd engine cannot run: qmd at " + binary + " crashed at start (exit 139;"
            + " qmd 2.x needs Node 22 or later): Segmentation fault");
  }

  @Test
  void fallbackVariableForcesTheEmbeddedEngine() {
    try (Searcher searcher = SearchProviders.forVault(vault, options(QmdOptions.FailurePolicy.FAIL)
        .withEnvironment(Map.of(SearchProviders.FALLBACK_ENV, "1")))) {
      assertThat(searcher.describe().engine()).isEqualTo("embedded");
      assertThat(searcher.describe().reason())
          .isEqualTo("QMD4J_SEARCH_FALLBACK=1 forces the embedded engine");
    }
    assertThat(qmd.argvs()).isEmpty();
  }

  // --- setup ---------------------------------------------------------------------------------

  @Test
  void firstOpenCreatesTheCollectionInThePrivateIndex() {
    try (Searcher searcher = open()) {
      assertThat(searcher.describe().engine()).isEqualTo("qmd");
      assertThat(searcher.describe().reason()).startsWith("qmd 2.8.3 found at " + binary);
    }
    assertThat(qmd.argvs()).containsExactly(
        List.of("--version"),
        List.of("collection", "show", "qmd4j"),
        List.of("collection", "add", vault.toString(), "--name", "qmd4j", "--mask",
            org.qmd4j.vault.VaultLayout.PROJECTS.mask()));
  }

  @Test
  void secondOpenRunsNoQmdCommand() {
    open().close();
    qmd.clear();
    try (Searcher searcher = open()) {
      assertThat(qmd.argvs()).as("collection known from index.yml and stamps").isEmpty();
      searcher.search(SearchRequest.of("webhook"));
    }
    assertThat(qmd.argvs()).hasSize(1);
    assertThat(qmd.argvs().get(0).get(0)).isEqualTo("search");
  }

  @Test
  void deletedIndexIsUpdatedBeforeTheNextSearch() throws IOException {
    // qmd answers [] from a new empty index until `qmd update`: never a silent empty answer.
    // A running searcher rebuilds it as a damaged one (a resident session would go on reading
    // the deleted file): the collection checked, the vault indexed, then the search.
    Path index;
    try (Searcher searcher = open()) {
      index = Path.of(searcher.describe().indexLocation());
      Files.delete(index);
      qmd.clear();
      searcher.search(SearchRequest.of("webhook"));
    }
    assertThat(qmd.argvs()).extracting(a -> a.get(0))
        .containsExactly("collection", "update", "search");
    Files.delete(index);
    qmd.clear();
    open().close();
    assertThat(qmd.argvs()).containsExactly(
        List.of("collection", "show", "qmd4j"), List.of("update"));
  }

  @Test
  void aNoteDeletedWhileQmdUpdatesIsNotTakenForADamagedIndex() throws IOException {
    // The vault is walked before `qmd update`; a note deleted between that walk and qmd's own
    // leaves qmd one document short of the walk. That is a change the next search sees, not
    // an index emptied behind our back: no warning, no second update.
    vault = Fixtures.copyVault(tmp.resolve("copy")).toRealPath();
    qmd = new RecordedQmd(vault);
    try (Searcher searcher = open()) {
      assertThat(searcher.search(SearchRequest.of("webhook"))).isNotEmpty();
      Files.writeString(vault.resolve("changelog.md"), "\n# 2026-11-28\n\n- edited\n",
          java.nio.file.StandardOpenOption.APPEND);
      Path deleted = vault.resolve("bucket/liens-utiles.md");
      qmd.on("update", r -> {
        try {
          Files.deleteIfExists(deleted); // after qmd4j's walk, before qmd's
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        return RecordedQmd.ok("");
      });
      String list = Files.readString(RecordedQmd.DIR.resolve("collection-list.txt"))
          .replace("Files:    58", "Files:    57");
      qmd.on("collection list", r -> RecordedQmd.ok(list));
      qmd.on("search", r -> RecordedQmd.ok("[]"));
      qmd.clear();
      assertThat(searcher.search(SearchRequest.of("nothing matches"))).isEmpty();
      // Taken for damage, it would re-index and search "nothing matches" a second time.
      assertThat(qmd.argvs("search")).filteredOn(a -> a.contains("nothing matches")).hasSize(1);
    }
  }

  @Test
  void existingCollectionIsUpdatedNotRecreated() {
    qmd.withCollection();
    open().close();
    assertThat(qmd.argvs()).containsExactly(
        List.of("--version"), List.of("collection", "show", "qmd4j"), List.of("update"));
  }

  @Test
  void collectionOfAnotherFolderIsRecreatedForThisVault() {
    qmd.withCollection().on("collection show", r -> RecordedQmd.ok(
        "Collection: qmd4j\n  Path:     /somewhere/else\n  Pattern:  **/*.md\n"));
    open().close();
    assertThat(qmd.argvs()).containsSubsequence(
        List.of("collection", "remove", "qmd4j"),
        List.of("collection", "add", vault.toString(), "--name", "qmd4j", "--mask",
            org.qmd4j.vault.VaultLayout.PROJECTS.mask()));
  }

  @Test
  void failingCollectionAddIsQmdFailedException() {
    qmd.on("collection add", r -> RecordedQmd.result(1, "",
        "Collection path does not exist.\n  Received: " + vault + "\n"));
    assertThatThrownBy(this::open)
        .isInstanceOf(QmdFailedException.class)
        .hasMessage("qmd collection add failed with exit code 1 (Collection path does not "
            + "exist); run qmd4j doctor, or use the embedded engine")
        .satisfies(e -> assertThat(((QmdFailedException) e).exitCode()).isEqualTo(1));
  }

  @Test
  void missingCollectionInAnAttachedIndexIsQmdFailedException() {
    SearchOptions attached = options(QmdOptions.FailurePolicy.FAIL);
    attached = attached.withQmd(attached.qmd().withAttachedIndex(tmp.resolve("their.sqlite"),
        tmp.resolve("their-config"), "notes"));
    SearchOptions options = attached;
    assertThatThrownBy(() -> SearchProviders.forVault(vault, options))
        .isInstanceOf(QmdFailedException.class)
        .hasMessage("Collection 'notes' does not exist in the attached qmd index "
            + tmp.resolve("their.sqlite") + " (Collection not found: notes); add it with qmd "
            + "collection add, or name an existing one");
    assertThat(qmd.argvs()).as("an attached index is never changed")
        .containsExactly(List.of("--version"), List.of("collection", "show", "notes"));
  }

  // --- the command line and its environment ----------------------------------------------------

  @Test
  void fastSearchPassesTheQueryAloneAfterDoubleDash() {
    search("webhook");
    // One more than the limit (20): the answer then knows whether more results exist.
    assertThat(lastSearchArgv())
        .containsExactly("search", "-c", "qmd4j", "--json", "-n", "21", "--", "webhook");
  }

  @Test
  void filteredSearchAsksQmdForMoreDocumentsThanTheLimit() {
    search(SearchRequest.of("décision").withScope(Scope.parse("all-changelogs")).withLimit(5));
    assertThat(lastSearchArgv()).containsExactly(
        "search", "-c", "qmd4j", "--json", "-n", "50", "--", "décision");
    search(SearchRequest.of("décision").withFrom(DateSpec.parse("2025-07-01")).withLimit(30));
    assertThat(lastSearchArgv()).containsSequence("-n", "155"); // 5 × (30 + 1)
  }

  @Test
  void newlinesInTheQueryBecomeSpaces() {
    search("factures\nimpayées");
    search("factures\r\nimpayées");
    assertThat(qmd.argvs("search")).extracting(a -> a.get(a.size() - 1))
        .containsExactly("factures impayées", "factures impayées");
  }

  @Test
  void stopWordsAreRemovedBeforeQmdSearch() {
    // qmd search ANDs every word: "les" and "du" would make a natural sentence match nothing.
    List<SearchResult> results = search("les factures impayées du");
    assertThat(lastSearchArgv()).endsWith("--", "factures impayées");
    assertThat(results).isNotEmpty();
  }

  @Test
  void quotedPhraseReachesQmdWholeWithItsStopWords() {
    qmd.on("search", r -> RecordedQmd.ok("[]"));
    search("\"la salle de bains\" du projet");
    assertThat(lastSearchArgv()).endsWith("--", "\"la salle de bains\" projet");
  }

  @Test
  void fastSearchIsKeywordMatching() {
    assertThat(search("webhook")).isNotEmpty()
        .allSatisfy(r -> assertThat(r.matchType()).isEqualTo(MatchType.KEYWORD));
  }

  @Test
  void deepSearchRunsQmdQueryWithStopWordsKept() throws IOException {
    addModels();
    List<SearchResult> results =
        search(SearchRequest.of("factures impayées").withMode(Mode.DEEP));
    assertThat(qmd.argvs("query")).containsExactly(List.of(
        "query", "-c", "qmd4j", "--json", "-n", "21", "--", "factures impayées"));
    assertThat(results).isNotEmpty()
        .allSatisfy(r -> assertThat(r.matchType()).isEqualTo(MatchType.HYBRID));
  }

  @Test
  void deepSearchWithoutModelsAnswersFromTheEmbeddedEngineMarkedDegraded() {
    List<SearchResult> results = search(SearchRequest.of("décision").withMode(Mode.DEEP));
    assertThat(results).isNotEmpty().allSatisfy(r -> {
      assertThat(r.degraded()).contains("qmd's models are missing; run `qmd pull` (about 2 GB)"
          + " for qmd's deep search");
      assertThat(r.matchType()).isEqualTo(MatchType.KEYWORD);
    });
    assertThat(results.get(0).chunk()).containsIgnoringCase("décision");
    assertThat(qmd.argvs("query")).as("qmd query would hang downloading them").isEmpty();
  }

  @Test
  void deepSearchUsesQmdAgainOnceTheModelsArePulled() throws IOException {
    try (Searcher searcher = open()) {
      assertThat(searcher.search(SearchRequest.of("webhook").withMode(Mode.DEEP)))
          .allSatisfy(r -> assertThat(r.degraded()).isPresent());
      addModels();
      assertThat(searcher.search(SearchRequest.of("webhook").withMode(Mode.DEEP))).isNotEmpty()
          .allSatisfy(r -> {
            assertThat(r.degraded()).isEmpty();
            assertThat(r.matchType()).isEqualTo(MatchType.HYBRID);
          });
    }
  }

  @Test
  void fastSearchWithoutModelsStaysOnQmd() {
    assertThat(search("webhook")).isNotEmpty()
        .allSatisfy(r -> assertThat(r.degraded()).isEmpty());
    assertThat(qmd.argvs("search")).isNotEmpty();
  }

  @Test
  void qmdRunsInThePrivateIndexWithItsFolderFirstOnPath() throws IOException {
    Path index;
    try (Searcher searcher = open()) {
      searcher.search(SearchRequest.of("webhook"));
      index = Path.of(searcher.describe().indexLocation());
    }
    Path state = index.getParent();
    assertThat(state).startsWith(tmp.resolve("cache"));
    assertThat(index.getFileName().toString()).isEqualTo("index.sqlite");
    for (ProcessRequest r : qmd.requests()) {
      assertThat(r.environment().get("PATH"))
          .startsWith(binary.getParent() + java.io.File.pathSeparator);
      if (r.command().get(1).equals("--version")) continue; // the probe runs before any index
      assertThat(r.command().get(0)).isEqualTo(binary.toString());
      assertThat(r.environment()).containsEntry("INDEX_PATH", index.toString())
          .containsEntry("QMD_CONFIG_DIR", state.resolve("config").toString())
          // qmd loads its models from the folder that qmd4j checked
          .containsEntry("XDG_CACHE_HOME", tmp.resolve("xdg").toString());
      assertThat(r.workingDirectory()).isEqualTo(state);
    }
  }

  @Test
  void aProjectConfigAboveTheStateFolderMovesTheWorkingFolder() throws IOException {
    Path project = tmp.resolve("project");
    Files.createDirectories(project.resolve(".qmd"));
    Files.writeString(project.resolve(".qmd/index.yml"), "collections: {}\n");
    Path state = Files.createDirectories(project.resolve("state"));
    assertThat(QmdCommands.safeWorkingDir(state))
        .isEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
    assertThat(QmdCommands.safeWorkingDir(tmp.resolve("cache"))).isEqualTo(tmp.resolve("cache"));
  }

  // --- chunk mapping: qmd ranks documents, qmd4j ranks their chunks ------------------------------

  @Test
  void unaccentedQueryWhoseQmdLineIsOneStillFindsTheDecisionEntries() {
    // qmd's line finder compares accents literally, so "decision" gets line 1
    // (the 2025-09-08 day, which holds no decision) for startup-x's changelog.
    assertThat(RecordedQmd.recordedSearch("decision"))
        .contains("\"file\": \"qmd://qmd4j/projects/startup-x/changelog.md\",\n    \"line\": 1,");
    List<SearchResult> startupX = search("decision").stream()
        .filter(r -> r.path().equals("projects/startup-x/changelog.md"))
        .collect(Collectors.toList());
    assertThat(startupX).extracting(r -> r.chunk().lines().findFirst().orElse(""))
        .contains("## [décision] Abandon de l'API externe",
            "## [décision] Geler les nouvelles fonctionnalités jusqu'à fin août",
            "## [décision] Recruter un dev backend en CDI plutôt qu'un freelance");
    assertThat(startupX).anySatisfy(r ->
        assertThat(r.chunk()).contains("## [décision] On reste sur PostgreSQL"));
    assertThat(startupX).allSatisfy(r -> assertThat(r.chunk()).containsIgnoringCase("décision"));
    assertThat(startupX).noneSatisfy(r -> assertThat(r.lines().contains(1)).isTrue());
  }

  @Test
  void changelogDocumentYieldsEachMatchingEntryAsItsOwnChunk() {
    List<SearchResult> results = search("décision");
    List<LineRange> startupX = results.stream()
        .filter(r -> r.path().equals("projects/startup-x/changelog.md"))
        .map(SearchResult::lines).collect(Collectors.toList());
    assertThat(startupX).hasSizeGreaterThanOrEqualTo(4).doesNotHaveDuplicates()
        .contains(new LineRange(23, 27), new LineRange(42, 44), new LineRange(61, 63));
  }

  @Test
  void dateFilterAppliesToEachChunkNotToQmdsLine() {
    // The entry of 2025-07-14 is not at qmd's line 1; keeping only that line's chunk would
    // leave nothing once the date filter applies.
    List<SearchResult> results = search(SearchRequest.of("decision")
        .withFrom(DateSpec.parse("2025-07-14")).withTo(DateSpec.parse("2025-07-14")));
    assertThat(results).extracting(SearchResult::path)
        .containsOnly("projects/startup-x/changelog.md");
    assertThat(results).hasSize(3).allSatisfy(r ->
        assertThat(dayOf(r.path(), r.lines())).isEqualTo("2025-07-14"));
    assertThat(results.get(0).chunk()).startsWith("## [décision] Abandon de l'API externe");
  }

  @Test
  void dateFilterUsesUpdatedOutsideChangelogs() {
    List<SearchResult> results = search(SearchRequest.of("2025-07-14")
        .withFrom(DateSpec.parse("2025-07-14")).withTo(DateSpec.parse("2025-07-14")));
    assertThat(results).extracting(SearchResult::path)
        .contains("projects/startup-x/bucket/idees/pricing-freemium.md",
            "projects/startup-x/changelog.md", "projects/renovation-maison/changelog.md")
        // It names the day in an entry of 2025-07-15: the entry's own date decides.
        .doesNotContain("projects/comptabilite/changelog.md");
    assertThat(results).filteredOn(r -> r.path().endsWith("changelog.md"))
        .allSatisfy(r -> assertThat(dayOf(r.path(), r.lines())).isEqualTo("2025-07-14"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"project:startup-x", "all-changelogs", "all-tasks", "all-states",
      "all-buckets", "all-descriptions"})
  void scopeAppliesToEachChunk(String scopeName) {
    Scope scope = Scope.parse(scopeName);
    // One searcher for the eight searches, as an application holds one: opening it (and qmd's
    // update) is most of what a search costs here.
    try (Searcher searcher = open()) {
      for (String query : List.of("décision", "bloqué", "api", "2025-07-14")) {
        List<SearchResult> all = searcher.search(SearchRequest.of(query).withLimit(100));
        List<SearchResult> scoped =
            searcher.search(SearchRequest.of(query).withScope(scope).withLimit(100));
        assertThat(scoped).as(query + " in " + scopeName)
            .allSatisfy(r -> assertThat(inScope(scopeName, r.path())).as(r.path()).isTrue())
            .containsExactlyElementsOf(all.stream().filter(r -> inScope(scopeName, r.path()))
                .collect(Collectors.toList()));
      }
    }
  }

  private static boolean inScope(String scope, String path) {
    switch (scope) {
      case "project:startup-x": return path.startsWith("projects/startup-x/");
      case "all-changelogs": return path.endsWith("changelog.md");
      case "all-tasks": return path.endsWith("tasks.md");
      case "all-states": return path.matches("projects/[^/]+/state\\.md");
      case "all-buckets": return path.matches("(projects/[^/]+/)?bucket/.*");
      case "all-descriptions": return path.matches("projects/[^/]+/description\\.md");
      default: throw new AssertionError(scope);
    }
  }

  @Test
  void limitIsHonouredAcrossDocuments() {
    assertThat(search(SearchRequest.of("décision").withLimit(100)).size()).isGreaterThan(15);
    assertThat(search(SearchRequest.of("décision").withLimit(3))).hasSize(3);
    assertThat(search(SearchRequest.of("décision").withLimit(1))).hasSize(1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"décision", "decision", "[décision]", "bloqué", "status bloqué",
      "factures impayées", "webhook", "2025-07-14", "api"})
  void scoresAreInUnitRangeAndDescending(String query) {
    List<SearchResult> results = search(SearchRequest.of(query).withLimit(100));
    assertThat(results).as(query).isNotEmpty()
        .allSatisfy(r -> assertThat(r.score()).isBetween(0.0, 1.0))
        .isSortedAccordingTo(Comparator.comparingDouble(SearchResult::score).reversed());
  }

  @Test
  void twoWordQueryRanksChunksHoldingBothWordsFirst() {
    List<SearchResult> results = search(SearchRequest.of("status bloqué").withLimit(100));
    assertThat(results.get(0).chunk()).contains("status: bloqué");
    assertThat(results).filteredOn(r -> r.path().endsWith("tasks.md")).isNotEmpty()
        .allSatisfy(r -> assertThat(r.path()).endsWith("tasks.md"));
  }

  @Test
  void noMatchIsAnEmptyListAfterAskingQmd() {
    assertThat(search("zanzibar")).isEmpty();
    assertThat(lastSearchArgv()).endsWith("--", "zanzibar");
  }

  @Test
  void wildcardIsAnsweredWithoutQmd() {
    List<SearchResult> results =
        search(SearchRequest.of("*").withScope(Scope.parse("all-states")).withLimit(100));
    assertThat(results).hasSize(7)
        .allSatisfy(r -> assertThat(r.matchType()).isEqualTo(MatchType.WILDCARD));
    assertThat(qmd.argvs("search")).isEmpty();
  }

  @Test
  void documentDeletedSinceTheUpdateIsSkipped(@TempDir Path copy) throws IOException {
    vault = Fixtures.copyVault(copy).toRealPath();
    qmd = new RecordedQmd(vault);
    try (Searcher searcher = open()) {
      Files.delete(vault.resolve("projects/startup-x/changelog.md"));
      List<SearchResult> results = searcher.search(SearchRequest.of("webhook"));
      assertThat(results).isEmpty(); // qmd still names the file: nothing to map it to
    }
  }

  // --- freshness -------------------------------------------------------------------------------

  @Test
  void editedVaultIsUpdatedBeforeTheSearch(@TempDir Path copy) throws IOException {
    vault = Fixtures.copyVault(copy).toRealPath();
    qmd = new RecordedQmd(vault);
    try (Searcher searcher = open()) {
      searcher.search(SearchRequest.of("webhook"));
      assertThat(qmd.argvs("update")).as("unchanged vault").isEmpty();
      Path tasks = vault.resolve("tasks.md");
      Files.writeString(tasks, Files.readString(tasks) + "\n# Nouvelle tâche webhook\n");
      searcher.search(SearchRequest.of("webhook"));
    }
    List<List<String>> argvs = qmd.argvs();
    assertThat(argvs.subList(argvs.size() - 2, argvs.size())).extracting(a -> a.get(0))
        .containsExactly("update", "search");
  }

  @Test
  void autoRefreshOffRunsNoUpdate(@TempDir Path copy) throws IOException {
    vault = Fixtures.copyVault(copy).toRealPath();
    qmd = new RecordedQmd(vault);
    SearchOptions options = options(QmdOptions.FailurePolicy.FAIL);
    options = options.withQmd(options.qmd().withAutoRefresh(false));
    try (Searcher searcher = SearchProviders.forVault(vault, options)) {
      Files.setLastModifiedTime(vault.resolve("tasks.md"), FileTime.from(Instant.now()));
      searcher.search(SearchRequest.of("webhook"));
    }
    assertThat(qmd.argvs("update")).isEmpty();
  }

  // --- failures --------------------------------------------------------------------------------

  @Test
  void failingSearchIsQmdFailedExceptionWithExitCodeAndStderrTail() {
    qmd.on("search", r -> RecordedQmd.result(1, "",
        "SqliteError: database is locked\n    at Database.prepare\n"));
    assertThatThrownBy(() -> search("webhook"))
        .isInstanceOf(QmdFailedException.class)
        .hasMessage("qmd search failed with exit code 1 (database is locked); run qmd4j "
            + "doctor, or use the embedded engine")
        .satisfies(e -> {
          assertThat(((QmdFailedException) e).exitCode()).isEqualTo(1);
          assertThat(((QmdFailedException) e).stderrTail()).startsWith("SqliteError");
        });
  }

  @Test
  void longStderrIsCutToItsTail() {
    String noise = "x".repeat(5_000) + "\nthe real error\n";
    qmd.on("search", r -> RecordedQmd.result(2, "", noise));
    assertThatThrownBy(() -> search("webhook"))
        .isInstanceOf(QmdFailedException.class)
        .hasMessage("qmd search failed with exit code 2 (the real error); run qmd4j doctor, "
            + "or use the embedded engine")
        .satisfies(e -> assertThat(((QmdFailedException) e).stderrTail())
            .startsWith("…").endsWith("xxx\nthe real error").hasSizeLessThan(600));
  }

  @Test
  void timeoutIsQmdTimeoutException() {
    qmd.on("search", r -> new ProcessResult(-1, new byte[0], new byte[0], true, false,
        Duration.ofSeconds(10)));
    assertThatThrownBy(() -> search("webhook"))
        .isInstanceOf(QmdTimeoutException.class)
        .hasMessage("qmd search did not finish within 10 s and was killed (with its child "
            + "processes)");
  }

  @Test
  void outputPastTheCapIsQmdOutputException() {
    qmd.on("search", r -> new ProcessResult(0, "[{".getBytes(), new byte[0], false, true,
        Duration.ofSeconds(1)));
    assertThatThrownBy(() -> search("webhook"))
        .isInstanceOf(QmdOutputException.class)
        .hasMessage("qmd search printed more than 16777216 bytes on stdout; its output was "
            + "not used");
  }

  @Test
  void garbageOutputIsQmdOutputException() {
    qmd.on("search", r -> RecordedQmd.ok("Expanding query... done\n"));
    assertThatThrownBy(() -> search("webhook"))
        .isInstanceOf(QmdOutputException.class)
        .hasMessageStartingWith("qmd printed output that is not JSON: 'Expanding query... done'");
  }

  @Test
  void outOfRangeScoresAreClamped() {
    qmd.on("search", r -> RecordedQmd.ok("[{\"file\": \"qmd://qmd4j/tasks.md\", \"score\": 1.7,"
        + " \"line\": 7}, {\"file\": \"qmd://qmd4j/projects/startup-x/tasks.md\","
        + " \"score\": -0.3, \"line\": 13}]"));
    List<SearchResult> results = search("status bloqué");
    assertThat(results).isNotEmpty()
        .allSatisfy(r -> assertThat(r.score()).isBetween(0.0, 1.0));
    assertThat(results.get(0).path()).isEqualTo("tasks.md");
    assertThat(results.get(0).score()).isEqualTo(1.0);
    // -0.3 counts as 0: that document's chunks rank last, in their band (every word or some).
    assertThat(results.get(results.size() - 1).path()).isEqualTo("projects/startup-x/tasks.md");
  }

  @Test
  void pathOutsideTheVaultIsQmdOutputException() {
    qmd.on("search", r -> RecordedQmd.ok(
        "[{\"file\": \"qmd://qmd4j/../../etc/passwd\", \"score\": 0.9}]"));
    assertThatThrownBy(() -> search("webhook"))
        .isInstanceOf(QmdOutputException.class)
        .hasMessage("qmd returned a path outside the vault: qmd://qmd4j/../../etc/passwd");
  }

  // --- failure policy ---------------------------------------------------------------------------

  @Test
  void fallbackPolicyAnswersFromTheEmbeddedEngineFlaggedDegraded() {
    qmd.on("search", r -> RecordedQmd.result(1, "", "SqliteError: database is locked\n"));
    List<SearchResult> results;
    try (Searcher searcher = SearchProviders.forVault(vault,
        options(QmdOptions.FailurePolicy.FALLBACK_TO_EMBEDDED))) {
      assertThat(searcher.describe().engine()).isEqualTo("qmd");
      results = searcher.search(SearchRequest.of("webhook"));
    }
    assertThat(results).isNotEmpty().allSatisfy(r -> assertThat(r.degraded()).contains(
        "qmd failed: qmd search failed with exit code 1 (database is locked); run qmd4j doctor,"
            + " or use the embedded engine"));
    assertThat(results.get(0).chunk()).contains("webhook");
  }

  @Test
  void fallbackPolicySaysTheModelsAreMissingRatherThanAFailure() {
    List<SearchResult> results;
    try (Searcher searcher = SearchProviders.forVault(vault,
        options(QmdOptions.FailurePolicy.FALLBACK_TO_EMBEDDED))) {
      results = searcher.search(SearchRequest.of("webhook").withMode(Mode.DEEP));
    }
    assertThat(results).isNotEmpty().allSatisfy(r -> assertThat(r.degraded())
        .contains("qmd's models are missing; run `qmd pull` (about 2 GB) for qmd's deep search"));
  }

  @Test
  void successfulSearchIsNotDegraded() {
    try (Searcher searcher = SearchProviders.forVault(vault,
        options(QmdOptions.FailurePolicy.FALLBACK_TO_EMBEDDED))) {
      assertThat(searcher.search(SearchRequest.of("webhook"))).isNotEmpty()
          .allSatisfy(r -> assertThat(r.degraded()).isEmpty());
    }
  }

  // --- doctor ----------------------------------------------------------------------------------

  @Test
  void diagnosticsNameBinaryVersionsIndexDocumentsAndModels() {
    Map<String, String> facts;
    String index;
    try (Searcher searcher = open()) {
      facts = searcher.diagnostics();
      index = searcher.describe().indexLocation();
    }
    assertThat(facts).containsEntry("engine", "qmd")
        .containsEntry("binary", binary.toString())
        .containsEntry("qmd version", "2.8.3")
        .containsEntry("node version", "v22.23.3")
        .containsEntry("index", index)
        .containsEntry("collection", "qmd4j (private)")
        .containsEntry("documents indexed", "58");
    assertThat(facts).containsEntry("deep search", "embedded (qmd's models are missing; run"
        + " `qmd pull` (about 2 GB) for qmd's deep search)");
    assertThat(facts.get("qmd models")).startsWith("missing [embeddinggemma-300m")
        .endsWith(" in " + tmp.resolve("xdg/qmd/models"));
    assertThat(facts.get("fast search")).contains("stop words are removed");
  }

  @Test
  void collectionShowMustNameTheVaultExactlyNotAPathThatStartsLikeIt() {
    String show = "Collection: qmd4j\n  Path:     /a/vault2\n  Pattern:  x\n";
    assertThat(QmdCollection.showsPath(show, Path.of("/a/vault"))).isFalse();
    assertThat(QmdCollection.showsPath(show, Path.of("/a/vault2"))).isTrue();
  }
}
