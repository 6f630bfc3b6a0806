package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.watch.VaultFeed;

/**
 * A watched index on disk keeps its writer open while changes arrive: an edit is
 * searchable at once, another process sharing the folder still sees it, and the next process
 * starts from a commit that holds it.
 */
class LiveWriterTest {
  @TempDir Path tmp;

  private static List<String> paths(EmbeddedEngine engine, String query) {
    return engine.search(new EngineQuery(query, Mode.FAST, ChunkFilter.EVERYTHING, 20))
        .stream().map(h -> h.chunk().path()).distinct().toList();
  }

  @Test
  void watchedEditsAreSearchableAtOnceSharedAndKeptForTheNextProcess() throws IOException {
    Path vault = Fixtures.copyVault(tmp.resolve("vault")).toRealPath();
    Files.delete(vault.resolve("bucket/export-journal.md")); // 1 MB these tests don't need
    Path index = tmp.resolve("index");
    Path state = vault.resolve("projects/startup-x/state.md");
    Path added = vault.resolve("projects/startup-x/bucket/ornithorynque.md");
    try (EmbeddedEngine watched = EmbeddedEngine.open(vault, index, Chunker.defaults(),
        VaultFeed.watchOrWalk(vault, VaultLayout.PROJECTS), IndexProgress.NONE)) {
      assertThat(watched.watching()).as("Linux watches the vault").isTrue();
      assertThat(paths(watched, "cautionnement")).containsExactly("projects/startup-x/state.md");
      for (String word : List.of("nantissement", "hypothèque", "warrant")) {
        String before = Files.readString(state);
        Files.writeString(state, before.replaceAll("cautionnement|nantissement|hypothèque",
            word));
        assertThat(paths(watched, word)).containsExactly("projects/startup-x/state.md");
      }
      assertThat(paths(watched, "cautionnement")).isEmpty();
      Files.writeString(added, "# Ornithorynque\nUn ornithorynque.\n");
      assertThat(paths(watched, "ornithorynque"))
          .containsExactly("projects/startup-x/bucket/ornithorynque.md");

      // Another process sharing the folder (here: an engine walking at every search) waits
      // for the watched one's commit and answers the same.
      try (EmbeddedEngine other = EmbeddedEngine.open(vault, index, Chunker.defaults())) {
        assertThat(paths(other, "warrant")).containsExactly("projects/startup-x/state.md");
        assertThat(paths(other, "ornithorynque"))
            .containsExactly("projects/startup-x/bucket/ornithorynque.md");
        Files.delete(added);
        assertThat(paths(other, "ornithorynque")).isEmpty();
      }
      assertThat(paths(watched, "ornithorynque")).isEmpty();
      Files.writeString(state, Files.readString(state).replace("warrant", "aval"));
      assertThat(paths(watched, "aval")).containsExactly("projects/startup-x/state.md");
    }
    // Closing committed the last edit: the next process finds it without re-reading it.
    try (EmbeddedEngine next = EmbeddedEngine.open(vault, index, Chunker.defaults())) {
      assertThat(next.refresh().read()).isZero();
      assertThat(paths(next, "aval")).containsExactly("projects/startup-x/state.md");
      assertThat(paths(next, "warrant")).isEmpty();
    }
  }

  /**
   * A long-lived process that keeps writing (an edit every 100 ms: its writer is never idle)
   * lets go of the write lock when another process asks for it: the other one's search
   * answers with its own change instead of waiting out the lock (30 s, then an error).
   */
  @Test
  void aWriterThatNeverIdlesLetsAnotherProcessWriteWhenItAsks() throws Exception {
    Path vault = Fixtures.copyVault(tmp.resolve("vault")).toRealPath();
    Files.delete(vault.resolve("bucket/export-journal.md"));
    Path index = tmp.resolve("index");
    Path state = vault.resolve("projects/startup-x/state.md");
    Path added = vault.resolve("projects/startup-x/bucket/ornithorynque.md");
    java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicReference<Throwable> editFailed =
        new java.util.concurrent.atomic.AtomicReference<>();
    try (EmbeddedEngine watched = EmbeddedEngine.open(vault, index, Chunker.defaults(),
        VaultFeed.watchOrWalk(vault, VaultLayout.PROJECTS), IndexProgress.NONE)) {
      assertThat(paths(watched, "cautionnement")).containsExactly("projects/startup-x/state.md");
      Thread editor = new Thread(() -> {
        for (int i = 0; !stop.get(); i++) {
          try {
            Files.writeString(state, "# État\n\nmotcle" + i + "\n");
            assertThat(paths(watched, "motcle" + i)).containsExactly(
                "projects/startup-x/state.md");
            Thread.sleep(100);
          } catch (Exception | AssertionError e) {
            editFailed.set(e);
            return;
          }
        }
      }, "editor");
      editor.start();
      try {
        Thread.sleep(1_500); // the watched writer is open, with changes never committed
        Files.writeString(added, "# Ornithorynque\nUn ornithorynque.\n");
        try (EmbeddedEngine other = EmbeddedEngine.open(vault, index, Chunker.defaults())) {
          List<String> found = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
              java.time.Duration.ofSeconds(20), () -> paths(other, "ornithorynque"));
          assertThat(found).containsExactly("projects/startup-x/bucket/ornithorynque.md");
        }
      } finally {
        stop.set(true);
        editor.join();
      }
      assertThat(editFailed.get()).as("the edits searched meanwhile").isNull();
      assertThat(paths(watched, "ornithorynque"))
          .containsExactly("projects/startup-x/bucket/ornithorynque.md");
    }
  }
}
