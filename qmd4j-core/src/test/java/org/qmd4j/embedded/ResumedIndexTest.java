package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.VaultLayout;

/**
 * A first index that is interrupted keeps what it committed at its checkpoints: the next
 * process indexes only the rest.
 */
class ResumedIndexTest {
  @TempDir Path tmp;

  /** Stands for the process being stopped while it indexes. */
  private static final class Stopped extends Error {
    Stopped() {
      super("stopped");
    }
  }

  @Test
  void anInterruptedFirstIndexResumesFromItsLastCheckpoint() throws IOException {
    Path vault = Files.createDirectories(tmp.resolve("vault")).toRealPath();
    Path notes = Files.createDirectories(vault.resolve("bucket"));
    int files = 2_500; // many checkpoints of at least 100 files
    for (int i = 0; i < files; i++) {
      Files.writeString(notes.resolve("note-" + i + ".md"), "# Note " + i + "\nMot" + i + ".\n");
    }
    Path index = tmp.resolve("index");
    Map<String, String> stamp = Map.of("format", "test");
    // Stopped at the end of its pass, after its checkpoints, before its last commit.
    IndexProgress stopAtTheEnd = (done, total, elapsed, finished) -> {
      if (finished) throw new Stopped();
    };
    IndexStore first = new IndexStore(FSDirectory.open(index), index.toString(), stamp, Vectors.NONE);
    try {
      Refresher refresher = new Refresher(vault, VaultLayout.PROJECTS, Chunker.defaults(),
          first, stopAtTheEnd);
      refresher.checkpointEvery(Duration.ZERO);
      assertThatThrownBy(refresher::refresh).isInstanceOf(Stopped.class);
    } finally {
      first.close();
    }
    IndexStore next = new IndexStore(FSDirectory.open(index), index.toString(), stamp, Vectors.NONE);
    try {
      Refresher refresher = new Refresher(vault, VaultLayout.PROJECTS, Chunker.defaults(),
          next, IndexProgress.NONE);
      int committed = refresher.fileCount();
      assertThat(committed).as("files committed at the checkpoints").isPositive()
          .isLessThan(files);
      assertThat(next.chunkCount()).as("whole files only").isEqualTo(committed);
      RefreshStats resumed = refresher.refresh();
      assertThat(resumed.indexed()).isEqualTo(files - committed);
      assertThat(refresher.fileCount()).isEqualTo(files);
      assertThat(next.chunkCount()).isEqualTo(files);
    } finally {
      next.close();
    }
  }
}
