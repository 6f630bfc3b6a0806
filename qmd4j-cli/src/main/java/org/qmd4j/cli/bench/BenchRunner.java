package org.qmd4j.cli.bench;

import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.qmd4j.ErrorMessages;
import org.qmd4j.search.SearchException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a fixture's queries on each engine, one engine open at a time, and scores the
 * answers. A backend that fails a query scores 0 on it, as in qmd's harness, and the result
 * keeps the reason; an engine that cannot open is listed as unavailable.
 */
public final class BenchRunner {
  private static final Logger LOG = LoggerFactory.getLogger(BenchRunner.class);
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss");

  private final Fixture fixture;
  private final PathMatch match;
  private final Consumer<String> progress;
  private final Consumer<String> notices;
  private final Clock clock;

  /**
   * @param progress receives a line per query and backend ({@code "  id / backend... 12ms"})
   * @param notices receives what answers, a line per engine as it opens
   * @param clock the timestamp's clock
   */
  public BenchRunner(Fixture fixture, PathMatch match, Consumer<String> progress,
      Consumer<String> notices, Clock clock) {
    this.fixture = fixture;
    this.match = match;
    this.progress = progress;
    this.notices = notices;
    this.clock = clock;
  }

  /** Runs every query on every backend of {@code plans}. */
  public BenchResult run(String fixtureName, List<Engines.Plan> plans) {
    String timestamp = TIMESTAMP.format(clock.instant().atZone(java.time.ZoneOffset.UTC));
    Map<String, List<BackendResult>> perBackend = new LinkedHashMap<>();
    List<BenchResult.Unavailable> unavailable = new ArrayList<>();
    List<String> engines = new ArrayList<>();
    for (Engines.Plan plan : plans) {
      OpenedEngine engine;
      try {
        engine = plan.opener().get();
      } catch (SearchException e) {
        LOG.debug("Engine {} cannot run", plan.engine(), e);
        unavailable.add(new BenchResult.Unavailable(plan.engine(),
            ErrorMessages.forPeople(e, null, null)));
        continue;
      }
      try (engine) {
        engines.add(engine.describe());
        notices.accept(engine.describe());
        for (Backend backend : engine.backends()) {
          perBackend.put(backend.name(), runAll(backend));
        }
      }
    }
    List<BenchResult.QueryResult> results = new ArrayList<>();
    for (int i = 0; i < fixture.queries().size(); i++) {
      Map<String, BackendResult> byBackend = new LinkedHashMap<>();
      for (Map.Entry<String, List<BackendResult>> e : perBackend.entrySet()) {
        byBackend.put(e.getKey(), e.getValue().get(i));
      }
      results.add(new BenchResult.QueryResult(fixture.queries().get(i), byBackend));
    }
    Map<String, Summary> summary = new LinkedHashMap<>();
    perBackend.forEach((name, list) -> summary.put(name, Summary.of(list)));
    return new BenchResult(timestamp, fixtureName, results, summary, unavailable, engines);
  }

  private List<BackendResult> runAll(Backend backend) {
    FixtureQuery first = fixture.queries().get(0);
    try {
      // Untimed: the first search may build the index or load a model.
      backend.files(first.query(), first.resultLimit());
    } catch (SearchException e) {
      LOG.debug("Warm-up of {} failed; the timed run records it", backend.name(), e);
    }
    List<BackendResult> out = new ArrayList<>();
    for (FixtureQuery q : fixture.queries()) {
      out.add(runOne(backend, q));
    }
    return out;
  }

  private BackendResult runOne(Backend backend, FixtureQuery q) {
    long start = System.nanoTime();
    BackendResult result;
    try {
      List<String> files = backend.files(q.query(), q.resultLimit());
      result = BackendResult.score(files, q, match, millisSince(start));
    } catch (SearchException e) {
      LOG.debug("{} failed on {}", backend.name(), q.id(), e);
      result = BackendResult.failed(q, millisSince(start), ErrorMessages.forPeople(e, null,
          null));
    }
    progress.accept("  " + q.id() + " / " + backend.name() + "... "
        + Math.round(result.latencyMs()) + "ms"
        + result.error().map(err -> " FAILED: " + err).orElse(""));
    return result;
  }

  private static double millisSince(long startNanos) {
    return Math.round((System.nanoTime() - startNanos) / 100_000.0) / 10.0;
  }
}
