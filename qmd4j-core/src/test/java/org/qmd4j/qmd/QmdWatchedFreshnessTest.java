package org.qmd4j.qmd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.ConcurrentFreshness;
import org.qmd4j.RandomVaultEdits;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.BinaryLocator;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.ProcessRunner;
import org.qmd4j.spi.QmdOptions;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.watch.VaultFeed;

/**
 * The qmd engine of a long-lived searcher takes its freshness from the vault watcher: it
 * walks the vault only after a change the watcher saw, and is still never stale.
 * Files and folders are added, edited, renamed and deleted at random, each step searched at
 * once through the real qmd, also while other threads search beside the writer (watched, and
 * walked at every search with the walk beside qmd's answer). Skipped, saying why, when no qmd
 * 2.x is on PATH.
 */
@Tag("qmd")
@Tag("slow")
class QmdWatchedFreshnessTest {
  @TempDir Path tmp;

  @Test
  void everyEditIsSeenByTheSearchRightAfterIt() throws IOException {
    QmdBinary qmd = qmdOrSkip();
    RandomVaultEdits edits = RandomVaultEdits.newVault(tmp.resolve("vault"),
        "QmdWatchedFreshnessTest");
    Path vault = edits.vault();
    long seed = edits.seed();
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("XDG_CACHE_HOME", tmp.resolve("xdg-cache").toString()); // qmd's models: not ours
    VaultFeed feed = VaultFeed.watchOrWalk(vault, VaultLayout.PROJECTS);
    assertThat(feed.watching()).as("Linux watches the vault").isTrue();
    try (QmdEngine engine = QmdEngine.open(vault, VaultLayout.PROJECTS, tmp.resolve("qmd"),
        qmd, QmdOptions.DEFAULT, Chunker.defaults(), env, feed)) {
      for (int step = 0; step < 30; step++) {
        String what = edits.step();
        for (String token : edits.toCheck(step == 29)) {
          assertThat(paths(engine, token))
              .as("seed %d, step %d (%s): files holding %s", seed, step, what, token)
              .containsExactlyInAnyOrderElementsOf(edits.holding(token));
        }
      }
    }
    assertThat(feed.changes()).as("the engine closed its feed")
        .isEqualTo(VaultFeed.Changes.EVERYTHING);
  }

  /**
   * qmd reads an identifier as one word, so a search for one of its parts asks qmd for the
   * vault's identifiers by name. With the vault watched, those identifiers come from the
   * watcher's view of the vault: a note added, changed or deleted after the first search must
   * still be found by a part of its identifier at once, and no longer once the identifier is
   * gone.
   */
  @Test
  void anIdentifierWrittenAfterTheFirstSearchIsFoundByItsPartAtOnce() throws IOException {
    QmdBinary qmd = qmdOrSkip();
    Path vault = tmp.resolve("vault");
    Path notes = Files.createDirectories(vault.resolve("bucket"));
    Files.writeString(notes.resolve("start.md"), "# Start\n\nA note about the garden.\n");
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("XDG_CACHE_HOME", tmp.resolve("xdg-cache").toString());
    VaultFeed feed = VaultFeed.watchOrWalk(vault, VaultLayout.PROJECTS);
    try (QmdEngine engine = QmdEngine.open(vault, VaultLayout.PROJECTS, tmp.resolve("qmd"),
        qmd, QmdOptions.DEFAULT, Chunker.defaults(), env, feed)) {
      assertThat(paths(engine, "garden")).containsExactly("bucket/start.md");
      assertThat(paths(engine, "heron")).as("no identifier holds the part yet").isEmpty();

      Files.writeString(notes.resolve("client.md"),
          "# Client\n\nCall `GreyHeronClientFactory` before the first request.\n");
      assertThat(paths(engine, "heron")).as("the new note, by a part of its identifier")
          .containsExactly("bucket/client.md");

      Files.writeString(notes.resolve("start.md"),
          "# Start\n\nThe garden keeps a `heronWatchList` too.\n");
      assertThat(paths(engine, "heron")).as("an edited note gains an identifier")
          .containsExactlyInAnyOrder("bucket/client.md", "bucket/start.md");

      Files.delete(notes.resolve("client.md"));
      assertThat(paths(engine, "heron")).as("the deleted note is gone, the edited one stays")
          .containsExactly("bucket/start.md");
    }
  }

  /** Without the resident session: each search starts a qmd process. */
  @Test
  void everyEditIsSeenByTheWritersSearchWhileOthersSearchBesideIt() throws Exception {
    concurrently(true);
  }

  /**
   * Without the resident session and with the vault walked at every search. A search whose
   * qmd process outlived another's update made SQLite move that update's pages into the index
   * file when it closed; taken for damage, the index was rebuilt under the searches in flight,
   * which answered nothing (one write of about 35 missed, in one run of two).
   */
  @Test
  void everyEditIsSeenWhileOthersSearchBesideItWhenTheVaultIsWalkedAtEverySearch()
      throws Exception {
    concurrently(false);
  }

  /** qmd costs about a quarter of a second per update: fewer steps than the embedded engine. */
  private void concurrently(boolean watch) throws Exception {
    QmdBinary qmd = qmdOrSkip();
    RandomVaultEdits edits = RandomVaultEdits.newVault(tmp.resolve("vault"),
        "QmdWatchedFreshnessTest.concurrent" + (watch ? "" : " walked"));
    Path vault = edits.vault();
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("XDG_CACHE_HOME", tmp.resolve("xdg-cache").toString());
    VaultFeed feed = watch ? VaultFeed.watchOrWalk(vault, VaultLayout.PROJECTS)
        : VaultFeed.walkEveryTime(VaultLayout.PROJECTS);
    try (QmdEngine engine = QmdEngine.open(vault, VaultLayout.PROJECTS, tmp.resolve("qmd"),
        qmd, QmdOptions.DEFAULT, Chunker.defaults(), env, feed)) {
      // Two searcher threads: without the resident session (in qmd4j-mcp) every search here
      // starts a qmd process.
      ConcurrentFreshness.run(edits, 25, 2, word -> paths(engine, word),
          word -> paths(engine, word)).assertNeverStale();
    }
  }

  /** The qmd 2.x found on PATH; the test is skipped, saying why, when there is none. */
  private static QmdBinary qmdOrSkip() {
    QmdBinary.Probe probe = BinaryLocator.fromEnvironment(System.getenv()).locate()
        .map(path -> QmdBinary.probe(path, ProcessRunner.system()))
        .orElse(new QmdBinary.Probe(Optional.empty(), "no qmd on PATH"));
    Assumptions.assumeTrue(probe.binary().isPresent(),
        () -> "qmd 2.x not found on PATH: " + probe.problem());
    return probe.binary().get();
  }

  private static List<String> paths(QmdEngine engine, String query) {
    return engine.search(new EngineQuery(query, Mode.FAST, ChunkFilter.EVERYTHING, 50)).stream()
        .map(h -> h.chunk().path()).distinct().collect(Collectors.toList());
  }
}
