package org.qmd4j.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The metrics against values computed by hand. */
class BackendResultTest {
  private static final PathMatch QMD = PathMatch.of(List.of());

  private static BackendResult score(List<String> results, List<String> expected, int k) {
    return BackendResult.score(results, new FixtureQuery("q", "text", "exact", "",
        expected, k), QMD, 12.5);
  }

  @Test
  void perfectScore() {
    BackendResult r = score(List.of("a.md", "b.md", "c.md"), List.of("a.md", "b.md"), 2);
    assertThat(r.precisionAtK()).isEqualTo(1);
    assertThat(r.recall()).isEqualTo(1);
    assertThat(r.mrr()).isEqualTo(1);
    assertThat(r.f1()).isEqualTo(1);
    assertThat(r.hitsAtK()).isEqualTo(2);
    assertThat(r.totalExpected()).isEqualTo(2);
    assertThat(r.latencyMs()).isEqualTo(12.5);
    assertThat(r.error()).isEmpty();
  }

  @Test
  void nothingFound() {
    BackendResult r = score(List.of("x.md", "y.md"), List.of("a.md", "b.md"), 2);
    assertThat(List.of(r.precisionAtK(), r.recall(), r.mrr(), r.f1()))
        .containsOnly(0.0);
    assertThat(r.hitsAtK()).isZero();
    assertThat(r.unmatchedExpectedFiles()).containsExactly("a.md", "b.md");
  }

  @Test
  void foundBelowK() {
    BackendResult r = score(List.of("x.md", "y.md", "a.md"), List.of("a.md"), 1);
    assertThat(r.precisionAtK()).isZero();
    assertThat(r.recall()).isEqualTo(1);
    assertThat(r.mrr()).isCloseTo(1.0 / 3, within(1e-12));
    assertThat(r.hitsAtK()).isZero();
    assertThat(r.f1()).isZero();
  }

  /**
   * Results x, qmd://concepts/a, docs/b, docs/c, docs/d, docs/e; expected concepts/a, b,
   * missing, e; k = 3. Top 1: none. Top 3: a, b (2 of 4). Top 5: a, b. Anywhere: a, b, e.
   * precision@3 = 2 / min(3, 4) = 2/3; recall = 3/4; MRR = 1/2;
   * F1 = 2 * (2/3 * 3/4) / (2/3 + 3/4) = 1 / (17/12) = 12/17.
   */
  @Test
  void mixedScoresAsComputedByHand() {
    BackendResult r = score(List.of("x.md", "qmd://concepts/a.md", "docs/b.md", "docs/c.md",
        "docs/d.md", "docs/e.md"), List.of("concepts/a.md", "b.md", "missing.md", "e.md"), 3);
    assertThat(r.recallAt1()).isZero();
    assertThat(r.recallAt3()).isCloseTo(0.5, within(1e-12));
    assertThat(r.recallAt5()).isCloseTo(0.5, within(1e-12));
    assertThat(r.recall()).isCloseTo(0.75, within(1e-12));
    assertThat(r.precisionAtK()).isCloseTo(2.0 / 3, within(1e-12));
    assertThat(r.mrr()).isCloseTo(0.5, within(1e-12));
    assertThat(r.f1()).isCloseTo(12.0 / 17, within(1e-12));
    assertThat(r.hitsAtK()).isEqualTo(2);
    assertThat(r.matchedFiles()).containsExactly("concepts/a.md", "b.md", "e.md");
    assertThat(r.unmatchedExpectedFiles()).containsExactly("missing.md");
  }

  @Test
  void precisionDividesByKWhenFewerThanExpected() {
    // k = 1 of 3 expected: the first result is one of them, so precision@1 = 1/1.
    BackendResult r = score(List.of("b.md", "x.md", "a.md"), List.of("a.md", "b.md", "c.md"),
        1);
    assertThat(r.precisionAtK()).isEqualTo(1);
    assertThat(r.recall()).isCloseTo(2.0 / 3, within(1e-12));
    assertThat(r.f1()).isCloseTo(0.8, within(1e-12)); // 2 * (1 * 2/3) / (5/3)
  }

  @Test
  void topFilesKeepTheFirstTen() {
    List<String> twelve = List.of("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12");
    assertThat(score(twelve, List.of("a.md"), 1).topFiles()).hasSize(10).endsWith("10");
  }

  @Test
  void emptyResultsAndEmptyExpectationsScoreZero() {
    BackendResult none = score(List.of(), List.of("a.md"), 1);
    assertThat(List.of(none.precisionAtK(), none.recall(), none.mrr())).containsOnly(0.0);
    BackendResult nothingExpected = score(List.of("a.md"), List.of(), 1);
    assertThat(List.of(nothingExpected.precisionAtK(), nothingExpected.recall(),
        nothingExpected.recallAt1(), nothingExpected.f1())).containsOnly(0.0);
  }

  @Test
  void aFailedQueryScoresZeroAndKeepsWhy() {
    BackendResult r = BackendResult.failed(new FixtureQuery("q", "t", "", "",
        List.of("a.md", "b.md"), 1), 3.0, "qmd search failed");
    assertThat(r.error()).isEqualTo(Optional.of("qmd search failed"));
    assertThat(r.mrr()).isZero();
    assertThat(r.totalExpected()).isEqualTo(2);
    assertThat(r.unmatchedExpectedFiles()).containsExactly("a.md", "b.md");
  }

  @Test
  void summaryAveragesEachMetric() {
    BackendResult a = score(List.of("a.md"), List.of("a.md"), 1);
    BackendResult b = score(List.of("x.md", "b.md"), List.of("b.md"), 1);
    Summary s = Summary.of(List.of(a, b));
    assertThat(s.avgPrecision()).isEqualTo(0.5);
    assertThat(s.avgRecall()).isEqualTo(1);
    assertThat(s.avgRecallAt1()).isEqualTo(0.5);
    assertThat(s.avgRecallAt3()).isEqualTo(1);
    assertThat(s.avgMrr()).isEqualTo(0.75);
    assertThat(s.avgF1()).isCloseTo((1 + 0) / 2.0, within(1e-12));
    assertThat(s.avgHitsAtK()).isEqualTo(0.5);
    assertThat(s.avgLatencyMs()).isEqualTo(12.5);
    assertThat(s.value(Summary.Metric.MRR)).isEqualTo(0.75);
    assertThat(s.allZero()).isFalse();
  }
}
