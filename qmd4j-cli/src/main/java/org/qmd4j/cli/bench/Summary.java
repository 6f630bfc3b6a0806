package org.qmd4j.cli.bench;

import java.util.List;

/**
 * One backend's averages over the queries, as qmd's harness sums them up, plus the average
 * of hits@k (qmd4j's addition, for {@code --min-hits}).
 *
 * @param avgPrecision mean precision@k
 * @param avgRecall mean recall
 * @param avgRecallAt1 mean recall@1
 * @param avgRecallAt3 mean recall@3
 * @param avgRecallAt5 mean recall@5
 * @param avgMrr mean reciprocal rank
 * @param avgF1 mean F1
 * @param avgLatencyMs mean latency
 * @param avgHitsAtK mean hits@k
 */
public record Summary(double avgPrecision, double avgRecall, double avgRecallAt1,
    double avgRecallAt3, double avgRecallAt5, double avgMrr, double avgF1, double avgLatencyMs,
    double avgHitsAtK) {

  /** The averages of {@code results}, which must not be empty. */
  public static Summary of(List<BackendResult> results) {
    if (results.isEmpty()) throw new IllegalArgumentException("Expected results, got none");
    double n = results.size();
    return new Summary(
        results.stream().mapToDouble(BackendResult::precisionAtK).sum() / n,
        results.stream().mapToDouble(BackendResult::recall).sum() / n,
        results.stream().mapToDouble(BackendResult::recallAt1).sum() / n,
        results.stream().mapToDouble(BackendResult::recallAt3).sum() / n,
        results.stream().mapToDouble(BackendResult::recallAt5).sum() / n,
        results.stream().mapToDouble(BackendResult::mrr).sum() / n,
        results.stream().mapToDouble(BackendResult::f1).sum() / n,
        results.stream().mapToDouble(BackendResult::latencyMs).sum() / n,
        results.stream().mapToDouble(BackendResult::hitsAtK).sum() / n);
  }

  /** The average {@code metric} names. */
  public double value(Metric metric) {
    switch (metric) {
      case PRECISION: return avgPrecision;
      case RECALL: return avgRecall;
      case RECALL_AT_1: return avgRecallAt1;
      case RECALL_AT_3: return avgRecallAt3;
      case RECALL_AT_5: return avgRecallAt5;
      case MRR: return avgMrr;
      case F1: return avgF1;
      case HITS_AT_K: return avgHitsAtK;
      default: throw new AssertionError(metric);
    }
  }

  /** Whether nothing was found at all (qmd warns then: likely an empty or wrong vault). */
  public boolean allZero() {
    return avgPrecision == 0 && avgRecall == 0 && avgMrr == 0;
  }

  /** The averages a {@code --min-*} option can hold, with their JSON names. */
  public enum Metric {
    PRECISION("avg_precision", "--min-precision"),
    RECALL("avg_recall", "--min-recall"),
    RECALL_AT_1("avg_recall_at_1", "--min-recall-at-1"),
    RECALL_AT_3("avg_recall_at_3", "--min-recall-at-3"),
    RECALL_AT_5("avg_recall_at_5", "--min-recall-at-5"),
    MRR("avg_mrr", "--min-mrr"),
    F1("avg_f1", "--min-f1"),
    HITS_AT_K("avg_hits_at_k", "--min-hits");

    private final String jsonName;
    private final String option;

    Metric(String jsonName, String option) {
      this.jsonName = jsonName;
      this.option = option;
    }

    /** The summary's field, e.g. {@code avg_mrr}. */
    public String jsonName() {
      return jsonName;
    }

    /** The option that gates it, e.g. {@code --min-mrr}. */
    public String option() {
      return option;
    }
  }
}
