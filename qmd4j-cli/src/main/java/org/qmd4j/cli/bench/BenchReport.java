package org.qmd4j.cli.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A benchmark's result as qmd's harness prints it: the table of queries by backend and the
 * summary of averages, or the JSON of qmd's {@code BenchmarkResult} (same field names; qmd4j
 * adds {@code avg_hits_at_k} to the summary, {@code error} to a failed query's result, and
 * {@code unavailable}).
 */
public final class BenchReport {
  private BenchReport() {}

  /** The table and summary, as qmd's harness lays them out (the backend column fits). */
  public static String table(BenchResult result) {
    int width = Math.max(8, result.backends().stream().mapToInt(String::length).max()
        .orElse(8));
    StringBuilder out = new StringBuilder("\n");
    out.append(pad("Query", 25)).append(' ').append(pad("Backend", width));
    for (String h : List.of("P@k", "R@1", "R@3", "R@5", "MRR", "F1")) {
      out.append(' ').append(pad(h, 6));
    }
    out.append(' ').append(pad("ms", 8)).append('\n');
    out.append("-".repeat(80 + width)).append('\n');
    for (BenchResult.QueryResult r : result.results()) {
      for (Map.Entry<String, BackendResult> e : r.backends().entrySet()) {
        BackendResult b = e.getValue();
        out.append(pad(r.query().id(), 25)).append(' ').append(pad(e.getKey(), width));
        for (double v : new double[] {b.precisionAtK(), b.recallAt1(), b.recallAt3(),
            b.recallAt5(), b.mrr(), b.f1()}) {
          out.append(' ').append(String.format(Locale.ROOT, "%5.2f", v));
        }
        out.append(' ').append(String.format(Locale.ROOT, "%7dms", Math.round(b.latencyMs())))
            .append('\n');
      }
      out.append('\n');
    }
    out.append("Summary:\n").append("-".repeat(70)).append('\n');
    result.summary().forEach((name, s) -> out.append("  ").append(pad(name, width))
        .append(String.format(Locale.ROOT, " P@k=%6.3f R@1=%6.3f R@3=%6.3f R@5=%6.3f MRR=%6.3f"
            + " F1=%6.3f R=%6.3f Hits=%6.3f Avg=%dms%n", s.avgPrecision(), s.avgRecallAt1(),
            s.avgRecallAt3(), s.avgRecallAt5(), s.avgMrr(), s.avgF1(), s.avgRecall(),
            s.avgHitsAtK(), Math.round(s.avgLatencyMs()))));
    return out.toString();
  }

  /** qmd's {@code BenchmarkResult} as JSON. */
  public static ObjectNode json(BenchResult result, ObjectMapper mapper) {
    ObjectNode root = mapper.createObjectNode();
    root.put("timestamp", result.timestamp());
    root.put("fixture", result.fixture());
    ArrayNode results = root.putArray("results");
    for (BenchResult.QueryResult r : result.results()) {
      ObjectNode q = results.addObject();
      q.put("id", r.query().id());
      q.put("query", r.query().query());
      q.put("type", r.query().type());
      ObjectNode backends = q.putObject("backends");
      r.backends().forEach((name, b) -> backend(backends.putObject(name), b));
    }
    ObjectNode summary = root.putObject("summary");
    result.summary().forEach((name, s) -> {
      ObjectNode o = summary.putObject(name);
      o.put("avg_precision", s.avgPrecision());
      o.put("avg_recall", s.avgRecall());
      o.put("avg_recall_at_1", s.avgRecallAt1());
      o.put("avg_recall_at_3", s.avgRecallAt3());
      o.put("avg_recall_at_5", s.avgRecallAt5());
      o.put("avg_mrr", s.avgMrr());
      o.put("avg_f1", s.avgF1());
      o.put("avg_latency_ms", s.avgLatencyMs());
      o.put("avg_hits_at_k", s.avgHitsAtK());
    });
    ArrayNode unavailable = root.putArray("unavailable");
    for (BenchResult.Unavailable u : result.unavailable()) {
      unavailable.addObject().put("engine", u.engine()).put("reason", u.reason());
    }
    return root;
  }

  private static void backend(ObjectNode o, BackendResult b) {
    o.put("precision_at_k", b.precisionAtK());
    o.put("recall", b.recall());
    o.put("recall_at_1", b.recallAt1());
    o.put("recall_at_3", b.recallAt3());
    o.put("recall_at_5", b.recallAt5());
    o.put("mrr", b.mrr());
    o.put("f1", b.f1());
    o.put("hits_at_k", b.hitsAtK());
    o.put("total_expected", b.totalExpected());
    o.put("latency_ms", b.latencyMs());
    b.topFiles().forEach(o.putArray("top_files")::add);
    b.matchedFiles().forEach(o.putArray("matched_files")::add);
    b.unmatchedExpectedFiles().forEach(o.putArray("unmatched_expected_files")::add);
    b.error().ifPresent(e -> o.put("error", e));
  }

  private static String pad(String s, int n) {
    String cut = s.length() > n ? s.substring(0, n) : s;
    return cut + " ".repeat(n - cut.length());
  }
}
