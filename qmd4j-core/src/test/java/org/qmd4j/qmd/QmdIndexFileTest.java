package org.qmd4j.qmd;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.Searcher;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.BinaryLocator;

/**
 * What happens to qmd's private index file under a running searcher, with the real qmd: a
 * search process that outlives an update makes SQLite move the update's logged pages into the
 * file when it closes, which is not damage (taking it for damage rebuilt the index under
 * searches in flight, and they answered nothing); a deleted index is rebuilt and the next edit
 * is found.
 */
@Tag("qmd")
class QmdIndexFileTest {
  @TempDir Path tmp;

  @Test
  void pagesMovedInByTheLastProcessToCloseTheIndexAreNotTakenForDamage() throws Exception {
    Path vault = Fixtures.copyVault(tmp.resolve("vault")).toRealPath();
    try (Searcher searcher = RealQmd.open(vault, tmp)) {
      assertThat(paths(searcher, "webhook")).isNotEmpty();
      Path index = Path.of(searcher.describe().indexLocation());
      Object inode = Files.getAttribute(index, "unix:ino", LinkOption.NOFOLLOW_LINKS);
      Process reader = holdOpen(index); // as a qmd search started before the update would
      try {
        append(vault.resolve("projects/startup-x/tasks.md"), "zorglubique");
        assertThat(paths(searcher, "zorglubique")).containsExactly("projects/startup-x/tasks.md");
        assertThat(Files.size(Path.of(index + "-wal"))).as("the update's pages wait in the log")
            .isGreaterThan(32);
      } finally {
        reader.getOutputStream().close();
      }
      assertThat(reader.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(reader.exitValue()).as("the reader closed the index").isZero();
      assertThat(Files.exists(Path.of(index + "-wal"))).as("the last to close moved them in")
          .isFalse();

      assertThat(paths(searcher, "zorglubique")).containsExactly("projects/startup-x/tasks.md");
      assertThat(Files.getAttribute(index, "unix:ino", LinkOption.NOFOLLOW_LINKS))
          .as("the same index file: not rebuilt").isEqualTo(inode);
    }
  }

  @Test
  void aDeletedIndexIsRebuiltAndTheNextEditIsFound() throws Exception {
    Path vault = Fixtures.copyVault(tmp.resolve("vault")).toRealPath();
    try (Searcher searcher = RealQmd.open(vault, tmp)) {
      List<String> before = paths(searcher, "webhook");
      assertThat(before).isNotEmpty();
      Path index = Path.of(searcher.describe().indexLocation());
      for (String suffix : List.of("", "-wal", "-shm")) {
        Files.deleteIfExists(Path.of(index + suffix));
      }
      assertThat(paths(searcher, "webhook")).isEqualTo(before);
      append(vault.resolve("projects/startup-x/state.md"), "zorglubette");
      assertThat(paths(searcher, "zorglubette")).containsExactly("projects/startup-x/state.md");
      assertThat(index).isRegularFile();
    }
  }

  private static List<String> paths(Searcher searcher, String word) {
    return searcher.search(SearchRequest.of(word)).stream().map(SearchResult::path).distinct()
        .collect(Collectors.toList());
  }

  private static void append(Path file, String word) throws IOException {
    Files.writeString(file, "\n" + word + " est le mot ajouté.\n", StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);
  }

  /**
   * A Node process with the index open read-write through qmd's own SQLite binding (as a qmd
   * search has it), until its standard input closes; skips when that binding is not found
   * beside the qmd on PATH (the layout .ci/install-qmd.sh makes).
   */
  private static Process holdOpen(Path index) throws IOException, InterruptedException {
    Path qmd = BinaryLocator.fromEnvironment(System.getenv()).locate().orElseThrow()
        .toRealPath();
    Path home = qmd.getParent().getParent();
    Path node = qmd.getParent().resolve("node");
    Path binding = home.resolve("qmd/node_modules/better-sqlite3");
    Assumptions.assumeTrue(Files.isExecutable(node) && Files.isDirectory(binding),
        () -> "no node and better-sqlite3 beside " + qmd + " (.ci/install-qmd.sh puts them"
            + " there)");
    String script = "const D = require(process.argv[1]); const db = new D(process.argv[2]);"
        + "db.prepare('select count(*) from documents').get(); console.log('open');"
        + "process.stdin.on('data', () => {}); process.stdin.on('end', () => db.close());";
    Process p = new ProcessBuilder(node.toString(), "-e", script, binding.toString(),
        index.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    byte[] line = new byte[5];
    assertThat(p.getInputStream().readNBytes(line, 0, 5)).isEqualTo(5);
    assertThat(new String(line, StandardCharsets.US_ASCII)).isEqualTo("open\n");
    return p;
  }
}
