package org.qmd4j.cli.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.qmd4j.search.InvalidRequestException;

/**
 * The {@code --min-*} thresholds: every backend's average must reach each of them.
 * Immutable.
 */
public final class Gates {
  private final Map<Summary.Metric, Double> minimums;

  private Gates(Map<Summary.Metric, Double> minimums) {
    this.minimums = Collections.unmodifiableMap(new EnumMap<>(minimums));
  }

  /**
   * The gates given, a null value meaning "not given".
   *
   * @throws InvalidRequestException if a threshold is not a number between 0 and its maximum
   *     (1, or any for hits)
   */
  public static Gates of(Map<Summary.Metric, Double> given) {
    Map<Summary.Metric, Double> m = new EnumMap<>(Summary.Metric.class);
    given.forEach((metric, min) -> {
      if (min == null) return;
      double max = metric == Summary.Metric.HITS_AT_K ? Double.MAX_VALUE : 1;
      if (Double.isNaN(min) || min < 0 || min > max) {
        throw new InvalidRequestException(metric.option() + " " + min + " is out of range;"
            + " expected a number from 0" + (max == 1 ? " to 1" : ""));
      }
      m.put(metric, min);
    });
    return new Gates(m);
  }

  /** Whether any gate was given. */
  public boolean any() {
    return !minimums.isEmpty();
  }

  /**
   * One line per backend and average below its gate, e.g. {@code embedded/fast: avg_mrr
   * 0.612 is below --min-mrr 0.700}; empty when every gate holds.
   */
  public List<String> failures(BenchResult result) {
    List<String> out = new ArrayList<>();
    result.summary().forEach((backend, s) -> minimums.forEach((metric, min) -> {
      double v = s.value(metric);
      if (v < min) {
        out.add(String.format(Locale.ROOT, "%s: %s %.3f is below %s %.3f", backend,
            metric.jsonName(), v, metric.option(), min));
      }
    }));
    return out;
  }
}
