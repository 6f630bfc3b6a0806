package org.qmd4j.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.ConcurrentFreshness;
import org.qmd4j.EngineChoice;
import org.qmd4j.RandomVaultEdits;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.TestTier;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Mode;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.spi.ChangeFeed.Changes;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.watch.VaultFeed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Never stale with a watched vault: every write that completed before a search started is
 * seen by it, through files and folders added, edited, renamed and deleted at random, also
 * while other threads search without pause beside the writer ({@link ConcurrentFreshness}).
 */
class WatchedFreshnessTest {
  @TempDir Path tmp;

  @Test
  void everyEditIsSeenByTheSearchRightAfterIt() throws IOException {
    RandomVaultEdits edits = RandomVaultEdits.newVault(tmp.resolve("vault"),
        "WatchedFreshnessTest");
    Path vault = edits.vault();
    long seed = edits.seed();
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, null, Chunker.defaults(),
        VaultFeed.watchOrWalk(vault, VaultLayout.PROJECTS), IndexProgress.NONE)) {
      assertThat(engine.watching()).as("Linux watches the vault").isTrue();
      for (int step = 0; step < 100; step++) {
        String what = edits.step();
        for (String token : edits.toCheck(step % 40 == 39)) {
          assertThat(paths(engine, token))
              .as("seed %d, step %d (%s): files holding %s", seed, step, what, token)
              .containsExactlyInAnyOrderElementsOf(edits.holding(token));
        }
      }
      assertThat(engine.fileCount()).as("seed %d", seed).isEqualTo(edits.files() + 1);
    }
  }

  @Test
  void everyEditIsSeenByTheWritersSearchWhileOthersSearchBesideIt() throws Exception {
    RandomVaultEdits edits = RandomVaultEdits.newVault(tmp.resolve("vault"),
        "WatchedFreshnessTest.concurrent engine");
    Path vault = edits.vault();
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, null, Chunker.defaults(),
        VaultFeed.watchOrWalk(vault, VaultLayout.PROJECTS), IndexProgress.NONE)) {
      assertThat(engine.watching()).as("Linux watches the vault").isTrue();
      // 300 writes in the full tier, 150 in the fast one.
      ConcurrentFreshness.run(edits, TestTier.rounds(150, 300), word -> paths(engine, word),
          word -> paths(engine, word)).assertNeverStale();
    }
  }

  /**
   * An application's long-lived {@code Searcher}: watched vault, index on disk, so that edits
   * go through the live writer and its near-real-time searchers, as in {@code mcp} and
   * {@code serve}.
   */
  @Tag("slow")
  @Test
  void aLongLivedSearcherSeesEveryEditWhileOthersSearchBesideIt() throws Exception {
    RandomVaultEdits edits = RandomVaultEdits.newVault(tmp.resolve("vault"),
        "WatchedFreshnessTest.concurrent Searcher");
    SearchOptions options = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withWatch(true).withEnvironment(Map.of()).withCacheDir(tmp.resolve("cache"));
    try (Searcher searcher = SearchProviders.forVault(edits.vault(), options)) {
      ConcurrentFreshness.run(edits, 1000, word -> paths(searcher, word),
          word -> paths(searcher, word)).assertNeverStale();
    }
  }

  /** The files of the results that hold {@code word} itself (not a typo-tolerant guess). */
  static List<String> paths(Searcher searcher, String word) {
    return searcher.search(SearchRequest.of(word).withLimit(50)).stream()
        .filter(r -> r.matchType() != MatchType.FUZZY)
        .map(r -> r.path()).distinct().collect(Collectors.toList());
  }

  @Test
  void theFeedNamesWhatChangedAndNothingElse() throws IOException {
    Path vault = Files.createDirectories(tmp.resolve("v")).toRealPath();
    Files.createDirectories(vault.resolve("bucket/old"));
    Files.writeString(vault.resolve("bucket/a.md"), "# A\n");
    try (VaultFeed feed = VaultFeed.watchOrWalk(vault, VaultLayout.PROJECTS)) {
      assertThat(feed.changes()).isEqualTo(Changes.EVERYTHING); // the first look walks
      assertThat(feed.changes()).isEqualTo(Changes.NONE);

      Files.writeString(vault.resolve("bucket/a.md"), "# A2\n");
      Files.writeString(vault.resolve("inbox.txt"), "not indexed");
      assertThat(feed.changes().paths()).containsExactly("bucket/a.md");

      Files.createDirectories(vault.resolve("bucket/new/deep"));
      Files.writeString(vault.resolve("bucket/new/deep/b.md"), "# B\n");
      assertThat(feed.changes().paths()).contains("bucket/new");
      Files.writeString(vault.resolve("bucket/new/deep/c.md"), "# C\n"); // a new folder's file
      assertThat(feed.changes().paths()).containsExactly("bucket/new/deep/c.md");

      Files.move(vault.resolve("bucket/new"), vault.resolve("bucket/renamed"));
      assertThat(feed.changes().paths()).containsExactlyInAnyOrder("bucket/new", "bucket/renamed");
      Files.writeString(vault.resolve("bucket/renamed/deep/d.md"), "# D\n");
      assertThat(feed.changes().paths()).containsExactly("bucket/renamed/deep/d.md");
    }
  }

  private static List<String> paths(EmbeddedEngine engine, String query) {
    return engine.search(new EngineQuery(query, Mode.FAST, ChunkFilter.EVERYTHING, 50)).stream()
        .map(h -> h.chunk().path()).distinct().collect(Collectors.toList());
  }
}
