package org.qmd4j.solr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.qmd4j.EngineChoice;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.bench.VaultGenerator;
import org.qmd4j.search.Mode;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;

/**
 * The measurement, for a quiet machine (run by {@code bench/solr-scale.sh}): the first
 * index of a vault by the embedded engine (on disk, as the CLI keeps it) and into the tests'
 * 2-node SolrCloud (2 shards x 2 replicas, both nodes in this JVM), then search latency p50
 * and p95 of the same queries on each, warm, in this process (no CLI start, no daemon): first
 * with a stat walk of the vault before each search (a one-shot command's freshness), then from
 * a second searcher that watches the vault (a long-lived one's: mcp, serve, the daemon).
 *
 * <pre>
 * java -cp ... org.qmd4j.solr.SolrScaleBench VAULT [FILES SEED] [RUNS]
 * </pre>
 * VAULT is generated ({@link VaultGenerator}, FILES files, SEED) when it does not exist.
 */
final class SolrScaleBench {
  /** Fast and deep, one word, several, a tag, a typo, scoped and dated. */
  private static final List<SearchRequest> QUERIES = List.of(
      SearchRequest.of("décision"),
      SearchRequest.of("facture client"),
      SearchRequest.of("retard de livraison du transporteur"),
      SearchRequest.of("[décision] budget"),
      SearchRequest.of("factrue"),
      new SearchRequest("échéance", Mode.DEEP, Scope.vault(), Optional.empty(),
          Optional.empty(), 10),
      new SearchRequest("budget", Mode.FAST, Scope.parse("all-changelogs"), Optional.empty(),
          Optional.empty(), 10),
      SearchRequest.of("*"));

  private SolrScaleBench() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: SolrScaleBench VAULT [FILES SEED] [RUNS]");
      System.exit(2);
    }
    Path vault = Path.of(args[0]).toAbsolutePath();
    int files = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
    long seed = args.length > 2 ? Long.parseLong(args[2]) : 42;
    int runs = args.length > 3 ? Integer.parseInt(args[3]) : 20;
    if (!Files.isDirectory(vault)) {
      System.out.println("== generating " + files + " files (seed " + seed + ") in " + vault);
      System.out.println(VaultGenerator.generate(vault, files, seed));
    }
    long count;
    try (Stream<Path> s = Files.walk(vault)) {
      count = s.filter(p -> p.toString().endsWith(".md")).count();
    }
    Path work = Files.createTempDirectory("qmd4j-solr-bench-");
    SearchOptions options = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withWatch(false).withEnvironment(Map.of()).withCacheDir(work.resolve("cache"));
    System.out.printf(Locale.ROOT, "== vault %s: %d markdown files; %s; load %s%n", vault,
        count, runtime(), load());

    long t0 = System.nanoTime();
    try (Searcher embedded = SearchProviders.forVault(vault, options)) {
      embedded.search(SearchRequest.of("décision"));
      report("embedded", count, System.nanoTime() - t0, latencies(embedded, runs));
    }
    try (Searcher embedded = SearchProviders.forVault(vault, options.withWatch(true))) {
      watched("embedded", latencies(embedded, runs));
    }

    System.out.println("== starting the 2-node SolrCloud (load " + load() + ")");
    try (TestCluster cluster = TestCluster.start()) {
      SolrTarget target = cluster.target("bench");
      long t1 = System.nanoTime();
      SolrTarget walked = target.withTimeout(java.time.Duration.ofMinutes(10));
      try (Searcher solr = SearchProviders.forVault(vault, options,
          SolrEngine.factory(walked))) {
        solr.search(SearchRequest.of("décision"));
        report("solr (2 nodes, 2x2)", count, System.nanoTime() - t1, latencies(solr, runs));
      }
      try (Searcher solr = SearchProviders.forVault(vault, options,
          SolrEngine.factory(walked.withWatch(true)))) {
        watched("solr (2 nodes, 2x2)", latencies(solr, runs));
      }
    }
  }

  /** Every query {@code runs} times after one warm-up round; milliseconds, unsorted. */
  private static List<Double> latencies(Searcher searcher, int runs) {
    for (SearchRequest q : QUERIES) searcher.answer(q);
    List<Double> out = new ArrayList<>();
    for (int r = 0; r < runs; r++) {
      for (SearchRequest q : QUERIES) {
        long t = System.nanoTime();
        searcher.answer(q);
        out.add((System.nanoTime() - t) / 1e6);
      }
    }
    return out;
  }

  private static void report(String engine, long files, long indexNanos, List<Double> ms)
      throws IOException {
    List<Double> sorted = new ArrayList<>(ms);
    Collections.sort(sorted);
    double seconds = indexNanos / 1e9;
    System.out.printf(Locale.ROOT, "%-20s first index + search %8.1f s (%7.0f files/s)   "
        + "search p50 %7.1f ms  p95 %7.1f ms  (%d searches; load %s)%n", engine, seconds,
        files / seconds, pct(sorted, 50), pct(sorted, 95), sorted.size(), load());
  }

  /** Search latencies of a long-lived searcher (mcp, serve): the vault watched, not walked. */
  private static void watched(String engine, List<Double> ms) throws IOException {
    List<Double> sorted = new ArrayList<>(ms);
    Collections.sort(sorted);
    System.out.printf(Locale.ROOT, "%-20s watched (long-lived) search p50 %7.1f ms  p95 %7.1f ms"
        + "  (%d searches; load %s)%n", engine, pct(sorted, 50), pct(sorted, 95), sorted.size(),
        load());
  }

  private static double pct(List<Double> sorted, int p) {
    int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, i)));
  }

  private static String runtime() {
    Runtime r = Runtime.getRuntime();
    return r.availableProcessors() + " cores, max heap " + r.maxMemory() / (1 << 20) + " MB";
  }

  private static String load() throws IOException {
    String l = Files.readString(Path.of("/proc/loadavg"));
    return String.join(" ", List.of(l.split(" ")).subList(0, 3));
  }
}
