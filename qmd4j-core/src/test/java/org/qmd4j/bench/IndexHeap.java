package org.qmd4j.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.SearchResult;

/**
 * Heap held by the embedded index, compared with the size of the vault.
 *
 * <p>For the on-disk index (built beforehand, so the searcher starts warm) and for the
 * in-memory index: used heap after repeated {@code System.gc()} before opening a searcher,
 * after opening it, and after its first search, while the searcher is still reachable. A
 * throw-away round on a small vault first loads the classes and static tables, so they are
 * not counted.
 *
 * <pre>
 * ./mvnw -q -o -Pbench test-compile exec:exec -Dbench.main=org.qmd4j.bench.IndexHeap \
 *     -Dbench.args="2000"
 * </pre>
 *
 * Arguments: {@code [files=2000] [seed=42]}.
 */
public final class IndexHeap {
  private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

  private IndexHeap() {}

  public static void main(String[] args) throws Exception {
    int files = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
    long seed = args.length > 1 ? Long.parseLong(args[1]) : BenchSupport.SEED;
    Path warmRoot = BenchSupport.newVault(50);
    Path root = java.nio.file.Files.createTempDirectory("qmd4j-heap-");
    try {
      // Load classes and static tables on a small vault, both index kinds.
      for (boolean memory : new boolean[] {false, true}) {
        try (Searcher s = SearchProviders.forVault(BenchSupport.vaultOf(warmRoot),
            BenchSupport.options(warmRoot.resolve("cache"), memory))) {
          for (String q : BenchSupport.QUERIES) s.search(q);
        }
      }

      Path vaultDir = root.resolve("vault");
      VaultGenerator.Stats stats = VaultGenerator.generate(vaultDir, files, seed);
      Path vault = vaultDir.toRealPath();
      Path cache = root.resolve("cache");
      // Build the on-disk index once, so the measured searcher opens it warm.
      try (Searcher s = SearchProviders.forVault(vault, BenchSupport.options(cache, false))) {
        s.search("décision");
      }
      long indexBytes = BenchSupport.bytesUnder(cache);

      System.out.printf(Locale.ROOT, "vault: %d files, %d projects, %,d bytes; on-disk index: "
          + "%,d bytes%n", stats.files(), stats.projects(), stats.bytes(), indexBytes);
      System.out.printf(Locale.ROOT, "java %s, %s, max heap %,d MB%n",
          System.getProperty("java.version"),
          ManagementFactory.getGarbageCollectorMXBeans().get(0).getName(),
          Runtime.getRuntime().maxMemory() >> 20);
      System.out.println();
      System.out.println("| index | after open | after first search | × vault bytes |");
      System.out.println("|---|---:|---:|---:|");
      for (boolean memory : new boolean[] {false, true}) {
        long base = usedAfterGc();
        Searcher searcher = SearchProviders.forVault(vault, BenchSupport.options(cache, memory));
        long opened = usedAfterGc() - base;
        List<SearchResult> hits = searcher.search("décision");
        long searched = usedAfterGc() - base;
        Reference.reachabilityFence(hits);
        Reference.reachabilityFence(searcher);
        System.out.printf(Locale.ROOT, "| %s | %,d B | %,d B | %.2f |%n",
            memory ? "in memory" : "on disk (warm)", opened, searched,
            searched / (double) stats.bytes());
        searcher.close();
      }
    } finally {
      BenchSupport.delete(root);
      BenchSupport.delete(warmRoot);
    }
  }

  private static long usedAfterGc() throws InterruptedException {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 4; i++) {
      System.gc();
      Thread.sleep(50);
      used = Math.min(used, MEMORY.getHeapMemoryUsage().getUsed());
    }
    return used;
  }
}
