package org.qmd4j.embedded;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.vault.Chunker;

/**
 * Prints what a warm one-shot search costs (the command line's path without picocli) in
 * bytes allocated, which does not depend on the machine's load as time does: open
 * the index, walk the vault against the records, one search. Not a test:
 * {@code java -cp ... org.qmd4j.embedded.OneShotCosts <folder with vault/ and index/>}.
 */
public final class OneShotCosts {
  private OneShotCosts() {}

  public static void main(String[] args) throws Exception {
    Path root = Path.of(args[0]);
    long before = allocated();
    int hits;
    try (EmbeddedEngine engine = EmbeddedEngine.open(root.resolve("vault").toRealPath(),
        root.resolve("index"), Chunker.defaults())) {
      hits = engine.search(new EngineQuery("décision", Mode.FAST, ChunkFilter.EVERYTHING, 10))
          .size();
    }
    System.out.printf("hits %d, allocated %.1f MB (all threads)%n", hits,
        (allocated() - before) / 1e6);
  }

  private static long allocated() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    return Arrays.stream(threads.getThreadAllocatedBytes(threads.getAllThreadIds()))
        .filter(b -> b > 0).sum();
  }
}
