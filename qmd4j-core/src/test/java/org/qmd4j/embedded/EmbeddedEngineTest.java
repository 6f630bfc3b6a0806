package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.search.Mode;
import org.qmd4j.search.Scope;
import org.qmd4j.spi.Hit;
import org.qmd4j.vault.Chunker;

/** The embedded index on disk: freshness, warm starts, damaged caches, sharing. */
class EmbeddedEngineTest {
  private static final ChunkFilter ALL = ChunkFilter.EVERYTHING;

  @TempDir Path tmp;

  private Path vault() throws IOException {
    Path vault = Fixtures.copyVault(tmp.resolve("vault")).toRealPath();
    Files.delete(vault.resolve("bucket/export-journal.md")); // 1 MB that these tests don't need
    return vault;
  }

  private static List<String> paths(EmbeddedEngine engine, String query) {
    return engine.search(fast(query, 50)).stream()
        .map(h -> h.chunk().path()).collect(Collectors.toList());
  }

  @Test
  void editedAddedAndDeletedFilesAreSeenByTheNextSearch() throws IOException {
    Path vault = vault();
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, tmp.resolve("index"),
        Chunker.defaults())) {
      assertThat(paths(engine, "cautionnement")).containsExactly("projects/startup-x/state.md");

      Path state = vault.resolve("projects/startup-x/state.md");
      Files.writeString(state, Files.readString(state).replace("cautionnement", "nantissement"));
      assertThat(paths(engine, "cautionnement")).isEmpty();
      assertThat(paths(engine, "nantissement")).containsExactly("projects/startup-x/state.md");

      Path added = vault.resolve("projects/startup-x/bucket/nouvelle-note.md");
      Files.writeString(added, "---\nupdated: 2025-09-01\n---\n# Quokka\nUn quokka.\n");
      assertThat(paths(engine, "quokka"))
          .containsExactly("projects/startup-x/bucket/nouvelle-note.md");

      Files.delete(added);
      assertThat(paths(engine, "quokka")).isEmpty();
    }
  }

  @Test
  void sameSizeEditWithinTheSameTimestampIsStillSeen() throws IOException {
    Path vault = vault();
    Path file = vault.resolve("bucket/liens-utiles.md");
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, null, Chunker.defaults())) {
      // Two writes within one timestamp tick (coarse file systems, fast editors).
      FileTime time = FileTime.fromMillis(System.currentTimeMillis());
      Files.writeString(file, "# Zorglub\nvariante zorglub\n");
      Files.setLastModifiedTime(file, time);
      assertThat(paths(engine, "zorglub")).containsExactly("bucket/liens-utiles.md");
      // Same size, same modification time: only the content hash tells.
      Files.writeString(file, "# Zarglob\nvariante zarglob\n");
      Files.setLastModifiedTime(file, time);
      assertThat(paths(engine, "zorglub")).isEmpty();
      assertThat(paths(engine, "zarglob")).containsExactly("bucket/liens-utiles.md");
    }
  }

  @Test
  void unchangedVaultStartsWarmWithoutReadingFiles() throws IOException {
    Path vault = vault();
    Path index = tmp.resolve("index");
    try (EmbeddedEngine first = EmbeddedEngine.open(vault, index, Chunker.defaults())) {
      assertThat(first.refresh().indexed()).isEqualTo(58);
    }
    // Make every file old enough not to be "racy", as it would be on a real vault.
    try (Stream<Path> files = Files.walk(vault)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        Files.setLastModifiedTime(f, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
      }
    }
    try (EmbeddedEngine second = EmbeddedEngine.open(vault, index, Chunker.defaults())) {
      RefreshStats stats = second.refresh();
      assertThat(stats.read()).isGreaterThan(50); // new times: each file is read once...
      assertThat(stats.indexed()).isZero(); // ...and, its bytes being the same, not re-indexed
    }
    try (EmbeddedEngine third = EmbeddedEngine.open(vault, index, Chunker.defaults())) {
      RefreshStats stats = third.refresh();
      assertThat(stats.read()).isZero();
      assertThat(stats.indexed()).isZero();
      assertThat(stats.removed()).isZero();
      assertThat(paths(third, "cautionnement")).containsExactly("projects/startup-x/state.md");
    }
  }

  @Test
  void oneEditReindexesOneFile() throws IOException {
    Path vault = vault();
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, tmp.resolve("index"),
        Chunker.defaults())) {
      engine.refresh();
      Path state = vault.resolve("projects/jardin-potager/state.md");
      Files.writeString(state, Files.readString(state) + "\nTomates cerises.\n");
      RefreshStats stats = engine.refresh();
      assertThat(stats.indexed()).isEqualTo(1);
      assertThat(stats.removed()).isZero();
    }
  }

  @Test
  void damagedCacheIsRebuilt() throws IOException {
    Path vault = vault();
    Path index = tmp.resolve("index");
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, index, Chunker.defaults())) {
      engine.refresh();
    }
    try (Stream<Path> files = Files.list(index)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (!f.getFileName().toString().equals("write.lock")) {
          Files.write(f, "garbage".getBytes(StandardCharsets.UTF_8));
        }
      }
    }
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, index, Chunker.defaults())) {
      assertThat(paths(engine, "cautionnement")).containsExactly("projects/startup-x/state.md");
    }
  }

  @Test
  void cacheWithOtherSettingsIsRebuilt() throws IOException {
    Path vault = vault();
    Path index = tmp.resolve("index");
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, index, new Chunker(3600, 100_000))) {
      // One chunk for the whole dense day.
      assertThat(engine.search(fast("webhook", 5)).get(0).chunk().lines().from())
          .isEqualTo(21);
    }
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, index, Chunker.defaults())) {
      assertThat(engine.search(fast("webhook", 5)).get(0).chunk().lines().from())
          .isEqualTo(29);
    }
  }

  @Test
  void twoEnginesSharingOneFolderStayConsistent() throws Exception {
    Path vault = vault();
    Path index = tmp.resolve("index");
    try (EmbeddedEngine a = EmbeddedEngine.open(vault, index, Chunker.defaults());
        EmbeddedEngine b = EmbeddedEngine.open(vault, index, Chunker.defaults())) {
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try {
        List<Future<?>> futures = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
          int n = i;
          futures.add(pool.submit(() -> {
            Path note = vault.resolve("bucket/partage-" + n + ".md");
            Files.writeString(note, "# Note " + n + "\nmotpartage" + n + "\n");
            return null;
          }));
          futures.add(pool.submit(() -> a.search(fast("décision", 5))));
          futures.add(pool.submit(() -> b.search(fast("décision", 5))));
        }
        for (Future<?> f : futures) f.get();
      } finally {
        pool.shutdown();
      }
      for (int i = 0; i < 20; i++) {
        // Prefix matching also finds motpartage1x for motpartage1: the exact one comes first.
        assertThat(paths(a, "motpartage" + i)).first().isEqualTo("bucket/partage-" + i + ".md");
        assertThat(paths(b, "motpartage" + i)).first().isEqualTo("bucket/partage-" + i + ".md");
      }
    }
    try (EmbeddedEngine c = EmbeddedEngine.open(vault, index, Chunker.defaults())) {
      assertThat(paths(c, "motpartage7")).containsExactly("bucket/partage-7.md");
      assertThat(c.fileCount()).isEqualTo(58 + 20);
    }
  }

  @Test
  void scoresFollowTheBm25Formula() {
    assertThat(Ranker.normalize(1f, 0)).isEqualTo(0.5);
    // Every word of two held: [0.5, 1), BM25 5 in the middle of the band.
    assertThat(Ranker.normalize(QueryPlan.TIER * 2 + 5f, 2)).isEqualTo(0.75);
    // One word of two: [0.25, 0.5).
    assertThat(Ranker.normalize(QueryPlan.TIER + 5f, 2)).isEqualTo(0.375);
    assertThat(Ranker.normalize(QueryPlan.TIER + 5000f, 2)).isLessThan(0.5);
    assertThat(Ranker.normalize(0f, 2)).isZero();
  }

  @Test
  void hitsCarryChunkerLineRanges() throws IOException {
    Path vault = vault();
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, null, Chunker.defaults())) {
      Hit hit = engine.search(fast("cautionnement", 1)).get(0);
      List<String> lines = Files.readAllLines(vault.resolve(hit.chunk().path()));
      assertThat(hit.chunk().text()).isEqualTo(String.join("\n",
          lines.subList(hit.chunk().lines().from() - 1, hit.chunk().lines().to())));
    }
  }

  private static EngineQuery fast(String query, int limit) {
    return new EngineQuery(query, Mode.FAST, ALL, limit);
  }
}
