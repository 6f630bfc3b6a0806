package org.qmd4j.solr;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.solr.client.solrj.request.AbstractUpdateRequest;
import org.apache.solr.client.solrj.request.QueryRequest;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.client.solrj.util.ClientUtils;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.ConcurrentFreshness;
import org.qmd4j.EngineChoice;
import org.qmd4j.RandomVaultEdits;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Mode;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.testkit.TestVaults;

/**
 * Freshness: an edit, a new file, a rename and a delete are seen by the next
 * search of the process that made them; a second process on the same vault re-sends nothing
 * that did not change; two vaults share one collection without seeing each other.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.MethodName.class)
@Tag("cluster")
class SolrFreshnessTest {
  private Path vault;
  private Path other;
  private Path cache;
  private SolrTarget target;
  private Searcher searcher;

  @BeforeAll
  void setUp(@TempDir Path tmp) throws Exception {
    vault = TestVaults.copyProjectsVault(tmp.resolve("vault"));
    other = TestVaults.copyNotesVault(tmp.resolve("notes"));
    cache = tmp.resolve("cache");
    target = TestCluster.shared().target("fresh");
    searcher = open(vault);
  }

  @AfterAll
  void close() {
    if (searcher != null) searcher.close();
  }

  private Searcher open(Path v) {
    return open(v, new AtomicReference<>());
  }

  private Searcher open(Path v, AtomicReference<SolrEngine> engine) {
    return open(v, target, engine);
  }

  private Searcher open(Path v, SolrTarget t, AtomicReference<SolrEngine> engine) {
    SearchOptions options = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withWatch(false).withClock(TestVaults.CLOCK).withEnvironment(Map.of())
        .withCacheDir(cache);
    return SearchProviders.forVault(v, options, context -> {
      engine.set((SolrEngine) SolrEngine.factory(t).open(context));
      return engine.get();
    });
  }

  private static List<SearchResult> all(Searcher s) {
    return s.search(new SearchRequest("*", Mode.FAST, Scope.vault(), Optional.empty(),
        Optional.empty(), 10_000));
  }

  private List<String> paths(Searcher s, String query) {
    return s.search(query).stream().map(SearchResult::path).distinct().toList();
  }

  @Test
  void a_anEditIsSeenByTheNextSearch() throws Exception {
    assertThat(paths(searcher, "zygomatique")).isEmpty();
    Path state = vault.resolve("projects/startup-x/state.md");
    append(state, "\nLe client trouve la démo zygomatique.\n");
    assertThat(paths(searcher, "zygomatique")).containsExactly("projects/startup-x/state.md");
  }

  @Test
  void b_aNewFileARenameAndADeleteAreSeenByTheNextSearch() throws Exception {
    Path created = vault.resolve("bucket/idees/quetzalcoatl.md");
    Files.writeString(created, "# Quetzalcoatl\n\nUne idée de quetzalcoatl.\n");
    assertThat(paths(searcher, "quetzalcoatl")).containsExactly("bucket/idees/quetzalcoatl.md");

    Path renamed = vault.resolve("bucket/idees/serpent-a-plumes.md");
    Files.move(created, renamed);
    assertThat(paths(searcher, "quetzalcoatl"))
        .containsExactly("bucket/idees/serpent-a-plumes.md");

    Files.delete(renamed);
    assertThat(paths(searcher, "quetzalcoatl")).isEmpty();
  }

  @Test
  void c_aShorterFileLeavesNoStaleChunk() throws Exception {
    Path tasks = vault.resolve("projects/startup-x/tasks.md");
    int before = all(searcher).size();
    String text = Files.readString(tasks, StandardCharsets.UTF_8);
    Files.writeString(tasks, text.substring(0, text.indexOf("\n# ", text.indexOf("\n# ") + 1)));
    touch(tasks);
    assertThat(all(searcher).size()).isEqualTo(before - 5);
    assertThat(all(searcher).stream()
        .filter(r -> r.path().equals("projects/startup-x/tasks.md"))).hasSize(1);
  }

  @Test
  void d_aSecondProcessSendsNothingThatDidNotChange() throws Exception {
    AtomicReference<SolrEngine> opened = new AtomicReference<>();
    try (Searcher second = open(vault, opened)) {
      assertThat(paths(second, "zygomatique")).containsExactly("projects/startup-x/state.md");
      SolrEngine engine = opened.get();
      assertThat(engine.refresh()).as("files sent again").isZero();
      touch(vault.resolve("projects/startup-x/description.md"));
      assertThat(engine.refresh()).as("files sent after one changed").isEqualTo(1);
    }
  }

  @Test
  void e_twoVaultsShareTheCollectionWithoutSeeingEachOther() {
    try (Searcher notes = open(other)) {
      List<String> fromNotes = all(notes).stream().map(SearchResult::path).toList();
      List<String> fromVault = all(searcher).stream().map(SearchResult::path).toList();
      assertThat(fromNotes).isNotEmpty().doesNotContain("projects/startup-x/state.md");
      assertThat(fromVault).contains("projects/startup-x/state.md");
      assertThat(notes.diagnostics().get("solr documents")).contains("chunks of this vault");
    }
  }

  @Test
  void f_anOlderReadOfAFileNeverReplacesANewerOne(@TempDir Path tmp) throws Exception {
    // Two copies of one vault under one vault id: the second holds an older, longer version
    // of a file, and is sent last, as a slow writer would.
    SolrTarget shared = target.withVaultId("shared-" + System.nanoTime());
    Path newer = TestVaults.copyProjectsVault(tmp.resolve("newer"));
    Path older = TestVaults.copyProjectsVault(tmp.resolve("older"));
    String file = "projects/startup-x/tasks.md";
    Files.writeString(newer.resolve(file), "# Tâche nouvelle\nstatus: en-cours\nbaobab\n");
    Files.writeString(older.resolve(file), "# Tâche ancienne\nstatus: en-cours\nsequoia\n\n"
        + "# Deuxième ancienne\nsequoia\n\n# Troisième ancienne\nsequoia\n");
    Files.setLastModifiedTime(newer.resolve(file), FileTime.from(Instant.now()));
    Files.setLastModifiedTime(older.resolve(file),
        FileTime.from(Instant.now().minusSeconds(86_400)));
    try (Searcher first = open(newer, shared); Searcher late = open(older, shared)) {
      assertThat(paths(first, "baobab")).containsExactly(file);
      late.search("sequoia"); // sends its whole copy, the older file included
      assertThat(paths(first, "sequoia")).isEmpty();
      assertThat(paths(first, "baobab")).containsExactly(file);
      assertThat(all(first).stream().filter(r -> r.path().equals(file))).hasSize(1);
    }
  }

  @Test
  void g_anotherVaultsWordsAreNeverSuggested() throws Exception {
    Files.writeString(other.resolve("zanzibar.md"), "# Île\n\nLa zanzibarite est rare.\n");
    try (Searcher notes = open(other)) {
      assertThat(notes.answer(SearchRequest.of("zanzobarite")).corrected())
          .containsEntry("zanzobarite", "zanzibarite");
      assertThat(searcher.answer(SearchRequest.of("zanzobarite")).corrected()).isEmpty();
      assertThat(searcher.answer(SearchRequest.of("zanzobarite")).suggestions()).isEmpty();
    }
  }

  /**
   * Never stale under concurrency: while other threads search without pause, every write of
   * one client (in place or by an atomic rename, a new file, a rename, a delete, a folder
   * renamed) is seen by that client's next search, with the vault watched and walked.
   */
  @Test
  void i_everyEditIsSeenByTheWritersSearchWhileOthersSearchBesideIt(@TempDir Path tmp)
      throws Exception {
    for (boolean watch : new boolean[] {true, false}) {
      RandomVaultEdits edits = RandomVaultEdits.newVault(tmp.resolve("vault-" + watch),
          "SolrFreshnessTest.concurrent" + (watch ? "" : " walked"));
      SolrTarget t = target.withVaultId("concurrent-" + System.nanoTime()).withWatch(watch);
      try (Searcher s = open(edits.vault(), t, new AtomicReference<>())) {
        ConcurrentFreshness.run(edits, 60, word -> exactPaths(s, word),
            word -> exactPaths(s, word)).assertNeverStale();
      }
    }
  }

  /** The files of the results that hold {@code word} itself (not a typo-tolerant guess). */
  private static List<String> exactPaths(Searcher s, String word) {
    return s.search(SearchRequest.of(word).withLimit(50)).stream()
        .filter(r -> r.matchType() != MatchType.FUZZY).map(SearchResult::path).distinct()
        .toList();
  }

  /**
   * Documents an older qmd4j wrote (a stamp without today's format, a title taken from a
   * chunk's text) are sent again by the next process, even when the file did not change.
   */
  @Test
  void h_documentsOfAnOlderFormatAreSentAgain(@TempDir Path tmp) throws Exception {
    Path copy = TestVaults.copyProjectsVault(tmp.resolve("copy"));
    String file = "bucket/idees/baleine.md";
    String text = "# Baleine\n\nUne note sur la baleine.\n";
    Files.writeString(copy.resolve(file), text);
    String id = "format-" + System.nanoTime();
    SolrTarget t = target.withVaultId(id);
    try (Searcher first = open(copy, t)) {
      assertThat(paths(first, "baleine")).containsExactly(file);
    }
    try (Nodes nodes = new Nodes(t)) {
      ModifiableSolrParams p = new ModifiableSolrParams();
      p.set("q", "*:*");
      p.add("fq", "{!term f=vault}" + id);
      p.add("fq", "{!term f=path}" + file);
      p.add("fq", "ord:0");
      p.set("fl", "stamp");
      String stamp = (String) new QueryResponse(nodes.request(new QueryRequest(p), "fresh"),
          null).getResults().get(0).getFirstValue("stamp");
      assertThat(stamp).startsWith(Sync.FORMAT);
      String old = stamp.substring(Sync.FORMAT.length());
      UpdateRequest delete = new UpdateRequest();
      delete.deleteByQuery("vault:" + ClientUtils.escapeQueryChars(id) + " AND path:"
          + ClientUtils.escapeQueryChars(file));
      delete.setAction(AbstractUpdateRequest.ACTION.COMMIT, true, true, true);
      nodes.request(delete, "fresh");
      Chunk chunk = new Chunk(new VaultFile(file, FileKind.NOTE, Optional.empty()), 0,
          new LineRange(1, 3), text, List.of("Baleine"), Optional.empty());
      UpdateRequest add = new UpdateRequest();
      add.add(ChunkDocs.toDocument(SearchProviders.analysis(), id, chunk, "krakatoa", old));
      add.setAction(AbstractUpdateRequest.ACTION.COMMIT, true, true, true);
      nodes.request(add, "fresh");
    }
    AtomicReference<SolrEngine> opened = new AtomicReference<>();
    try (Searcher second = open(copy, t, opened)) {
      assertThat(paths(second, "krakatoa")).as("the older document's title").isEmpty();
      assertThat(paths(second, "baleine")).containsExactly(file);
      assertThat(opened.get().refresh()).as("files sent after that").isZero();
    }
  }

  @Test
  void editsCountATranspositionAsOne() {
    assertThat(SolrVocabulary.edits("factrue", "facture")).isEqualTo(1);
    assertThat(SolrVocabulary.edits("idempotance", "idempotence")).isEqualTo(1);
    assertThat(SolrVocabulary.edits("abc", "")).isEqualTo(3);
  }

  private Searcher open(Path v, SolrTarget t) {
    SearchOptions options = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withWatch(false).withClock(TestVaults.CLOCK).withEnvironment(Map.of())
        .withCacheDir(cache);
    return SearchProviders.forVault(v, options, SolrEngine.factory(t));
  }

  private static void append(Path file, String text) throws Exception {
    Files.writeString(file, Files.readString(file, StandardCharsets.UTF_8) + text);
    touch(file);
  }

  /** A new modification time, also on file systems with coarse time stamps. */
  private static void touch(Path file) throws Exception {
    Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(5)));
  }

  /**
   * More files than one request of deletes and one version query hold ({@link Sync#GROUP}):
   * a first send of that many files, then that many deleted at once, both seen by the next
   * search. In one request, 100,000 files overflowed Solr's 2 MB form limit.
   */
  @Test
  void i_moreFilesThanOneGroupAreSentAndDeleted(@TempDir Path tmp) throws Exception {
    Path big = Files.createDirectories(tmp.resolve("big"));
    Path notes = Files.createDirectories(big.resolve("notes"));
    int n = Sync.GROUP + Sync.GROUP / 4;
    for (int i = 0; i < n; i++) {
      Files.writeString(notes.resolve("n" + i + ".md"),
          "# Note " + i + "\n\nmarsupilami" + (i % 7 == 0 ? " et houba" : "") + "\n");
    }
    try (Searcher s = open(big, TestCluster.shared().target("groups"), new AtomicReference<>())) {
      assertThat(all(s)).hasSize(n);
      assertThat(s.search(new SearchRequest("houba", Mode.FAST, Scope.vault(), Optional.empty(),
          Optional.empty(), 10_000))).hasSize((n + 6) / 7);
      for (int i = 0; i < n; i += 2) Files.delete(notes.resolve("n" + i + ".md"));
      assertThat(all(s)).hasSize(n / 2);
    }
  }
}
