package org.qmd4j.qmd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.BinaryLocator;
import org.qmd4j.spi.ProcessRequest;
import org.qmd4j.spi.ProcessResult;
import org.qmd4j.spi.ProcessRunner;
import org.qmd4j.spi.QmdOptions;

/**
 * The qmd engine against the real qmd 2.x on PATH (CI installs 2.8.3), on a copy of the
 * example vault. Skipped, saying why, only when no usable qmd is found.
 *
 * <p>Everything qmd writes stays in temporary folders: the private index and config
 * ({@code INDEX_PATH}, {@code QMD_CONFIG_DIR}) under a temporary cache dir, and qmd's own
 * cache ({@code XDG_CACHE_HOME}, where its models live) in an empty temporary folder, so the
 * user's qmd index and models are neither used nor changed. Every qmd command run is
 * recorded and checked for that at the end.
 */
@Tag("qmd")
class QmdIntegrationTest {
  @TempDir static Path tmp;
  private static final List<ProcessRequest> RUNS = Collections.synchronizedList(new ArrayList<>());
  private static final ProcessRunner RECORDING = request -> {
    RUNS.add(request);
    return ProcessRunner.system().run(request);
  };
  private static QmdBinary qmd;
  private static Path vault;
  private static Searcher searcher;

  /** The usable qmd on PATH, or why there is none: decided once, before any test. */
  private static final QmdBinary.Probe PROBE = BinaryLocator.fromEnvironment(System.getenv())
      .locate().map(path -> QmdBinary.probe(path, RECORDING))
      .orElse(new QmdBinary.Probe(Optional.empty(),
          "no qmd on PATH (.ci/run installs qmd 2.8.3 with Node 22)"));

  @BeforeAll
  static void open() throws IOException {
    if (PROBE.binary().isEmpty()) { // every test is skipped, saying why
      System.err.println("QmdIntegrationTest skipped: qmd 2.x not found on PATH: "
          + PROBE.problem());
      return;
    }
    qmd = PROBE.binary().get();
    vault = Fixtures.copyVault(Files.createDirectories(tmp.resolve("vault"))).toRealPath();
    searcher = SearchProviders.forVault(vault, options("shared"));
  }

  @BeforeEach
  void requireQmd() {
    Assumptions.assumeTrue(qmd != null, () -> "qmd 2.x not found on PATH: " + PROBE.problem());
  }

  @AfterAll
  static void closeAndCheckIsolation() {
    if (searcher != null) searcher.close();
    List<ProcessRequest> qmdRuns = RUNS.stream()
        .filter(r -> r.command().get(0).equals(qmd == null ? "" : qmd.path().toString()))
        .filter(r -> !r.command().get(1).equals("--version"))
        .collect(Collectors.toList());
    for (ProcessRequest r : qmdRuns) {
      for (String variable : List.of("INDEX_PATH", "QMD_CONFIG_DIR", "XDG_CACHE_HOME")) {
        assertThat(r.environment().get(variable)).as(variable + " of " + r.command())
            .isNotNull().startsWith(tmp.toString());
      }
    }
  }

  /** Options whose qmd index, config and cache all live under {@code tmp/name}. */
  private static SearchOptions options(String name) {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.remove("QMD4J_SEARCH_FALLBACK");
    env.remove(BinaryLocator.BINARY_ENV);
    env.put("XDG_CACHE_HOME", tmp.resolve(name).resolve("xdg-cache").toString());
    return SearchOptions.DEFAULT
        .withEngine(EngineChoice.QMD)
        .withCacheDir(tmp.resolve(name).resolve("cache"))
        .withInMemoryIndex(true)
        .withClock(Fixtures.CLOCK)
        .withEnvironment(env)
        .withQmd(QmdOptions.DEFAULT.withRunner(RECORDING));
  }

  private static List<SearchResult> search(SearchRequest request) {
    return searcher.search(request);
  }

  // --- setup ---------------------------------------------------------------------------------

  @Test
  void setupCreatesTheCollectionInAPrivateIndex() {
    assertThat(searcher.describe().engine()).isEqualTo("qmd");
    assertThat(searcher.describe().reason())
        .isEqualTo("qmd " + qmd.version() + " found at " + qmd.path() + " (requested)");
    Path index = Path.of(searcher.describe().indexLocation());
    assertThat(index).startsWith(tmp.resolve("shared/cache")).isRegularFile();
    assertThat(index.resolveSibling("config/index.yml")).content()
        .contains("qmd4j:", "path: " + vault);
    Map<String, String> facts = searcher.diagnostics();
    assertThat(facts).containsEntry("engine", "qmd")
        .containsEntry("binary", qmd.path().toString())
        .containsEntry("qmd version", qmd.version())
        .containsEntry("index", index.toString())
        .containsEntry("collection", "qmd4j (private)")
        .containsEntry("documents indexed", "58"); // the 59 indexed files but the empty one
    assertThat(facts.get("node version")).matches("v\\d+\\.\\d+\\.\\d+");
    assertThat(facts).containsEntry("deep search", "embedded (qmd's models are missing; run"
        + " `qmd pull` (about 2 GB) for qmd's deep search)");
    assertThat(facts.get("qmd models")).startsWith("missing [")
        .endsWith(" in " + tmp.resolve("shared/xdg-cache/qmd/models"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '\t', value = {
      "décision\tsearch-decision-accent.json", "decision\tsearch-decision.json",
      "status bloqué\tsearch-status-bloque.json", "2025-07-14\tsearch-date-2025-07-14.json",
      "zanzibar\tsearch-zanzibar.json"})
  void recordingsReplayedByUnitTestsAreWhatQmdAnswers(String query, String file)
      throws IOException {
    // The private index holds exactly the recording's 58 documents: same scores, same lines.
    Path index = Path.of(searcher.describe().indexLocation());
    Map<String, String> env = new HashMap<>(QmdCommands.pathWithBinaryDir(qmd.path()));
    env.put("INDEX_PATH", index.toString());
    env.put("QMD_CONFIG_DIR", index.resolveSibling("config").toString());
    env.put("XDG_CACHE_HOME", tmp.resolve("shared/xdg-cache").toString());
    ProcessResult r = RECORDING.run(new ProcessRequest(List.of(qmd.path().toString(),
        "search", "-c", "qmd4j", "--json", "-n", "20", "--", query), env, index.getParent(),
        Duration.ofSeconds(20), 1 << 20));
    assertThat(r.exitCode()).as(r.stderrText()).isZero();
    ObjectMapper json = new ObjectMapper();
    assertThat(summary(json.readTree(r.stdout())))
        .isEqualTo(summary(json.readTree(RecordedQmd.read(file))));
  }

  private static List<String> summary(JsonNode results) {
    List<String> out = new ArrayList<>();
    for (JsonNode n : results) {
      out.add(n.get("file").asText() + ":" + n.get("line").asInt() + " " + n.get("score"));
    }
    return out;
  }

  // --- search ----------------------------------------------------------------------------------

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(delimiter = '|', value = {
      "project:startup-x | décision",
      "all-states        | état",
      "all-changelogs    | décision",
      "all-tasks         | status bloqué",
      "all-buckets       | réunion",
      "all-descriptions  | objectif"})
  void everyScopeKeepsOnlyItsFiles(String scopeName, String query) {
    List<SearchResult> all = search(SearchRequest.of(query).withLimit(200));
    List<SearchResult> scoped =
        search(SearchRequest.of(query).withScope(Scope.parse(scopeName)).withLimit(200));
    assertThat(scoped).as(query + " in " + scopeName).isNotEmpty()
        .allSatisfy(r -> assertThat(inScope(scopeName, r.path())).as(r.path()).isTrue())
        .allSatisfy(r -> assertThat(r.matchType()).isEqualTo(MatchType.KEYWORD))
        .containsExactlyElementsOf(all.stream().filter(r -> inScope(scopeName, r.path()))
            .collect(Collectors.toList()));
  }

  private static boolean inScope(String scope, String path) {
    switch (scope) {
      case "project:startup-x": return path.startsWith("projects/startup-x/");
      case "all-changelogs": return path.matches("(projects/[^/]+/)?changelog\\.md");
      case "all-tasks": return path.matches("(projects/[^/]+/)?tasks\\.md");
      case "all-states": return path.matches("projects/[^/]+/state\\.md");
      case "all-buckets": return path.matches("(projects/[^/]+/)?bucket/.*");
      case "all-descriptions": return path.matches("projects/[^/]+/description\\.md");
      default: throw new AssertionError(scope);
    }
  }

  @Test
  void unaccentedQueryFindsTheDecisionEntriesOfAChangelog() {
    // qmd gives line 1 for "decision" (its line finder compares accents literally).
    List<SearchResult> results = search(SearchRequest.of("decision")
        .withScope(Scope.parse("project:startup-x")).withLimit(50));
    assertThat(results).extracting(r -> r.chunk().lines().findFirst().orElse(""))
        .contains("## [décision] Abandon de l'API externe",
            "## [décision] Recruter un dev backend en CDI plutôt qu'un freelance");
    assertThat(results).anySatisfy(r -> assertThat(r.chunk()).startsWith("# 2025-04-03")
        .contains("## [décision] Choix de Stripe pour les paiements"));
  }

  @Test
  void changelogChunksAreFilteredOnTheirDay() {
    List<SearchResult> results = search(SearchRequest.of("décision")
        .withScope(Scope.parse("all-changelogs"))
        .withFrom(DateSpec.parse("2025-07-01")).withTo(DateSpec.parse("2025-07-31"))
        .withLimit(100));
    assertThat(results).isNotEmpty().allSatisfy(r -> assertThat(dateOf(r))
        .as(r.toString()).isBetween(LocalDate.of(2025, 7, 1), LocalDate.of(2025, 7, 31)));
    assertThat(results).extracting(r -> r.chunk().lines().findFirst().orElse(""))
        .contains("## [décision] Abandon de l'API externe");
  }

  @Test
  void otherFilesAreFilteredOnUpdated() {
    List<SearchResult> all = search(SearchRequest.of("bloqué").withLimit(100));
    List<SearchResult> recent = search(SearchRequest.of("bloqué")
        .withFrom(DateSpec.parse("2025-09-08")).withLimit(100));
    assertThat(recent).isNotEmpty().hasSizeLessThan(all.size())
        .allSatisfy(r -> assertThat(dateOf(r)).as(r.toString())
            .isAfterOrEqualTo(LocalDate.of(2025, 9, 8)));
    assertThat(recent).extracting(SearchResult::path)
        .contains("projects/startup-x/tasks.md") // updated: 2025-09-08
        .doesNotContain("projects/marathon-2025/tasks.md"); // updated: 2025-08-30
  }

  private static final Pattern UPDATED =
      Pattern.compile("(?m)^updated:\\s*[\"']?(\\d{4}-\\d\\d-\\d\\d)[\"']?\\s*$");

  /** The date a filter sees: the H1 day above a changelog chunk, else {@code updated}. */
  private static LocalDate dateOf(SearchResult r) {
    try {
      List<String> lines = Files.readAllLines(vault.resolve(r.path()));
      if (r.path().endsWith("changelog.md")) {
        for (int i = r.lines().from() - 1; i >= 0; i--) {
          if (lines.get(i).matches("# \\d{4}-\\d\\d-\\d\\d")) {
            return LocalDate.parse(lines.get(i).substring(2));
          }
        }
        throw new AssertionError("no day above " + r);
      }
      Matcher m = UPDATED.matcher(String.join("\n", lines));
      if (!m.find()) throw new AssertionError("no updated in " + r.path());
      return LocalDate.parse(m.group(1));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void limitAndScoresHold() {
    List<SearchResult> results = search(SearchRequest.of("décision").withLimit(4));
    assertThat(results).hasSize(4)
        .allSatisfy(r -> assertThat(r.score()).isBetween(0.0, 1.0))
        .isSortedAccordingTo((a, b) -> Double.compare(b.score(), a.score()));
  }

  @Test
  void stopWordsDoNotEmptyANaturalQuery() {
    assertThat(search(SearchRequest.of("les factures impayées du client")))
        .anySatisfy(r -> assertThat(r.chunk()).containsIgnoringCase("factures impayées"));
  }

  @Test
  void noMatchIsEmpty() {
    assertThat(search(SearchRequest.of("zanzibar"))).isEmpty();
  }

  // --- freshness -------------------------------------------------------------------------------

  @Test
  void fileEditedBetweenTwoSearchesIsFoundFresh(@TempDir Path dir) throws IOException {
    Path copy = Fixtures.copyVault(dir.resolve("vault")).toRealPath();
    try (Searcher fresh = SearchProviders.forVault(copy, options("fresh"))) {
      assertThat(fresh.search(SearchRequest.of("zanzibar"))).isEmpty();
      Path tasks = copy.resolve("projects/startup-x/tasks.md");
      List<String> before = Files.readAllLines(tasks);
      Files.writeString(tasks, String.join("\n", before)
          + "\n\n# Réserver le voyage à Zanzibar\nstatus: à-faire\n");
      List<SearchResult> found = fresh.search(SearchRequest.of("zanzibar"));
      assertThat(found).singleElement().satisfies(r -> {
        assertThat(r.path()).isEqualTo("projects/startup-x/tasks.md");
        assertThat(r.chunk()).startsWith("# Réserver le voyage à Zanzibar");
        assertThat(r.lines()).isEqualTo(new LineRange(before.size() + 2, before.size() + 3));
      });
      Files.delete(tasks);
      assertThat(fresh.search(SearchRequest.of("zanzibar"))).isEmpty();
    }
  }

  /**
   * qmd's index damaged under a running searcher (its header zeroed: "file is not a
   * database"; 64 bytes in its middle: no error, only its stamp tells) is rebuilt, and the
   * next search answers as before the damage.
   */
  @Test
  void aDamagedIndexUnderARunningSearcherIsRebuilt(@TempDir Path dir) throws IOException {
    Path copy = Fixtures.copyVault(dir.resolve("vault")).toRealPath();
    try (Searcher live = SearchProviders.forVault(copy, options("healing"))) {
      List<SearchResult> before = live.search(SearchRequest.of("webhook facture"));
      assertThat(before).isNotEmpty();
      Path index = Path.of(live.describe().indexLocation());
      for (long at : new long[] {0, Files.size(index) / 2 - 32}) {
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(index.toFile(), "rw")) {
          f.seek(at);
          f.write(new byte[64]);
        }
        assertThat(live.search(SearchRequest.of("webhook facture"))).as("damaged at " + at)
            .isEqualTo(before);
      }
    }
  }

  /** The saved stamps keep ctime and inode, so a later process sees this edit. */
  @Test
  void anEditKeepingSizeAndMtimeIsSeenByALaterProcess(@TempDir Path dir) throws IOException {
    Path copy = Fixtures.copyVault(dir.resolve("vault")).toRealPath();
    Path note = copy.resolve("bucket/swap.md");
    FileTime hourAgo = FileTime.from(Instant.now().minusSeconds(3_600));
    Files.writeString(note, "# alphaword\n");
    Files.setLastModifiedTime(note, hourAgo);
    try (Searcher first = SearchProviders.forVault(copy, options("stamps"))) {
      assertThat(first.search(SearchRequest.of("alphaword"))).hasSize(1);
    }
    Files.writeString(note, "# omegaword\n"); // same size
    Files.setLastModifiedTime(note, hourAgo); // same mtime: only ctime and inode tell
    try (Searcher later = SearchProviders.forVault(copy, options("stamps"))) {
      assertThat(later.search(SearchRequest.of("omegaword"))).extracting(SearchResult::path)
          .containsExactly("bucket/swap.md");
      assertThat(later.search(SearchRequest.of("alphaword"))).isEmpty();
    }
  }

  /**
   * qmd leaves empty files out of its index (the fixture's {@code vide.md}): that is not an
   * emptied index, so a later process on the unchanged vault searches without re-indexing,
   * and doctor says why the counts differ.
   */
  @Test
  void anEmptyFileLeftOutByQmdDoesNotReindexEveryProcess(@TempDir Path dir) throws IOException {
    Path copy = Fixtures.copyVault(dir.resolve("vault")).toRealPath();
    assertThat(copy.resolve("projects/livre-recettes/bucket/vide.md")).isEmptyFile();
    try (Searcher first = SearchProviders.forVault(copy, options("empty-file"))) {
      assertThat(first.search(SearchRequest.of("webhook"))).isNotEmpty();
    }
    int before = RUNS.size();
    try (Searcher later = SearchProviders.forVault(copy, options("empty-file"))) {
      assertThat(later.search(SearchRequest.of("webhook"))).isNotEmpty();
      assertThat(later.diagnostics()).containsEntry("documents indexed", "58")
          .containsEntry("documents left out", "1 empty file of the vault's 59 indexed files"
              + " (qmd does not index empty files)");
    }
    List<String> verbs = new ArrayList<>(RUNS).subList(before, RUNS.size()).stream()
        .filter(r -> r.command().get(0).equals(qmd.path().toString()))
        .map(r -> r.command().get(1)).collect(Collectors.toList());
    assertThat(verbs).contains("search").doesNotContain("update");
  }

  @Test
  void deletedIndexIsRebuiltNotSearchedEmpty(@TempDir Path dir) throws IOException {
    Path copy = Fixtures.copyVault(dir.resolve("vault")).toRealPath();
    Path index;
    try (Searcher first = SearchProviders.forVault(copy, options("deleted-index"))) {
      assertThat(first.search(SearchRequest.of("webhook"))).isNotEmpty();
      index = Path.of(first.describe().indexLocation());
    }
    for (String suffix : List.of("", "-wal", "-shm")) {
      Files.deleteIfExists(Path.of(index + suffix));
    }
    try (Searcher second = SearchProviders.forVault(copy, options("deleted-index"))) {
      assertThat(second.search(SearchRequest.of("webhook"))).isNotEmpty();
    }
  }

  // --- attached index ---------------------------------------------------------------------------

  @Test
  void missingCollectionInAnAttachedIndexIsQmdFailedException() throws IOException {
    Path index = tmp.resolve("attached/index.sqlite");
    Path config = Files.createDirectories(tmp.resolve("attached/config"));
    SearchOptions options = options("attached");
    SearchOptions attached =
        options.withQmd(options.qmd().withAttachedIndex(index, config, "qmd4j"));
    assertThatThrownBy(() -> SearchProviders.forVault(vault, attached))
        .isInstanceOf(QmdFailedException.class)
        .hasMessage("Collection 'qmd4j' does not exist in the attached qmd index " + index
            + " (Collection not found: qmd4j); add it with qmd collection add, or name an "
            + "existing one")
        .satisfies(e -> assertThat(((QmdFailedException) e).exitCode()).isEqualTo(1));
    assertThat(index).as("attaching never creates the index").doesNotExist();
  }

  @Test
  void attachedIndexIsSearchedWithoutBeingChanged() throws IOException {
    Path index = Path.of(searcher.describe().indexLocation());
    SearchOptions options = options("attach-existing");
    SearchOptions attached = options.withQmd(options.qmd()
        .withAttachedIndex(index, index.resolveSibling("config"), "qmd4j"));
    int before = RUNS.size();
    try (Searcher other = SearchProviders.forVault(vault, attached)) {
      assertThat(other.search(SearchRequest.of("webhook"))).isNotEmpty();
      assertThat(other.diagnostics()).containsEntry("collection", "qmd4j (attached)");
    }
    List<String> verbs = new ArrayList<>(RUNS).subList(before, RUNS.size()).stream()
        .filter(r -> r.command().get(0).equals(qmd.path().toString()))
        .map(r -> r.command().get(1)).collect(Collectors.toList());
    assertThat(verbs).doesNotContain("update").contains("search");
    assertThat(verbs).noneMatch(v -> v.equals("add") || v.equals("remove"));
  }

  // --- deep search -----------------------------------------------------------------------------

  @Test
  void deepSearchWithoutModelsAnswersDegradedFromTheEmbeddedEngineInsteadOfDownloading() {
    int before = RUNS.size();
    // The bound only keeps a regression (qmd trying to download its models) from hanging.
    List<SearchResult> results = assertTimeoutPreemptively(Duration.ofMinutes(2),
        () -> search(SearchRequest.of("décision").withMode(Mode.DEEP)));
    assertThat(results).isNotEmpty().allSatisfy(r -> {
      assertThat(r.degraded()).contains("qmd's models are missing; run `qmd pull` (about 2 GB)"
          + " for qmd's deep search");
      assertThat(r.matchType()).isEqualTo(MatchType.KEYWORD);
    });
    assertThat(results.get(0).chunk()).containsIgnoringCase("décision");
    assertThat(new ArrayList<>(RUNS).subList(before, RUNS.size()))
        .as("qmd query would download the models").noneMatch(r -> r.command().contains("query"));
    assertThat(search(SearchRequest.of("décision"))).as("fast mode stays on qmd")
        .isNotEmpty().allSatisfy(r -> assertThat(r.degraded()).isEmpty());
  }

}
