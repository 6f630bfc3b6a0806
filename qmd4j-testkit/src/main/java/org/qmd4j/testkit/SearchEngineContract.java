package org.qmd4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.EngineChoice;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.DateSource;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.Layout;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResponse;
import org.qmd4j.search.SearchResult;
import org.qmd4j.search.Total;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.SearchEngine;

/**
 * The contract every {@link SearchEngine} keeps, as a reusable JUnit 5 test: extend it, return
 * the engine's {@link SearchEngine.Factory} from {@link #factory()}, and run it with the rest of
 * your tests. qmd4j's own engines (embedded Lucene and qmd) pass it.
 *
 * <pre>{@code
 * class MyEngineContractTest extends SearchEngineContract {
 *   @Override
 *   protected SearchEngine.Factory factory() {
 *     return MyEngine::new;
 *   }
 * }
 * }</pre>
 *
 * <p>It runs a {@link Searcher} made by {@link SearchProviders#forVault(Path, SearchOptions,
 * SearchEngine.Factory)} over a copy of an example vault ({@link TestVaults}) and checks what
 * {@link SearchEngine} promises: scores in [0, 1] and descending; at most {@code limit} results;
 * only chunks that pass the filter (scope and dates), with the limit still filled under a filter
 * when enough chunks pass; {@code *} lists every passing chunk newest first with score 1.0; no
 * match gives an empty list; concurrent searches give the same answers as sequential ones;
 * every dated result says where its date comes from, and on the notes layout a daily note
 * without frontmatter ({@code daily/2025-07-14.md}, added to the copy with a later file time)
 * is dated by its file name.
 *
 * <p>The expected chunks come from the {@link SearchEngine.Context} the factory is given, so
 * an engine that returns qmd4j's chunks (as it must) is judged against its own vault reading.
 * The test instance is shared by the class's tests (one searcher, opened once); add tests of
 * your own with {@link #searcher()}.
 *
 * @since 0.2
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SearchEngineContract {
  /** Queries that match several chunks of both example vaults with any reasonable engine. */
  private static final List<String> QUERIES = List.of("décision", "facture", "recrutement");

  private Searcher searcher;
  private SearchEngine.Context context;

  /** For subclasses. */
  protected SearchEngineContract() {}

  /**
   * The engine under test. Called once per test class, before any test; a test class whose
   * engine cannot run here (a missing binary, say) may call JUnit's {@code Assumptions} in it
   * to skip every test, saying why.
   *
   * @return the factory that opens the engine on the copied vault
   */
  protected abstract SearchEngine.Factory factory();

  /**
   * The options of the searcher under test: by default the embedded engine's in-memory
   * options with the fixed {@link TestVaults#CLOCK}, no environment variables, no file
   * watcher, and the cache in {@code cacheDir}.
   *
   * @param cacheDir an empty temporary folder
   * @return the options given to {@link SearchProviders#forVault(Path, SearchOptions,
   *     SearchEngine.Factory)}
   */
  protected SearchOptions options(Path cacheDir) {
    return SearchOptions.DEFAULT
        .withEngine(EngineChoice.EMBEDDED)
        .withWatch(false)
        .withInMemoryIndex(true)
        .withClock(TestVaults.CLOCK)
        .withEnvironment(Map.of())
        .withCacheDir(cacheDir);
  }

  /**
   * Copies the vault searched into {@code target}: by default the example vault of the
   * projects layout ({@link TestVaults#copyProjectsVault(Path)}); override it with
   * {@link TestVaults#copyNotesVault(Path)} and {@link #filteredScope()} to run the contract
   * on the notes layout.
   *
   * @param target an empty temporary folder
   * @return the folder to search
   */
  protected Path copyVault(Path target) {
    return TestVaults.copyProjectsVault(target);
  }

  /**
   * The scope of the filtered checks: one that holds dated chunks, at least 4 of them in the
   * summer of 2025, and that most hits of the queries are outside. By default
   * {@code all-changelogs}; {@code folder:journal} for the notes vault.
   *
   * @return a scope, as {@link Scope#parse(String)} reads it
   */
  protected String filteredScope() {
    return "all-changelogs";
  }

  @BeforeAll
  final void openSearcher(@TempDir Path tmp) throws Exception {
    Path vault = copyVault(Files.createDirectories(tmp.resolve("vault")));
    // A daily note named by its day and touched since: indexed in the notes layout only.
    Path daily = Files.createDirectories(vault.resolve("daily")).resolve(DAILY_NOTE);
    Files.writeString(daily, "# Journée\n\nRelu le carnet quotidien.\n");
    Files.setLastModifiedTime(daily, FileTime.from(Instant.parse("2026-01-05T09:00:00Z")));
    SearchEngine.Factory factory = factory();
    searcher = SearchProviders.forVault(vault, options(tmp.resolve("cache")), ctx -> {
      context = ctx;
      return factory.open(ctx);
    });
  }

  @AfterAll
  final void closeSearcher() {
    if (searcher != null) searcher.close();
  }

  /**
   * The searcher under test, for the subclass's own tests.
   *
   * @return the searcher, open from before the first test to after the last
   */
  protected final Searcher searcher() {
    return searcher;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"décision", "facture", "recrutement"})
  void scoresAreInZeroOneBestFirst(String query) {
    List<SearchResult> results = searcher.search(SearchRequest.of(query).withLimit(50));
    assertThat(results).as(query).isNotEmpty();
    assertThat(results).extracting(SearchResult::score)
        .allSatisfy(s -> assertThat(s).isBetween(0.0, 1.0));
    assertThat(results).extracting(SearchResult::score)
        .isSortedAccordingTo(Comparator.reverseOrder());
  }

  @ParameterizedTest(name = "limit {0}")
  @ValueSource(ints = {1, 2, 5})
  void returnsAtMostTheLimitAndFillsIt(int limit) {
    for (String query : QUERIES) {
      int available = searcher.search(SearchRequest.of(query).withLimit(200)).size();
      List<SearchResult> results = searcher.search(SearchRequest.of(query).withLimit(limit));
      assertThat(results).as(query).hasSize(Math.min(limit, available));
    }
  }

  /**
   * The total beside a cut list: exactly what the engine returns without a limit when it says
   * it is exact ({@link SearchEngine#count}), else a lower bound that does not overstate.
   */
  @ParameterizedTest(name = "limit {0}")
  @ValueSource(ints = {1, 2})
  void aTotalIsExactWhenItSaysSoAndNeverOverstates(int limit) {
    List<SearchRequest> requests = new ArrayList<>();
    for (String query : QUERIES) requests.add(SearchRequest.of(query));
    requests.add(SearchRequest.of("*").withScope(Scope.parse(filteredScope())));
    for (SearchRequest request : requests) {
      int available = searcher.search(request.withLimit(1000)).size();
      SearchResponse cut = searcher.answer(request.withLimit(limit));
      Total total = cut.total();
      assertThat(total.value()).as(request.query()).isGreaterThanOrEqualTo(cut.results().size());
      if (total.exact()) {
        assertThat(total.value()).as(request.query()).isEqualTo(available);
      } else {
        assertThat(total.value()).as(request.query()).isBetween(limit + 1, available);
      }
    }
  }

  @Test
  void returnsOnlyChunksPassingTheScopeAndDates() {
    ChunkFilter filter = changelogsOfSummer();
    for (String query : QUERIES) {
      SearchRequest request = SearchRequest.parse(query, null, filteredScope(),
          "2025-06-01", "2025-08-31").withLimit(200);
      for (SearchResult r : searcher.search(request)) {
        Chunk chunk = chunkOf(r);
        assertThat(filter.test(chunk)).as(query + ": " + r.path() + " " + r.lines()).isTrue();
      }
    }
  }

  @Test
  void fillsTheLimitUnderAFilterWhenEnoughChunksPass() {
    // The unfiltered best hits are mostly outside the changelogs: an engine that filtered
    // after taking its top `limit` would come back short.
    ChunkFilter filter = ChunkFilter.of(Scope.parse(filteredScope()), Optional.empty(),
        Optional.empty());
    boolean checkedOne = false;
    for (String query : QUERIES) {
      List<SearchResult> all = searcher.search(SearchRequest.of(query).withLimit(500));
      long passing = all.stream().filter(r -> filter.test(chunkOf(r))).count();
      int limit = 3;
      if (passing < limit) continue;
      checkedOne = true;
      List<SearchResult> scoped = searcher.search(SearchRequest.of(query)
          .withScope(Scope.parse(filteredScope())).withLimit(limit));
      assertThat(scoped).as(query).hasSize(limit);
    }
    assertThat(checkedOne).as("some query has 3 hits in " + filteredScope()).isTrue();
  }

  @Test
  void wildcardListsEveryPassingChunkNewestFirstWithScoreOne() {
    ChunkFilter filter = changelogsOfSummer();
    List<Chunk> expected = allChunks().stream().filter(filter).collect(Collectors.toList());
    assertThat(expected).hasSizeGreaterThan(3);

    List<SearchResult> results = searcher.search(SearchRequest.parse("*", null,
        filteredScope(), "2025-06-01", "2025-08-31").withLimit(1000));

    assertThat(results).extracting(r -> r.path() + " " + r.lines())
        .containsExactlyInAnyOrderElementsOf(
            expected.stream().map(c -> c.path() + " " + c.lines()).collect(Collectors.toList()));
    assertThat(results).extracting(SearchResult::score).containsOnly(1.0);
    assertThat(results).extracting(r -> chunkOf(r).date().orElseThrow())
        .isSortedAccordingTo(Comparator.reverseOrder());
  }

  @Test
  void wildcardWithALimitKeepsTheNewest() {
    List<SearchResult> all = searcher.search(
        SearchRequest.of("*").withScope(Scope.parse(filteredScope())).withLimit(1000));
    List<SearchResult> firstThree = searcher.search(
        SearchRequest.of("*").withScope(Scope.parse(filteredScope())).withLimit(3));
    assertThat(firstThree).extracting(r -> chunkOf(r).date())
        .containsExactlyElementsOf(all.subList(0, 3).stream().map(r -> chunkOf(r).date())
            .collect(Collectors.toList()));
  }

  @Test
  void everyDatedResultSaysWhereItsDateComesFrom() {
    List<SearchResult> all = searcher.search(SearchRequest.of("*").withLimit(1000));
    assertThat(all).isNotEmpty();
    for (SearchResult r : all) {
      assertThat(r.date()).as(r.toString()).isEqualTo(chunkOf(r).date());
      assertThat(r.dateSource().isPresent()).as(r.toString()).isEqualTo(r.date().isPresent());
    }
  }

  @Test
  void aDailyNoteIsDatedByItsFileNameWhateverItsFileTime() {
    Assumptions.assumeTrue(searcher.describe().layout() == Layout.NOTES,
        "daily notes are indexed in the notes layout");
    List<SearchResult> day = searcher.search(
        SearchRequest.parse("*", null, null, "2025-07-14", "2025-07-14").withLimit(1000));
    assertThat(day).filteredOn(r -> r.path().equals("daily/" + DAILY_NOTE))
        .singleElement().satisfies(r -> {
          assertThat(r.date()).contains(LocalDate.of(2025, 7, 14));
          assertThat(r.dateSource()).contains(DateSource.FILE_NAME);
        });
    assertThat(searcher.search(SearchRequest.parse("carnet quotidien", null, null,
        "2026-01-05", "2026-01-05"))).as("not its file time").isEmpty();
  }

  @Test
  void noMatchGivesAnEmptyList() {
    assertThat(searcher.search("xqzwvkj")).isEmpty();
    assertThat(searcher.search(SearchRequest.of("décision")
        .withScope(Scope.parse(filteredScope()))
        .withFrom(DateSpec.parse("2030-01-01")))).isEmpty();
  }

  @Test
  void concurrentSearchesGiveTheSequentialAnswers() throws Exception {
    List<SearchRequest> requests = new ArrayList<>();
    for (String query : QUERIES) {
      requests.add(SearchRequest.of(query).withLimit(10));
      requests.add(SearchRequest.of(query).withScope(Scope.parse(filteredScope())));
    }
    requests.add(SearchRequest.of("*").withLimit(30));
    Map<SearchRequest, List<String>> sequential = new LinkedHashMap<>();
    for (SearchRequest r : requests) sequential.put(r, shown(searcher.search(r)));

    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<List<String>>> futures = new ArrayList<>();
      List<SearchRequest> sent = new ArrayList<>();
      for (int round = 0; round < 2; round++) {
        for (SearchRequest r : requests) {
          sent.add(r);
          futures.add(pool.submit(() -> shown(searcher.search(r))));
        }
      }
      for (int i = 0; i < futures.size(); i++) {
        assertThat(futures.get(i).get()).as(sent.get(i).query())
            .isEqualTo(sequential.get(sent.get(i)));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static final String DAILY_NOTE = "2025-07-14.md";

  private static List<String> shown(List<SearchResult> results) {
    return results.stream().map(r -> r.path() + " " + r.lines() + " " + r.score())
        .collect(Collectors.toList());
  }

  private ChunkFilter changelogsOfSummer() {
    return ChunkFilter.of(Scope.parse(filteredScope()), Optional.of(LocalDate.of(2025, 6, 1)),
        Optional.of(LocalDate.of(2025, 8, 31)));
  }

  private List<Chunk> allChunks() {
    List<Chunk> chunks = new ArrayList<>();
    for (String path : context.indexedFiles()) chunks.addAll(context.chunks(path));
    return chunks;
  }

  /** The chunk of qmd4j's chunker that a result is: same file, same lines. */
  private Chunk chunkOf(SearchResult result) {
    LineRange lines = result.lines();
    return context.chunks(result.path()).stream().filter(c -> c.lines().equals(lines))
        .findFirst().orElseThrow(() -> new AssertionError(
            "Not a chunk of qmd4j's chunker: " + result.path() + " " + lines));
  }
}
