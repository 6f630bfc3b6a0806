package org.qmd4j.qmd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.cache.NoteCache;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.MatchType;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.VaultLayout;
import static org.assertj.core.api.Assertions.assertThat;

class QmdChunksTest {
  @TempDir Path tmp;

  /** qmd's order among equal documents may change when its index is rebuilt. */
  @Test
  void equalScoresAreOrderedByPathThenLineNotByQmdsOrder() throws IOException {
    Path vault = tmp.toRealPath();
    List<QmdJson.DocHit> docs = new ArrayList<>();
    for (String p : List.of("c", "a", "b")) {
      Path file = Files.createDirectories(vault.resolve("projects/" + p)).resolve("tasks.md");
      Files.writeString(file, "# Même tâche\négalité\n\n# Même tâche\négalité\n");
      docs.add(new QmdJson.DocHit("projects/" + p + "/tasks.md", 0.5, 1));
    }
    List<String> ranked = new ArrayList<>();
    for (Hit h : QmdChunks.rank(docs, "égalité", c -> true, 10, MatchType.KEYWORD,
        new NoteCache(vault, VaultLayout.PROJECTS, Chunker.defaults()))) {
      ranked.add(h.chunk().path() + ":" + h.chunk().lines().from() + " " + h.score());
    }
    assertThat(ranked).containsExactly(
        "projects/a/tasks.md:1 0.6", "projects/a/tasks.md:4 0.6",
        "projects/b/tasks.md:1 0.6", "projects/b/tasks.md:4 0.6",
        "projects/c/tasks.md:1 0.6", "projects/c/tasks.md:4 0.6");
  }

  @Test
  void aChunkHoldingNoQueryWordScoresInTheLowBandWhateverQmdsScore() {
    assertThat(QmdChunks.score(1.0, 0, 1)).isLessThan(0.2);
    assertThat(QmdChunks.score(1.0, 0, 4)).isLessThan(0.125);
    assertThat(QmdChunks.score(0.0, 1, 1)).isGreaterThanOrEqualTo(0.5);
  }

  @Test
  void qmdIsAskedForMoreDocumentsOnlyWhenItHadMoreAndThePageMayMissBetterChunks() {
    List<Hit> partial = List.of(new Hit(chunk(), 0.3, MatchType.KEYWORD));
    List<Hit> full = List.of(new Hit(chunk(), 0.7, MatchType.KEYWORD));
    assertThat(QmdChunks.mayMissBetter(partial, 1, 10, 10)).isTrue();
    assertThat(QmdChunks.mayMissBetter(full, 1, 10, 10)).isFalse();
    assertThat(QmdChunks.mayMissBetter(full, 5, 10, 10)).as("a short page").isTrue();
    assertThat(QmdChunks.mayMissBetter(partial, 1, 7, 10)).as("qmd had no more").isFalse();
    assertThat(QmdChunks.mayMissBetter(partial, 1, 500, 500)).as("at the most").isFalse();
    assertThat(QmdChunks.widened(10)).isEqualTo(100);
    assertThat(QmdChunks.widened(100)).isEqualTo(QmdChunks.MAX_ROWS);
  }

  private static Chunk chunk() {
    return new Chunk(new VaultFile("a.md", FileKind.NOTE, Optional.empty()), 0,
        new LineRange(1, 1), "a", List.of(), Optional.empty());
  }
}
