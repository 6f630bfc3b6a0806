package org.qmd4j.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmd4j.search.InvalidRequestException;

class GatesTest {
  private static BenchResult result(Map<String, Summary> summary) {
    return new BenchResult("20250915T100000", "f.json", List.of(), summary, List.of(),
        List.of());
  }

  private static Gates gates(Summary.Metric metric, Double min) {
    Map<Summary.Metric, Double> m = new EnumMap<>(Summary.Metric.class);
    m.put(metric, min);
    return Gates.of(m);
  }

  @Test
  void namesEachBackendAndAverageBelowItsGate() {
    Summary low = new Summary(0.5, 0.6, 0.4, 0.5, 0.6, 0.612, 0.55, 10, 0.8);
    Summary high = new Summary(0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 10, 1.0);
    BenchResult r = result(Map.of("embedded/fast", low));
    assertThat(gates(Summary.Metric.MRR, 0.7).failures(r))
        .containsExactly("embedded/fast: avg_mrr 0.612 is below --min-mrr 0.700");
    assertThat(gates(Summary.Metric.MRR, 0.6).failures(r)).isEmpty();
    assertThat(gates(Summary.Metric.HITS_AT_K, 1.0).failures(result(Map.of("qmd-search",
        high)))).isEmpty();
    assertThat(gates(Summary.Metric.RECALL_AT_3, 0.55).failures(r))
        .containsExactly("embedded/fast: avg_recall_at_3 0.500 is below --min-recall-at-3"
            + " 0.550");
  }

  @Test
  void noGateGivenHoldsAlways() {
    Gates none = gates(Summary.Metric.MRR, null);
    assertThat(none.any()).isFalse();
    assertThat(none.failures(result(Map.of("a", new Summary(0, 0, 0, 0, 0, 0, 0, 0, 0)))))
        .isEmpty();
  }

  @Test
  void aGateOutOfRangeIsRefused() {
    assertThatThrownBy(() -> gates(Summary.Metric.F1, 1.5))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("--min-f1 1.5 is out of range; expected a number from 0 to 1");
    assertThatThrownBy(() -> gates(Summary.Metric.HITS_AT_K, -1.0))
        .hasMessage("--min-hits -1.0 is out of range; expected a number from 0");
  }
}
