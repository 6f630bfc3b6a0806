package org.qmd4j.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.qmd4j.EngineChoice;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * The side-by-side benchmark, in one run on one machine: the raw {@code qmd search}
 * CLI, qmd4j's qmd engine (a library call that runs the same CLI, plus the stat walk, JSON
 * parsing and chunk mapping) and the embedded engine, on a generated vault; then the
 * agreement of the two engines (overlap of their top-5 file sets) on that vault and on the
 * example vault.
 *
 * <pre>
 * java -cp target/test-classes:target/classes:$(cat target/cp.txt) \
 *     org.qmd4j.bench.EngineComparison [files=2000] [rounds=5]
 * </pre>
 * Needs {@code qmd} 2.x first on PATH.
 */
public final class EngineComparison {
  private static final List<String> GENERATED_QUERIES = List.of("décision", "facture",
      "devis budget", "trésorerie", "migration serveur", "relance client", "rendez-vous",
      "comité", "contrat avenant", "banque prêt", "chantier plombier", "isolation",
      "livraison", "paiement", "synthèse rapport", "calendrier", "électricien", "toiture",
      "fournisseur", "équipe projet");
  private static final List<String> EXAMPLE_QUERIES = List.of("décision", "bloqué", "webhook",
      "cautionnement", "factures impayées", "TVA", "robinetterie", "marathon", "clafoutis",
      "startup-x", "2025-014", "honoraires", "échéances", "recrutement");

  private EngineComparison() {}

  public static void main(String[] args) throws Exception {
    int files = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    Path work = Files.createTempDirectory("qmd4j-compare");
    Path vault = work.resolve("vault");
    VaultGenerator.generate(vault, files, 42);
    vault = vault.toRealPath();
    System.out.printf(Locale.ROOT, "vault: %d generated files (seed 42) in %s%n", files, vault);

    // Raw qmd in its own isolated index, set up like qmd4j's private one.
    Path rawState = Files.createDirectories(work.resolve("raw-qmd"));
    Map<String, String> rawEnv = Map.of("INDEX_PATH", rawState.resolve("index.sqlite").toString(),
        "QMD_CONFIG_DIR", rawState.resolve("config").toString(),
        "XDG_CACHE_HOME", rawState.resolve("xdg").toString());
    long t0 = System.nanoTime();
    run(rawState, rawEnv, "qmd", "collection", "add", vault.toString(), "--name", "bench",
        "--mask", "**/*.md");
    System.out.printf(Locale.ROOT, "raw qmd collection add: %.1f s%n",
        (System.nanoTime() - t0) / 1e9);

    SearchOptions base = SearchOptions.DEFAULT.withCacheDir(work.resolve("cache"));
    try (Searcher qmd = SearchProviders.forVault(vault, base.withEngine(EngineChoice.QMD));
        Searcher embedded = SearchProviders.forVault(vault,
            base.withEngine(EngineChoice.EMBEDDED))) {
      System.out.println("qmd4j qmd engine: " + qmd.describe());
      // Warm both (first qmd4j call creates its private collection; embedded builds its index).
      qmd.search("décision");
      embedded.search("décision");

      List<Double> raw = new ArrayList<>();
      List<Double> viaQmd4j = new ArrayList<>();
      List<Double> viaEmbedded = new ArrayList<>();
      for (int r = 0; r < rounds; r++) {
        for (String q : GENERATED_QUERIES) {
          // Side by side, same query, same moment: the machine's noise hits all three alike.
          long a = System.nanoTime();
          run(rawState, rawEnv, "qmd", "search", "-c", "bench", "--json", "-n", "20", "--", q);
          long b = System.nanoTime();
          qmd.search(SearchRequest.of(q).withLimit(20));
          long c = System.nanoTime();
          embedded.search(SearchRequest.of(q).withLimit(20));
          long d = System.nanoTime();
          raw.add((b - a) / 1e6);
          viaQmd4j.add((c - b) / 1e6);
          viaEmbedded.add((d - c) / 1e6);
        }
      }
      double rawMed = median(raw);
      double qmdMed = median(viaQmd4j);
      double embMed = median(viaEmbedded);
      System.out.printf(Locale.ROOT, "%n%d calls each, median ms: raw qmd search %.1f | qmd4j qmd "
          + "engine %.1f | qmd4j embedded %.2f%n", raw.size(), rawMed, qmdMed, embMed);
      System.out.printf(Locale.ROOT, "p90 ms: raw %.1f | qmd engine %.1f | embedded %.2f%n",
          pct(raw, 0.9), pct(viaQmd4j, 0.9), pct(viaEmbedded, 0.9));
      System.out.printf(Locale.ROOT, "overhead ratio (qmd engine / raw qmd): %.3f%n",
          qmdMed / rawMed);
      System.out.printf(Locale.ROOT, "speed ratio (raw qmd / embedded): %.0fx%n", rawMed / embMed);

      System.out.println("\nagreement on the generated vault (top-5 files):");
      double sum = agreement(qmd, embedded, GENERATED_QUERIES);
      try (Searcher qmdEx = SearchProviders.forVault(Path.of("testfixtures/vault"),
              base.withEngine(EngineChoice.QMD));
          Searcher embEx = SearchProviders.forVault(Path.of("testfixtures/vault"),
              base.withEngine(EngineChoice.EMBEDDED))) {
        System.out.println("\nagreement on the example vault (top-5 files):");
        sum += agreement(qmdEx, embEx, EXAMPLE_QUERIES);
      }
      int n = GENERATED_QUERIES.size() + EXAMPLE_QUERIES.size();
      System.out.printf(Locale.ROOT, "%nmean top-5 overlap over %d queries: %.3f%n", n, sum / n);
    }
  }

  /** Prints each query's overlap and returns their sum. */
  private static double agreement(Searcher a, Searcher b, List<String> queries) {
    double sum = 0;
    for (String q : queries) {
      Set<String> fa = topFiles(a.search(SearchRequest.of(q).withLimit(50)));
      Set<String> fb = topFiles(b.search(SearchRequest.of(q).withLimit(50)));
      Set<String> common = new LinkedHashSet<>(fa);
      common.retainAll(fb);
      int denominator = Math.max(fa.size(), fb.size());
      double overlap = denominator == 0 ? 1.0 : common.size() / (double) denominator;
      sum += overlap;
      System.out.printf(Locale.ROOT, "  %.2f  %-22s qmd=%s%n        %22s emb=%s%n", overlap, q,
          fa, "", fb);
    }
    return sum;
  }

  private static Set<String> topFiles(List<SearchResult> results) {
    Set<String> out = new LinkedHashSet<>();
    for (SearchResult r : results) {
      if (out.size() == 5) break;
      out.add(r.path());
    }
    return out;
  }

  private static void run(Path dir, Map<String, String> env, String... command)
      throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD);
    pb.environment().putAll(env);
    int exit = pb.start().waitFor();
    if (exit != 0) throw new IOException(Arrays.toString(command) + " exited " + exit);
  }

  private static double median(List<Double> values) {
    return pct(values, 0.5);
  }

  private static double pct(List<Double> values, double p) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    return sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size())));
  }
}
