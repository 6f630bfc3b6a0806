package org.qmd4j.cli.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a benchmark found: per query and backend the scores, per backend the averages, and
 * the engines that could not run.
 *
 * @param timestamp when it ran, as qmd writes it ({@code 20260828T101530})
 * @param fixture the fixture file as named on the command line
 * @param results one per fixture query, in file order
 * @param summary the averages per backend, in table order
 * @param unavailable the engines asked for that could not run, each with why
 * @param engines what answered, one line per engine opened
 */
public record BenchResult(String timestamp, String fixture, List<QueryResult> results,
    Map<String, Summary> summary, List<Unavailable> unavailable, List<String> engines) {
  public BenchResult {
    Objects.requireNonNull(timestamp, "timestamp == null");
    Objects.requireNonNull(fixture, "fixture == null");
    results = List.copyOf(results);
    summary = Collections.unmodifiableMap(new LinkedHashMap<>(summary));
    unavailable = List.copyOf(unavailable);
    engines = List.copyOf(engines);
  }

  /** The backends that ran, in table order. */
  public List<String> backends() {
    return new ArrayList<>(summary.keySet());
  }

  /** Whether some backend failed on some query. */
  public boolean hasFailures() {
    return results.stream().flatMap(r -> r.backends().values().stream())
        .anyMatch(b -> b.error().isPresent());
  }

  /**
   * One fixture query and how each backend answered it.
   *
   * @param query the fixture's query
   * @param backends the result per backend name, in table order
   */
  public record QueryResult(FixtureQuery query, Map<String, BackendResult> backends) {
    public QueryResult {
      Objects.requireNonNull(query, "query == null");
      backends = Collections.unmodifiableMap(new LinkedHashMap<>(backends));
    }
  }

  /**
   * An engine that was asked for and could not run.
   *
   * @param engine its name on the command line
   * @param reason why, in one sentence
   */
  public record Unavailable(String engine, String reason) {}
}
