package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.find.FindRequest;
import org.qmd4j.search.NoteNotFoundException;
import org.qmd4j.search.PathRefusedException;
import org.qmd4j.search.SearchResult;

/**
 * A note that is, or is swapped for, a named pipe (FIFO) must never block a read or
 * a search (opening a FIFO for reading waits for a writer). The bounds below only keep a
 * regression from hanging the build; nothing here is timed.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class PipeNoteTest {
  private static final Duration HANG_GUARD = Duration.ofMinutes(2);

  @TempDir Path tmp;

  private static void mkfifo(Path path) throws Exception {
    Process p = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
    assertThat(p.waitFor()).as("mkfifo " + path).isZero();
  }

  @Test
  void aPipeNamedLikeANoteIsRefusedByReadAndSkippedBySearchAndFind() throws Exception {
    Path vault = Files.createDirectories(tmp.resolve("vault"));
    Path bucket = Files.createDirectories(vault.resolve("bucket"));
    Files.writeString(bucket.resolve("a.md"), "---\ntype: note\n---\n# alpha\n");
    mkfifo(bucket.resolve("pipe.md"));
    assertTimeoutPreemptively(HANG_GUARD, () -> {
      try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
        assertThat(searcher.search("alpha")).extracting(SearchResult::path)
            .containsExactly("bucket/a.md");
        assertThatThrownBy(() -> searcher.read("bucket/pipe.md"))
            .isInstanceOf(PathRefusedException.class)
            .hasMessage("Refused path 'bucket/pipe.md': it is not a regular file; only regular "
                + "files inside the vault can be read");
        assertThat(searcher.find(FindRequest.newBuilder().folder("bucket")
            .where("type eq note").build()).results())
            .extracting(r -> r.path()).containsExactly("bucket/a.md");
      }
    });
  }

  @Test
  void aNoteSwappedForAPipeAgainAndAgainNeverBlocksReadOrSearch() throws Exception {
    Path vault = Files.createDirectories(tmp.resolve("vault"));
    Path bucket = Files.createDirectories(vault.resolve("bucket"));
    Path note = bucket.resolve("n.md");
    Path fifo = bucket.resolve(".fifo");
    Path parked = bucket.resolve(".parked");
    Files.writeString(note, "# insidetext\n");
    mkfifo(fifo);
    AtomicBoolean stop = new AtomicBoolean();
    AtomicInteger swaps = new AtomicInteger();
    Thread swapper = new Thread(() -> {
      try {
        while (!stop.get()) { // the note and the pipe trade places
          Files.move(note, parked, StandardCopyOption.ATOMIC_MOVE);
          Files.move(fifo, note, StandardCopyOption.ATOMIC_MOVE);
          Thread.onSpinWait();
          Files.move(note, fifo, StandardCopyOption.ATOMIC_MOVE);
          Files.move(parked, note, StandardCopyOption.ATOMIC_MOVE);
          swaps.incrementAndGet();
        }
      } catch (IOException e) {
        throw new RuntimeException(e);
      }
    });
    int[] counts = new int[3]; // read, refused, searches
    swapper.start();
    try {
      assertTimeoutPreemptively(HANG_GUARD, () -> {
        try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
          while (counts[0] + counts[1] < 300) {
            try {
              assertThat(searcher.read("bucket/n.md").markdown()).contains("insidetext");
              counts[0]++;
            } catch (PathRefusedException | NoteNotFoundException e) {
              counts[1]++;
            }
            for (SearchResult r : searcher.search("insidetext")) {
              assertThat(r.chunk()).isEqualTo("# insidetext");
            }
            counts[2]++;
          }
        }
      });
    } finally {
      stop.set(true);
      swapper.join();
    }
    assertThat(swaps.get()).isPositive();
    System.out.printf("PipeNoteTest: %d reads, %d refused, %d searches, %d swaps, none blocked%n",
        counts[0], counts[1], counts[2], swaps.get());
  }

  @Test
  void aFolderOrMissingEntryIsStillReportedAsBefore() throws Exception {
    Path vault = Files.createDirectories(tmp.resolve("vault"));
    Files.createDirectories(vault.resolve("bucket/sub.md"));
    assertThatThrownBy(() -> org.qmd4j.vault.InsideVault.readAllBytes(vault.toRealPath(),
        "bucket/none.md")).isInstanceOf(NoSuchFileException.class);
    assertThatThrownBy(() -> org.qmd4j.vault.InsideVault.readAllBytes(vault.toRealPath(),
        "bucket/sub.md")).hasMessageContaining("a folder, not a file");
  }
}
