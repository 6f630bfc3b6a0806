package org.qmd4j.mcp.qmdclient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.qmd.Processes;
import org.qmd4j.search.Mode;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.BinaryLocator;
import org.qmd4j.spi.QmdOptions;

/**
 * The qmd engine through its resident {@code qmd mcp} session, against the real qmd 2.x on
 * PATH (CI installs 2.8.3), on a copy of the example vault. Skipped, saying why,
 * only when no qmd is found. qmd's index, config and model cache live in temporary folders.
 */
@Tag("qmd")
class QmdSessionIntegrationTest {
  private static final Optional<Path> QMD =
      BinaryLocator.fromEnvironment(System.getenv()).locate();

  @TempDir Path tmp;
  private Path vault;
  private Searcher searcher;

  @BeforeAll
  static void sayWhySkipped() {
    if (QMD.isEmpty()) {
      System.err.println("QmdSessionIntegrationTest skipped: no qmd on PATH"
          + " (.ci/run installs qmd 2.8.3 with Node 22)");
    }
  }

  @BeforeEach
  void open() throws IOException {
    Assumptions.assumeTrue(QMD.isPresent(), "no qmd on PATH");
    vault = Fixtures.copyVault(Files.createDirectories(tmp.resolve("vault"))).toRealPath();
    searcher = SearchProviders.forVault(vault, options(tmp));
  }

  @AfterEach
  void close() {
    if (searcher != null) searcher.close();
  }

  /** qmd engine, its index, config and model cache under {@code dir}. */
  static SearchOptions options(Path dir) {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.remove("QMD4J_SEARCH_FALLBACK");
    env.remove(BinaryLocator.BINARY_ENV);
    env.put("XDG_CACHE_HOME", dir.resolve("xdg-cache").toString());
    return SearchOptions.DEFAULT
        .withEngine(EngineChoice.QMD)
        .withCacheDir(dir.resolve("cache"))
        .withInMemoryIndex(true)
        .withClock(Fixtures.CLOCK)
        .withEnvironment(env)
        .withQmd(QmdOptions.DEFAULT);
  }

  private List<SearchResult> search(String query) {
    return searcher.search(SearchRequest.of(query));
  }

  private long sessionPid() {
    return Long.parseLong(searcher.diagnostics().get("session pid"));
  }

  @Test
  void oneProcessServesManySearches() {
    search("webhook");
    long pid = sessionPid();
    for (int i = 0; i < 30; i++) {
      assertThat(search(i % 2 == 0 ? "webhook" : "facture")).isNotEmpty();
    }
    Map<String, String> facts = searcher.diagnostics();
    assertThat(facts.get("session pid")).isEqualTo(Long.toString(pid));
    assertThat(facts.get("session")).startsWith("running (qmd mcp over stdio");
    assertThat(facts.get("session protocol version")).matches("\\d{4}-\\d{2}-\\d{2}");
    assertThat(Long.parseLong(facts.get("session requests served"))).isGreaterThanOrEqualTo(31);
    assertThat(facts).containsEntry("session restarts", "0")
        .containsEntry("documents indexed", "58");
    assertThat(facts.get("session uptime")).endsWith(" s");
    assertThat(facts.get("fast search")).startsWith("qmd mcp `query`");
  }

  @Test
  void fiftyConcurrentSearchesShareOneSession() throws Exception {
    List<SearchResult> expected = search("webhook paiement");
    long pid = sessionPid();
    ExecutorService pool = Executors.newFixedThreadPool(50);
    try {
      List<Future<List<SearchResult>>> futures = new ArrayList<>();
      for (int i = 0; i < 50; i++) futures.add(pool.submit(() -> search("webhook paiement")));
      for (Future<List<SearchResult>> f : futures) {
        assertThat(f.get()).isEqualTo(expected);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(sessionPid()).isEqualTo(pid);
    assertThat(searcher.diagnostics()).containsEntry("session restarts", "0");
  }

  @Test
  void killedSessionIsReplacedAndTheSearchSucceeds() throws Exception {
    List<SearchResult> before = search("webhook");
    long pid = sessionPid();
    ProcessHandle.of(pid).orElseThrow().destroyForcibly();
    Processes.assertGone(List.of(pid));
    assertThat(search("webhook")).isEqualTo(before);
    assertThat(sessionPid()).isNotEqualTo(pid);
    assertThat(searcher.diagnostics()).containsEntry("session restarts", "1");
  }

  @Test
  void noProcessSurvivesClose() throws Exception {
    search("webhook");
    long pid = sessionPid();
    List<Long> tree = new ArrayList<>(List.of(pid));
    ProcessHandle.of(pid).orElseThrow().descendants().forEach(h -> tree.add(h.pid()));
    searcher.close();
    searcher = null;
    Processes.assertGone(tree);
  }

  @Test
  void noProcessSurvivesTheEndOfTheJvm() throws Exception {
    // A child JVM searches through qmd and is then stopped (SIGTERM) without closing its
    // searcher: the shutdown hook must end qmd mcp.
    Path out = tmp.resolve("pid.txt");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process jvm = new ProcessBuilder(java.toString(), "-cp",
        System.getProperty("java.class.path"), SearchAndWait.class.getName(),
        vault.toString(), tmp.resolve("child").toString(), out.toString())
        .redirectErrorStream(true).redirectOutput(tmp.resolve("child.log").toFile()).start();
    try {
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (!Files.exists(out) && jvm.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertThat(out).as(() -> read(tmp.resolve("child.log"))).exists();
    } finally {
      jvm.destroy();
      jvm.waitFor();
    }
    List<Long> pids = List.of(read(out).strip().split("\\s+")).stream()
        .map(Long::parseLong).collect(Collectors.toList());
    assertThat(pids).isNotEmpty();
    Processes.assertGone(pids);
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      return e.toString();
    }
  }

  @Test
  void editIsVisibleOnTheNextSearch() throws IOException {
    assertThat(search("zygomorphe")).isEmpty();
    long pid = sessionPid();
    Path note = vault.resolve("bucket").resolve("zygo.md");
    Files.writeString(note, "# Botanique\n\nUne fleur zygomorphe dans le jardin.\n");
    assertThat(search("zygomorphe")).extracting(SearchResult::path).containsExactly("bucket/zygo.md");
    Files.writeString(note, "\nLa corolle est actinomorphe.\n", StandardOpenOption.APPEND);
    assertThat(search("actinomorphe")).extracting(SearchResult::path).contains("bucket/zygo.md");
    assertThat(sessionPid()).as("the same qmd mcp reads what qmd update wrote").isEqualTo(pid);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"décision architecture paiement", "relation client",
      "webhook cautionnement", "les dépenses du troisième trimestre"})
  void naturalMultiWordQuestionsReturnResults(String query) {
    List<SearchResult> results = search(query);
    assertThat(results).isNotEmpty();
    assertThat(results).allSatisfy(r -> assertThat(r.score()).isBetween(0.0, 1.0));
    for (int i = 1; i < results.size(); i++) {
      assertThat(results.get(i).score()).isLessThanOrEqualTo(results.get(i - 1).score());
    }
  }

  @Test
  void aChunkWithEveryTermRanksAboveChunksWithSome() {
    // Many chunks hold "paiement"; only the webhook one holds both words.
    List<SearchResult> results = search("paiement webhook");
    assertThat(results.size()).isGreaterThan(1);
    assertThat(results.get(0).chunk().toLowerCase()).contains("webhook").contains("paiement");
    assertThat(results.get(0).score()).isGreaterThan(results.get(1).score());
    // No chunk holds both of these: the chunks holding either come back.
    assertThat(search("webhook cautionnement")).extracting(SearchResult::path)
        .contains("projects/startup-x/changelog.md", "projects/startup-x/state.md");
  }

  @Test
  void deepSearchWithoutModelsAnswersDegradedFromTheEmbeddedEngine() {
    assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
      for (int i = 0; i < 2; i++) { // checked at each call, degraded each time
        assertThat(searcher.search(SearchRequest.of("webhook").withMode(Mode.DEEP)))
            .isNotEmpty().allSatisfy(r -> assertThat(r.degraded()).contains("qmd's models are"
                + " missing; run `qmd pull` (about 2 GB) for qmd's deep search"));
      }
    });
    assertThat(search("webhook")).isNotEmpty();
    assertThat(searcher.diagnostics().get("deep search")).startsWith("embedded (");
  }

  @Test
  void emptiedIndexIsReindexedInsteadOfAnsweringNothing() throws IOException {
    List<SearchResult> before = search("webhook");
    assertThat(before).isNotEmpty();
    Path index = Path.of(searcher.describe().indexLocation());
    Files.write(index, new byte[0]); // emptied behind qmd4j's back
    assertThat(search("webhook")).isEqualTo(before);
  }

  @Test
  void aDeletedIndexIsRebuiltAndTheNextEditIsFound() throws IOException {
    List<SearchResult> before = search("webhook");
    assertThat(before).isNotEmpty();
    long pid = sessionPid();
    Path index = Path.of(searcher.describe().indexLocation());
    for (String suffix : List.of("", "-wal", "-shm")) {
      Files.deleteIfExists(Path.of(index + suffix)); // the session still has the file open
    }
    assertThat(search("webhook")).isEqualTo(before);
    Files.writeString(vault.resolve("projects/startup-x/state.md"),
        "\nzorglubette est le mot ajouté.\n", java.nio.file.StandardOpenOption.APPEND);
    assertThat(search("zorglubette")).extracting(SearchResult::path)
        .containsExactly("projects/startup-x/state.md");
    assertThat(sessionPid()).as("a new session reads the new file").isNotEqualTo(pid);
  }

  @Test
  void turnedOffSessionSearchesThroughTheCli() {
    searcher.close();
    SearchOptions o = options(tmp);
    searcher = SearchProviders.forVault(vault, o.withQmd(o.qmd()
        .withSession(QmdOptions.Session.OFF)));
    assertThat(search("webhook cautionnement")).isEmpty(); // qmd search ANDs every word
    assertThat(search("webhook")).isNotEmpty();
    assertThat(searcher.diagnostics().get("session"))
        .isEqualTo("off: turned off (QmdOptions.Session.enabled = false);"
            + " every search starts qmd");
  }

  /** The child JVM of {@link #noProcessSurvivesTheEndOfTheJvm()}. */
  public static final class SearchAndWait {
    public static void main(String[] args) throws IOException {
      Searcher s = SearchProviders.forVault(Path.of(args[0]), options(Path.of(args[1])));
      if (s.search(SearchRequest.of("webhook")).isEmpty()) throw new AssertionError("no hit");
      long pid = Long.parseLong(s.diagnostics().get("session pid"));
      StringBuilder pids = new StringBuilder(Long.toString(pid));
      ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> pids.append(' ')
          .append(d.pid())));
      Path tmpOut = Path.of(args[2] + ".tmp");
      Files.writeString(tmpOut, pids.toString());
      Files.move(tmpOut, Path.of(args[2]));
      // No close(): the shutdown hook must end qmd mcp when the JVM is stopped.
      try {
        Thread.sleep(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
