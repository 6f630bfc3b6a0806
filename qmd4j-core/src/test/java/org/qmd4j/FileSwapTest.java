package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.concat.Block;
import org.qmd4j.search.NoteNotFoundException;
import org.qmd4j.search.PathRefusedException;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/** Files changed in ways a size-and-mtime check or a check-then-open misses. */
class FileSwapTest {

  @Test
  void anEditKeepingSizeAndRestoringTheMtimeIsSeen(@TempDir Path tmp) throws IOException {
    Path vault = Files.createDirectories(tmp.resolve("vault"));
    Path note = Files.createDirectories(vault.resolve("bucket")).resolve("n.md");
    FileTime hourAgo = FileTime.from(Instant.now().minusSeconds(3_600));
    Files.writeString(note, "# alpha\n");
    Files.setLastModifiedTime(note, hourAgo);
    SearchOptions options = Fixtures.memoryOptions().withInMemoryIndex(false)
        .withCacheDir(tmp.resolve("cache"));
    try (Searcher searcher = SearchProviders.forVault(vault, options)) {
      assertThat(searcher.search("alpha")).hasSize(1);
      Files.writeString(note, "# omega\n"); // same size
      Files.setLastModifiedTime(note, hourAgo); // same mtime: only ctime tells
      assertThat(searcher.search("omega")).extracting(SearchResult::path)
          .containsExactly("bucket/n.md");
      assertThat(searcher.search("alpha")).isEmpty();
    }
    // A later process too (its records come from the index on disk).
    try (Searcher later = SearchProviders.forVault(vault, options)) {
      Files.writeString(note, "# gamma\n");
      Files.setLastModifiedTime(note, hourAgo);
      assertThat(later.search("gamma")).hasSize(1);
    }
  }

  @Test
  void aNoteSwappedWithALinkToOutsideNeverLeaksThroughReadOrSearch(@TempDir Path tmp)
      throws Exception {
    Path vault = Files.createDirectories(tmp.resolve("vault"));
    Path secret = Files.writeString(tmp.resolve("secret.md"), "# outsidesecret\n");
    Path bucket = Files.createDirectories(vault.resolve("bucket"));
    Path note = bucket.resolve("n.md");
    Path regular = Files.writeString(tmp.resolve("regular.md"), "# insidetext\n");
    Path link = tmp.resolve("link.md");
    Files.createSymbolicLink(link, secret);
    Files.copy(regular, note);
    AtomicBoolean stop = new AtomicBoolean();
    Thread swapper = new Thread(() -> {
      try {
        while (!stop.get()) {
          Files.copy(link, bucket.resolve(".tmp"), StandardCopyOption.REPLACE_EXISTING,
              java.nio.file.LinkOption.NOFOLLOW_LINKS);
          Files.move(bucket.resolve(".tmp"), note, StandardCopyOption.ATOMIC_MOVE);
          Files.copy(regular, bucket.resolve(".tmp"), StandardCopyOption.REPLACE_EXISTING);
          Files.move(bucket.resolve(".tmp"), note, StandardCopyOption.ATOMIC_MOVE);
        }
      } catch (IOException e) {
        throw new RuntimeException(e);
      }
    });
    int reads = 0;
    int searches = 0;
    int refused = 0;
    swapper.start();
    try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
      // At least 2 s and 200 reads in the full tier; 0.5 s and 50 reads in the fast one.
      long end = System.currentTimeMillis() + TestTier.rounds(500, 2_000);
      int atLeast = TestTier.rounds(50, 200);
      while (System.currentTimeMillis() < end || reads < atLeast) {
        try {
          Block block = searcher.read("bucket/n.md");
          assertThat(block.markdown()).doesNotContain("outsidesecret");
          reads++;
        } catch (PathRefusedException | NoteNotFoundException e) {
          refused++;
        }
        for (SearchResult r : searcher.search(SearchRequest.of("outsidesecret insidetext"))) {
          assertThat(r.chunk()).doesNotContain("outsidesecret");
        }
        searches++;
      }
    } finally {
      stop.set(true);
      swapper.join();
    }
    System.out.printf("FileSwapTest: %d reads, %d refused, %d searches, 0 leaks%n", reads,
        refused, searches);
  }
}
