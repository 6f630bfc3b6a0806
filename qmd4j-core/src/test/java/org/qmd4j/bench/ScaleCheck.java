package org.qmd4j.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.spi.IndexProgress;

/**
 * One long-lived process on a big generated vault: full index time, warm
 * query latency, edit-then-search latency, heap; the same queries with the vault walked
 * before each search (watch off) for comparison. Not JMH: the 100,000-file figures are
 * measured once, each step timed by {@link System#nanoTime()}.
 *
 * <pre>
 * java -Xmx1g -cp ... org.qmd4j.bench.ScaleCheck WORK_DIR [files=100000] [queries=300]
 * </pre>
 * WORK_DIR gets {@code vault/} (generated with seed 42 unless present) and {@code cache/}
 * (deleted first, so the index is built from nothing).
 */
public final class ScaleCheck {
  private ScaleCheck() {}

  public static void main(String[] args) throws IOException {
    Path work = Path.of(args[0]);
    int files = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
    int queries = args.length > 2 ? Integer.parseInt(args[2]) : 300;
    Path vault = work.resolve("vault");
    if (!Files.isDirectory(vault)) {
      long t = System.nanoTime();
      VaultGenerator.generate(vault, files, BenchSupport.SEED);
      print("generated %d files in %.1f s", files, (System.nanoTime() - t) / 1e9);
    }
    Path cache = work.resolve("cache");
    BenchSupport.delete(cache);
    print("vault: %d files, %.1f MB", files, BenchSupport.bytesUnder(vault) / 1e6);

    long t0 = System.nanoTime();
    long[] lastReport = {0};
    IndexProgress progress = (done, total, elapsed, finished) -> {
      if (finished || elapsed.toSeconds() >= lastReport[0] + 10) {
        lastReport[0] = elapsed.toSeconds();
        print("  indexing: %d/%d files after %.1f s", done, total, elapsed.toMillis() / 1e3);
      }
    };
    try (Searcher searcher = SearchProviders.forVault(vault,
        BenchSupport.options(cache, false).withProgress(progress))) {
      long opened = System.nanoTime();
      searcher.search("décision");
      long indexed = System.nanoTime();
      print("full index (watch on): open + watch %.0f ms, first search (index build) %.1f s,"
          + " total %.1f s", (opened - t0) / 1e6, (indexed - opened) / 1e9,
          (indexed - t0) / 1e9);
      print("engine: %s", searcher.diagnostics());

      List<SearchRequest> requests = BenchSupport.QUERIES.stream().map(SearchRequest::of)
          .toList();
      for (int i = 0; i < 2 * requests.size(); i++) searcher.search(requests.get(i % 20));
      print("warm query (watch on): %s", timeQueries(searcher, requests, queries));

      Path edited = Files.list(vault.resolve("projects")).sorted().findFirst().orElseThrow()
          .resolve("changelog.md");
      String original = Files.readString(edited, StandardCharsets.UTF_8);
      List<Long> edits = new ArrayList<>();
      for (int n = 1; n <= 40; n++) {
        Files.writeString(edited, original + "\n## [note] Modification n°" + n
            + (n % 2 == 0 ? "" : " !") + "\nLigne ajoutée.\n", StandardCharsets.UTF_8);
        long t = System.nanoTime();
        searcher.search("modification");
        edits.add(System.nanoTime() - t);
      }
      print("edit then search (watch on): %s", percentiles(edits));
      Files.writeString(edited, original, StandardCharsets.UTF_8);
      searcher.search("décision");

      System.gc();
      System.gc();
      long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
      print("heap used after GC, searcher open: %.1f MB (max %.0f MB)", heap / 1e6,
          Runtime.getRuntime().maxMemory() / 1e6);
    }

    try (Searcher walking = SearchProviders.forVault(vault,
        BenchSupport.options(cache, false).withWatch(false))) {
      List<SearchRequest> requests = BenchSupport.QUERIES.stream().map(SearchRequest::of)
          .toList();
      for (int i = 0; i < requests.size(); i++) walking.search(requests.get(i));
      print("warm query (watch off: stat walk per search): %s",
          timeQueries(walking, requests, Math.max(20, queries / 5)));
    }
  }

  private static String timeQueries(Searcher searcher, List<SearchRequest> requests, int n) {
    List<Long> times = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long t = System.nanoTime();
      searcher.search(requests.get(i % requests.size()));
      times.add(System.nanoTime() - t);
    }
    return percentiles(times);
  }

  private static String percentiles(List<Long> nanos) {
    List<Long> s = new ArrayList<>(nanos);
    Collections.sort(s);
    return String.format(Locale.ROOT, "p50 %.2f ms, p90 %.2f ms, max %.2f ms (n=%d)",
        s.get(s.size() / 2) / 1e6, s.get((int) (s.size() * 0.9)) / 1e6,
        s.get(s.size() - 1) / 1e6, s.size());
  }

  private static void print(String format, Object... args) {
    System.out.println(String.format(Locale.ROOT, format, args));
  }
}
