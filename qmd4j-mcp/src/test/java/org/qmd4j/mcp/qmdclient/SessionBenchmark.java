package org.qmd4j.mcp.qmdclient;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.qmd4j.EngineChoice;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.bench.VaultGenerator;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.QmdSession;
import org.qmd4j.spi.QmdSessionFactory;

/**
 * The side-by-side benchmark, in one run: per call, the raw {@code qmd search} CLI,
 * a raw {@code qmd mcp} {@code query} call (one lex search, no rerank, through the SDK
 * client), qmd4j's qmd engine through its resident session ({@code Searcher.search}) and the
 * embedded engine; then the top-5 file agreement of the two engines over the 34 keyword
 * queries of {@code org.qmd4j.bench.EngineComparison}, and the queries where one engine
 * answers and the other does not.
 *
 * <pre>
 * PATH=$HOME/.cache/qmd4j-ci/qmd-2.8.3/bin:$PATH java -cp CLASSPATH \
 *     org.qmd4j.mcp.qmdclient.SessionBenchmark [files=2000] [rounds=5]
 * </pre>
 */
public final class SessionBenchmark {
  static final List<String> GENERATED_QUERIES = List.of("décision", "facture",
      "devis budget", "trésorerie", "migration serveur", "relance client", "rendez-vous",
      "comité", "contrat avenant", "banque prêt", "chantier plombier", "isolation",
      "livraison", "paiement", "synthèse rapport", "calendrier", "électricien", "toiture",
      "fournisseur", "équipe projet");
  static final List<String> EXAMPLE_QUERIES = List.of("décision", "bloqué", "webhook",
      "cautionnement", "factures impayées", "TVA", "robinetterie", "marathon", "clafoutis",
      "startup-x", "2025-014", "honoraires", "échéances", "recrutement");
  static final List<String> SEED_QUERIES = List.of("décision architecture paiement",
      "relation client", "webhook cautionnement");

  private SessionBenchmark() {}

  public static void main(String[] args) throws Exception {
    int files = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    Path work = Files.createTempDirectory("qmd4j-session-bench");
    Path vault = work.resolve("vault");
    VaultGenerator.generate(vault, files, 42);
    vault = vault.toRealPath();
    System.out.printf(Locale.ROOT, "vault: %d generated files (seed 42)%n", files);

    Path rawState = Files.createDirectories(work.resolve("raw-qmd"));
    Map<String, String> rawEnv = Map.of("INDEX_PATH", rawState.resolve("index.sqlite").toString(),
        "QMD_CONFIG_DIR", rawState.resolve("config").toString(),
        "XDG_CACHE_HOME", rawState.resolve("xdg").toString());
    run(rawState, rawEnv, "qmd", "collection", "add", vault.toString(), "--name", "bench",
        "--mask", "**/*.md");

    SearchOptions base = SearchOptions.DEFAULT.withCacheDir(work.resolve("cache"));
    QmdSession rawMcp = new McpQmdSessionFactory().start(new QmdSessionFactory.Launch(
        List.of("qmd", "mcp"), rawEnv, rawState, Duration.ofSeconds(30)));
    try (Searcher qmd = SearchProviders.forVault(vault, base.withEngine(EngineChoice.QMD));
        Searcher embedded = SearchProviders.forVault(vault,
            base.withEngine(EngineChoice.EMBEDDED))) {
      for (String q : GENERATED_QUERIES) { // warm all four
        qmd.search(q);
        embedded.search(q);
        rawQuery(rawMcp, q);
      }
      List<Double> cli = new ArrayList<>();
      List<Double> mcp = new ArrayList<>();
      List<Double> viaQmd = new ArrayList<>();
      List<Double> viaEmbedded = new ArrayList<>();
      for (int r = 0; r < rounds; r++) {
        for (String q : GENERATED_QUERIES) {
          long a = System.nanoTime();
          run(rawState, rawEnv, "qmd", "search", "-c", "bench", "--json", "-n", "20", "--", q);
          long b = System.nanoTime();
          rawQuery(rawMcp, q);
          long c = System.nanoTime();
          qmd.search(SearchRequest.of(q).withLimit(20));
          long d = System.nanoTime();
          embedded.search(SearchRequest.of(q).withLimit(20));
          long e = System.nanoTime();
          cli.add((b - a) / 1e6);
          mcp.add((c - b) / 1e6);
          viaQmd.add((d - c) / 1e6);
          viaEmbedded.add((e - d) / 1e6);
        }
      }
      System.out.println("qmd engine: " + qmd.diagnostics().get("session") + ", "
          + qmd.diagnostics().get("session requests served") + " requests served");
      System.out.printf(Locale.ROOT, "%n%d calls each    p50 ms    p95 ms%n", cli.size());
      row("raw qmd search CLI", cli);
      row("raw qmd mcp query (lex)", mcp);
      row("qmd4j qmd engine", viaQmd);
      row("qmd4j embedded engine", viaEmbedded);
      System.out.printf(Locale.ROOT, "%nqmd engine p50 / raw qmd search p50: 1/%.0f%n",
          pct(cli, 0.5) / pct(viaQmd, 0.5));
      System.out.printf(Locale.ROOT, "qmd engine p50 / raw qmd mcp p50: %.2f%n",
          pct(viaQmd, 0.5) / pct(mcp, 0.5));

      System.out.println("\nagreement on the generated vault (top-5 files):");
      double[] g = agreement(qmd, embedded, GENERATED_QUERIES);
      try (Searcher qmdEx = SearchProviders.forVault(Path.of(args.length > 2 ? args[2]
              : "testfixtures/vault"), base.withEngine(EngineChoice.QMD));
          Searcher embEx = SearchProviders.forVault(Path.of(args.length > 2 ? args[2]
              : "testfixtures/vault"), base.withEngine(EngineChoice.EMBEDDED))) {
        System.out.println("\nagreement on the example vault (top-5 files):");
        double[] x = agreement(qmdEx, embEx, EXAMPLE_QUERIES);
        System.out.println("\nseed examples on the example vault:");
        double[] s = agreement(qmdEx, embEx, SEED_QUERIES);
        int n = GENERATED_QUERIES.size() + EXAMPLE_QUERIES.size();
        System.out.printf(Locale.ROOT, "%nmean top-5 overlap over %d queries: %.3f; one engine"
            + " answers and the other not: %d of %d (seed examples: %d of %d)%n", n,
            (g[0] + x[0]) / n, (int) (g[1] + x[1]), n, (int) s[1], SEED_QUERIES.size());
      }
    } finally {
      rawMcp.close();
    }
  }

  private static void rawQuery(QmdSession session, String q) {
    session.query(new QmdSession.Query(
        List.of(new QmdSession.Search(QmdSession.Type.LEX, q)), List.of("bench"), 20, false,
        OptionalInt.empty(), Duration.ofSeconds(10)));
  }

  private static void row(String name, List<Double> ms) {
    System.out.printf(Locale.ROOT, "%-26s %8.1f %9.1f%n", name, pct(ms, 0.5), pct(ms, 0.95));
  }

  /** Prints each query's overlap; returns {sum of overlaps, queries one engine missed}. */
  private static double[] agreement(Searcher a, Searcher b, List<String> queries) {
    double sum = 0;
    int oneSided = 0;
    for (String q : queries) {
      Set<String> fa = topFiles(a.search(SearchRequest.of(q).withLimit(50)));
      Set<String> fb = topFiles(b.search(SearchRequest.of(q).withLimit(50)));
      Set<String> common = new LinkedHashSet<>(fa);
      common.retainAll(fb);
      int denominator = Math.max(fa.size(), fb.size());
      double overlap = denominator == 0 ? 1.0 : common.size() / (double) denominator;
      if (fa.isEmpty() != fb.isEmpty()) oneSided++;
      sum += overlap;
      System.out.printf(Locale.ROOT, "  %.2f  %-30s qmd=%s%n        %30s emb=%s%n", overlap, q,
          fa, "", fb);
    }
    return new double[] {sum, oneSided};
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

  private static double pct(List<Double> values, double p) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    return sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size())));
  }
}
