package org.qmd4j.embedded;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Terms;
import org.apache.lucene.store.FSDirectory;
import org.qmd4j.vault.Chunker;

/**
 * Prints what a first index costs in counts that do not depend on the machine's load: the
 * process's CPU time and the garbage collector's, bytes allocated, then per field
 * the postings (terms, postings, positions) and per kind of index file its bytes. Not a test:
 * {@code java -cp ... org.qmd4j.embedded.IndexCosts VAULT INDEX_DIR} (the index folder is
 * emptied first). CPU time depends on the JVM's flags (the launcher's one-shot commands run
 * {@code -XX:TieredStopAtLevel=1 -XX:+UseSerialGC}); compare runs with the same flags.
 */
public final class IndexCosts {
  private IndexCosts() {}

  public static void main(String[] args) throws Exception {
    Path vault = Path.of(args[0]).toRealPath();
    Path index = Path.of(args[1]);
    delete(index);
    long cpu0 = processCpuNanos();
    long gc0 = gcMillis();
    long wall0 = System.nanoTime();
    int chunks;
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, index, Chunker.defaults())) {
      engine.refresh();
      chunks = engine.chunkCount();
    }
    long wall = System.nanoTime() - wall0;
    long cpu = processCpuNanos() - cpu0;
    System.out.printf("chunks %,d; process CPU %.1f s (user+sys, all threads), GC %.1f s,"
        + " wall %.1f s (load-dependent, for orientation only), cores %d%n", chunks, cpu / 1e9,
        (gcMillis() - gc0) / 1e3, wall / 1e9, Runtime.getRuntime().availableProcessors());
    fields(index);
    files(index);
  }

  /** Per indexed field: distinct terms, postings, positions; summed over segments. */
  private static void fields(Path index) throws Exception {
    Map<String, long[]> byField = new TreeMap<>();
    Map<String, String> options = new TreeMap<>();
    try (FSDirectory dir = FSDirectory.open(index);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      for (LeafReaderContext leaf : reader.leaves()) {
        for (FieldInfo info : leaf.reader().getFieldInfos()) {
          String norms = "";
          if (info.hasNorms()) {
            long withNorms = leaf.reader().getNormValues(info.name).cost();
            norms = withNorms == leaf.reader().maxDoc() ? " +norms" : " +norms(sparse)";
          }
          options.merge(info.name, info.getIndexOptions() + norms
              + (info.getDocValuesType().name().equals("NONE") ? "" : " dv:"
              + info.getDocValuesType()) + (info.hasVectorValues() ? " vectors" : ""),
              (a, b) -> a.contains("sparse") ? a : b);
          Terms terms = leaf.reader().terms(info.name);
          if (terms == null) continue;
          long[] s = byField.computeIfAbsent(info.name, k -> new long[3]);
          s[0] += terms.size();
          s[1] += terms.getSumDocFreq();
          s[2] += terms.getSumTotalTermFreq();
        }
      }
      System.out.printf("segments %d, documents %,d%n", reader.leaves().size(), reader.maxDoc());
    }
    System.out.printf("%-10s %12s %14s %14s  %s%n", "field", "terms", "postings",
        "tokens", "options");
    for (Map.Entry<String, String> e : options.entrySet()) {
      long[] s = byField.getOrDefault(e.getKey(), new long[3]);
      System.out.printf("%-10s %,12d %,14d %,14d  %s%n", e.getKey(), s[0], s[1], s[2],
          e.getValue());
    }
  }

  /** Bytes per kind of index file (postings .doc/.pos, terms .tim, stored .fdt, ...). */
  private static void files(Path index) throws Exception {
    Map<String, Long> byExtension = new TreeMap<>();
    long total = 0;
    try (Stream<Path> list = Files.list(index)) {
      for (Path p : (Iterable<Path>) list::iterator) {
        String name = p.getFileName().toString();
        String ext = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : name;
        long size = Files.size(p);
        byExtension.merge(ext, size, Long::sum);
        total += size;
      }
    }
    StringBuilder line = new StringBuilder();
    byExtension.forEach((k, v) -> line.append(String.format(" %s %.1f", k, v / 1e6)));
    System.out.printf("index %.1f MB:%s (MB)%n", total / 1e6, line);
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean)
        ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  private static long gcMillis() {
    long sum = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      sum += Math.max(0, gc.getCollectionTime());
    }
    return sum;
  }

  private static void delete(Path dir) throws Exception {
    if (!Files.exists(dir)) return;
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) walk.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }
}
