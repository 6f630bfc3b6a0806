package org.qmd4j.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.find.FindRequest;
import org.qmd4j.find.FindResult;
import org.qmd4j.notes.BucketItem;
import org.qmd4j.notes.ChangelogEntry;
import org.qmd4j.notes.ProjectState;
import org.qmd4j.notes.Task;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;

/**
 * Latency of one typed facade call on the example vault, embedded engine, warm: the index
 * is built (on disk, in the bench cache) before measuring, so each call is the stat walk
 * that keeps the index fresh, the search and the typed parsing. Sample mode gives the
 * percentiles; the target is p95 under 100 ms. See docs/benchmarks-facade.md.
 *
 * <pre>
 * ./mvnw -o -Pbench test-compile exec:exec \
 *     -Dbench.args="FacadeBenchmark -rf json -rff target/jmh-facade.json"
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class FacadeBenchmark {
  private Searcher searcher;
  private final NoteQuery<Task> blockedTasks =
      NoteQuery.newBuilder(Kind.TASKS).status("bloqué").priority("haute").build();
  private final NoteQuery<ChangelogEntry> decisions =
      NoteQuery.newBuilder(Kind.CHANGELOG).project("startup-x").tag("décision").build();
  private final NoteQuery<ChangelogEntry> abandon = NoteQuery.of(Kind.CHANGELOG, "abandon API externe");
  private final NoteQuery<ProjectState> states = NoteQuery.of(Kind.STATES, "*");
  private final NoteQuery<BucketItem> meetings = NoteQuery.newBuilder(Kind.BUCKETS).type("réunion").build();
  private final FindRequest findQuery = FindRequest.newBuilder().query("décision")
      .where("type eq réunion").build();
  private final FindRequest findScan = FindRequest.newBuilder().folder("").recursive(true)
      .where("updated gte 2025-06-01").includeFields("type").build();

  @Setup(Level.Trial)
  public void open() {
    searcher = SearchProviders.forVault(Fixtures.vault(),
        SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED));
    searcher.tasks(NoteQuery.of(Kind.TASKS, "*")); // builds or refreshes the index: measure warm calls
  }

  @TearDown(Level.Trial)
  public void close() {
    searcher.close();
  }

  @Benchmark
  public List<Task> tasksBlockedHigh() {
    return searcher.tasks(blockedTasks);
  }

  @Benchmark
  public List<ChangelogEntry> changelogDecisionsOfAProject() {
    return searcher.changelog(decisions);
  }

  @Benchmark
  public List<ChangelogEntry> changelogQuery() {
    return searcher.changelog(abandon);
  }

  @Benchmark
  public List<ProjectState> statesAll() {
    return searcher.states(states);
  }

  @Benchmark
  public List<BucketItem> bucketsOfAType() {
    return searcher.buckets(meetings);
  }

  @Benchmark
  public FindResult findQueryAndCondition() {
    return searcher.find(findQuery);
  }

  @Benchmark
  public FindResult findScanOnly() {
    return searcher.find(findScan);
  }
}
