package org.qmd4j.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How one backend answered one query, scored as qmd's harness scores it ({@code
 * src/bench/score.ts}): the same metrics under the same JSON names.
 *
 * @param precisionAtK expected files in the top k, over min(k, expected files)
 * @param recall expected files anywhere in the results, over expected files
 * @param recallAt1 expected files in the first result, over expected files
 * @param recallAt3 expected files in the top 3, over expected files
 * @param recallAt5 expected files in the top 5, over expected files
 * @param mrr 1 / rank of the first result that is an expected file, 0 if none is
 * @param f1 harmonic mean of precision@k and recall
 * @param hitsAtK expected files in the top k
 * @param totalExpected expected files
 * @param latencyMs wall-clock time of the search
 * @param topFiles the first 10 files returned, best first
 * @param matchedFiles expected files found anywhere in the results
 * @param unmatchedExpectedFiles expected files not found
 * @param error why the backend failed on this query (then every score is 0)
 */
public record BackendResult(double precisionAtK, double recall, double recallAt1,
    double recallAt3, double recallAt5, double mrr, double f1, int hitsAtK, int totalExpected,
    double latencyMs, List<String> topFiles, List<String> matchedFiles,
    List<String> unmatchedExpectedFiles, Optional<String> error) {
  public BackendResult {
    topFiles = List.copyOf(topFiles);
    matchedFiles = List.copyOf(matchedFiles);
    unmatchedExpectedFiles = List.copyOf(unmatchedExpectedFiles);
    Objects.requireNonNull(error, "error == null");
  }

  /**
   * Scores {@code resultFiles} (best first, each file once) against {@code query}'s expected
   * files.
   */
  public static BackendResult score(List<String> resultFiles, FixtureQuery query,
      PathMatch match, double latencyMs) {
    List<String> expected = query.expectedFiles();
    int k = query.expectedInTopK();
    List<String> matched = new ArrayList<>();
    List<String> unmatched = new ArrayList<>();
    for (String e : expected) {
      (found(resultFiles, e, resultFiles.size(), match) ? matched : unmatched).add(e);
    }
    double mrr = 0;
    for (int i = 0; i < resultFiles.size() && mrr == 0; i++) {
      String r = resultFiles.get(i);
      if (expected.stream().anyMatch(e -> match.matches(r, e))) mrr = 1.0 / (i + 1);
    }
    int hitsAtK = hits(resultFiles, expected, k, match);
    int n = expected.size();
    int denominator = Math.min(k, n);
    double precision = denominator > 0 ? (double) hitsAtK / denominator : 0;
    double recall = n > 0 ? (double) matched.size() / n : 0;
    double f1 = precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0;
    return new BackendResult(precision, recall, ratio(resultFiles, expected, 1, match),
        ratio(resultFiles, expected, 3, match), ratio(resultFiles, expected, 5, match), mrr, f1,
        hitsAtK, n, latencyMs, resultFiles.subList(0, Math.min(10, resultFiles.size())),
        matched, unmatched, Optional.empty());
  }

  /** A query the backend failed to answer: every score 0, as qmd's harness counts it. */
  public static BackendResult failed(FixtureQuery query, double latencyMs, String error) {
    return new BackendResult(0, 0, 0, 0, 0, 0, 0, 0, query.expectedFiles().size(), latencyMs,
        List.of(), List.of(), query.expectedFiles(), Optional.of(error));
  }

  private static double ratio(List<String> results, List<String> expected, int k,
      PathMatch match) {
    return expected.isEmpty() ? 0 : (double) hits(results, expected, k, match) / expected.size();
  }

  /** How many expected files are among the first {@code k} results. */
  private static int hits(List<String> results, List<String> expected, int k, PathMatch match) {
    int hits = 0;
    for (String e : expected) {
      if (found(results, e, k, match)) hits++;
    }
    return hits;
  }

  private static boolean found(List<String> results, String expected, int k, PathMatch match) {
    for (int i = 0; i < Math.min(k, results.size()); i++) {
      if (match.matches(results.get(i), expected)) return true;
    }
    return false;
  }
}
