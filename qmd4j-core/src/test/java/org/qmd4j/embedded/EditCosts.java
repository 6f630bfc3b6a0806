package org.qmd4j.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.FSDirectory;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.watch.VaultFeed;

/**
 * Prints what a watched edit costs in counts, not time: commits made while the
 * search right after an edit ran, whether the edit was found. Not a test:
 * {@code java -cp ... org.qmd4j.embedded.EditCosts <folder with vault/>}.
 */
public final class EditCosts {
  private EditCosts() {}

  public static void main(String[] args) throws Exception {
    Path root = Path.of(args[0]);
    Path vault = root.resolve("vault").toRealPath();
    Path index = root.resolve("index-edits");
    List<Path> notes;
    try (Stream<Path> walk = Files.walk(vault.resolve("projects"))) {
      notes = walk.filter(p -> p.toString().endsWith(".md")).sorted().limit(400).toList();
    }
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, index, Chunker.defaults(),
        VaultFeed.watchOrWalk(vault, VaultLayout.PROJECTS), IndexProgress.NONE);
        FSDirectory dir = FSDirectory.open(index)) {
      engine.refresh();
      mark("edits-start"); // for strace: the edits start after this stat
      long start = generation(dir);
      int commitsInSearch = 0;
      int found = 0;
      int edits = 20;
      for (int i = 0; i < edits; i++) {
        String word = "zorglub" + (char) ('a' + i) + "x";
        Files.writeString(notes.get(i * 17), "\n" + word + "\n", StandardOpenOption.APPEND);
        long before = generation(dir);
        if (!engine.search(new EngineQuery(word, Mode.FAST, ChunkFilter.EVERYTHING, 5))
            .isEmpty()) {
          found++;
        }
        commitsInSearch += (int) (generation(dir) - before);
      }
      long afterEdits = generation(dir);
      mark("edits-end");
      Thread.sleep(4_000); // idle: the watched engine commits what it holds
      engine.search(new EngineQuery("zorglubax", Mode.FAST, ChunkFilter.EVERYTHING, 5));
      System.out.printf("edits %d, found %d, commits during the searches %d, commits in all"
          + " by the end of the edits %d, after 4 s idle and one more search %d%n", edits,
          found, commitsInSearch, afterEdits - start, generation(dir) - start);
    }
  }

  private static void mark(String name) {
    Files.exists(Path.of("/tmp/qmd4j-marker-" + name));
  }

  private static long generation(FSDirectory dir) throws IOException {
    return SegmentInfos.getLastCommitGeneration(dir.listAll());
  }
}
