package org.qmd4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.qmd4j.SearchOptions;
import org.qmd4j.cli.bench.BenchReport;
import org.qmd4j.cli.bench.BenchResult;
import org.qmd4j.cli.bench.BenchRunner;
import org.qmd4j.cli.bench.EngineName;
import org.qmd4j.cli.bench.Engines;
import org.qmd4j.cli.bench.Fixture;
import org.qmd4j.cli.bench.Gates;
import org.qmd4j.cli.bench.PathMatch;
import org.qmd4j.cli.bench.Summary.Metric;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.Mode;
import org.qmd4j.search.VaultNotFoundException;
import org.qmd4j.solr.SolrTarget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code qmd4j bench}: qmd's benchmark fixtures run on qmd4j's engines and on qmd. */
@Command(name = "bench", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = {
        "Runs a benchmark fixture in qmd's format (queries with the files they should find)"
            + " on each engine and mode, and prints precision@k, recall@1/3/5, MRR, F1 and"
            + " latency per query and their averages, as qmd's own harness does.",
        "See docs/bench.md for the fixture format and the metrics."},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:Every engine ran every query and every --min-* average holds.",
        "1:An engine could not run, or failed on a query (stderr says which).",
        "2:Invalid input: a bad fixture, option or vault.",
        "3:An average is below its --min-* option (stderr names backend and metric)."})
final class BenchCommand implements Callable<Integer> {
  private final CliContext context;

  @Spec CommandSpec spec;
  @Mixin VaultOption vault;

  @Parameters(index = "0", paramLabel = "FIXTURE.json",
      description = "The fixture: {description, version, queries: [{id, query, type,"
          + " description, expected_files, expected_in_top_k}]}; paths relative to the vault.")
  String fixture;

  @Option(names = "--engines", paramLabel = "ENGINE[,ENGINE...]",
      description = "embedded, qmd (qmd4j's engine on qmd), qmd-search (qmd's own `qmd search`,"
          + " a private index), solr. Default: embedded, plus qmd and qmd-search when qmd is"
          + " installed.")
  String engines;

  @Option(names = "--modes", defaultValue = "fast,deep", paramLabel = "fast|deep[,...]",
      description = "Search modes to run on each engine (qmd-search runs in fast mode only).")
  String modes;

  @Option(names = "--solr", paramLabel = "URL[,URL...]",
      description = "SolrCloud base URLs for the solr engine (default: QMD4J_SOLR_URL).")
  String solr;

  @Option(names = "--collection", paramLabel = "NAME",
      description = "SolrCloud collection (default: QMD4J_SOLR_COLLECTION, else qmd4j).")
  String collection;

  @Option(names = "--json", description = "Print qmd's JSON result (timestamp, fixture,"
      + " results, summary) instead of the table; no progress on stderr.")
  boolean json;

  @Option(names = "--min-precision", paramLabel = "X",
      description = "Exit 3 when a backend's avg_precision (precision@k) is below X.")
  Double minPrecision;
  @Option(names = "--min-recall", paramLabel = "X",
      description = "Exit 3 when a backend's avg_recall is below X.")
  Double minRecall;
  @Option(names = "--min-recall-at-1", paramLabel = "X",
      description = "Exit 3 when a backend's avg_recall_at_1 is below X.")
  Double minRecallAt1;
  @Option(names = "--min-recall-at-3", paramLabel = "X",
      description = "Exit 3 when a backend's avg_recall_at_3 is below X.")
  Double minRecallAt3;
  @Option(names = "--min-recall-at-5", paramLabel = "X",
      description = "Exit 3 when a backend's avg_recall_at_5 is below X.")
  Double minRecallAt5;
  @Option(names = "--min-mrr", paramLabel = "X",
      description = "Exit 3 when a backend's avg_mrr (mean reciprocal rank) is below X.")
  Double minMrr;
  @Option(names = "--min-f1", paramLabel = "X",
      description = "Exit 3 when a backend's avg_f1 is below X.")
  Double minF1;
  @Option(names = "--min-hits", paramLabel = "X", description = "Exit 3 when a backend's"
      + " avg_hits_at_k (expected files in the top k, on average) is below X.")
  Double minHits;

  BenchCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws JsonProcessingException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Gates gates = Gates.of(gates());
    Fixture fx = Fixture.read(context.workingDir().resolve(fixture));
    Path folder = vaultFolder();
    SearchOptions base = vault.layout.applyTo(context.base());
    Map<String, String> env = base.environment();
    List<EngineName> asked = engines == null ? Engines.defaults(env)
        : EngineName.parseList(engines);
    List<Mode> modeList = modes();
    Optional<SolrTarget> target = asked.contains(EngineName.SOLR) ? Optional.of(solrTarget(env))
        : Optional.empty();
    boolean notices = !vault.quiet;
    fx.warnings().forEach(w -> err.println("qmd4j bench: warning: " + w));
    PathMatch match = PathMatch.ofVault(folder);
    fx.unreachable(match).forEach(w -> err.println("qmd4j bench: warning: " + w));
    if (notices && engines == null && !asked.contains(EngineName.QMD)) {
      err.println("qmd4j bench: qmd was not found on PATH: benchmarking the embedded engine"
          + " only (install @tobilu/qmd 2.x to compare with qmd)");
    }
    if (asked.contains(EngineName.QMD_SEARCH) && !modeList.contains(Mode.FAST)) {
      err.println("qmd4j bench: qmd-search is qmd's fast search only: left out, since --modes"
          + " has no fast");
    }
    if (notices && fx.collection().isPresent()) {
      err.println("qmd4j bench: the fixture names the qmd collection '" + fx.collection().get()
          + "'; its expected files are read relative to the vault");
    }
    Optional<String> model = Optional.ofNullable(vault.model.folder).filter(f -> !f.isBlank())
        .or(() -> Optional.ofNullable(env.get(ModelOption.MODEL_ENV)).filter(f -> !f.isBlank()));
    List<Engines.Plan> plans = Engines.plans(folder, base, asked, modeList, model, target);
    BenchResult result = new BenchRunner(fx, match, line -> {
      if (notices && !json) {
        err.println(line);
        err.flush();
      }
    }, line -> {
      if (notices) {
        err.println("qmd4j bench: " + line);
        err.flush();
      }
    }, base.clock()).run(fixture, plans);
    result.unavailable().forEach(u -> err.println("qmd4j bench: engine " + u.engine()
        + " could not run: " + u.reason()));
    if (result.summary().isEmpty()) {
      throw new EngineException("No engine could run the benchmark (see above)");
    }
    if (json) {
      out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(
          BenchReport.json(result, Json.MAPPER)));
    } else {
      out.print(BenchReport.table(result));
    }
    out.flush();
    if (result.summary().values().stream().allMatch(s -> s.allZero())) {
      err.println("qmd4j bench: warning: every score is 0.00: the vault is likely not the one"
          + " the fixture was written for, or its expected files are missing");
    }
    if (result.hasFailures()) {
      err.println("qmd4j bench: some queries failed (FAILED above, \"error\" in --json) and"
          + " score 0");
    }
    List<String> below = gates.failures(result);
    below.forEach(line -> err.println("qmd4j bench: " + line));
    err.flush();
    if (!result.unavailable().isEmpty() || result.hasFailures()) return ExitCodes.FAILURE;
    return below.isEmpty() ? ExitCodes.OK : ExitCodes.GATE;
  }

  private Map<Metric, Double> gates() {
    Map<Metric, Double> m = new EnumMap<>(Metric.class);
    m.put(Metric.PRECISION, minPrecision);
    m.put(Metric.RECALL, minRecall);
    m.put(Metric.RECALL_AT_1, minRecallAt1);
    m.put(Metric.RECALL_AT_3, minRecallAt3);
    m.put(Metric.RECALL_AT_5, minRecallAt5);
    m.put(Metric.MRR, minMrr);
    m.put(Metric.F1, minF1);
    m.put(Metric.HITS_AT_K, minHits);
    return m;
  }

  private Path vaultFolder() {
    Path folder = vault.folder();
    String named = vault.named() == null ? folder.toAbsolutePath().toString() : vault.named();
    if (!Files.isDirectory(folder)) {
      throw new VaultNotFoundException("Vault folder does not exist: " + named);
    }
    try {
      return folder.toRealPath();
    } catch (IOException e) {
      throw new VaultNotFoundException("Vault folder cannot be read: " + named);
    }
  }

  private List<Mode> modes() {
    List<Mode> out = new ArrayList<>();
    for (String m : modes.split(",")) {
      if (m.isBlank()) continue;
      Mode mode;
      try {
        mode = Mode.parse(m);
      } catch (InvalidRequestException e) {
        throw new InvalidRequestException("Unknown mode '" + m.strip() + "' in --modes;"
            + " valid modes are: fast, deep");
      }
      if (!out.contains(mode)) out.add(mode);
    }
    if (out.isEmpty()) {
      throw new InvalidRequestException("--modes is empty; valid modes are: fast, deep");
    }
    return out;
  }

  private SolrTarget solrTarget(Map<String, String> base) {
    Map<String, String> env = new HashMap<>(base);
    if (solr != null) env.put("QMD4J_SOLR_URL", solr);
    if (collection != null) env.put("QMD4J_SOLR_COLLECTION", collection);
    String url = env.get("QMD4J_SOLR_URL");
    if (url == null || url.isBlank()) {
      throw new InvalidRequestException("The solr engine needs a SolrCloud to search: pass"
          + " --solr URL (e.g. http://localhost:8983/solr) or set QMD4J_SOLR_URL, or leave"
          + " solr out of --engines");
    }
    return SolrTarget.fromEnvironment(env).withWatch(false);
  }
}
