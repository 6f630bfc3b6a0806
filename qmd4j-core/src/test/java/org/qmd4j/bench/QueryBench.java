package org.qmd4j.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.embedded.EmbeddedEngine;
import org.qmd4j.embedded.RawSearch;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.Hit;
import org.qmd4j.vault.Chunker;

/**
 * Warm query latency on the 2,000-file vault, twenty queries in turn, both modes.
 *
 * <ul>
 *   <li>{@code searcher}: {@link Searcher#search(SearchRequest)} as an application calls it,
 *       with the default options: the vault is watched, so a search first passes the
 *       watcher's barrier (nothing changed) instead of walking the vault;
 *   <li>{@code searcher_walk}: the same with {@code withWatch(false)}: a stat walk of every
 *       file before each search, as in a one-shot command;
 *   <li>{@code raw}: the engine's ranking and chunk rebuilding alone, without the walk
 *       ({@link RawSearch}).
 * </ul>
 * Both use an on-disk index built before the measurement.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 4)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
@State(Scope.Benchmark)
public class QueryBench {
  @Param({"fast", "deep"})
  String mode;

  private Path root;
  private Searcher searcher;
  private Searcher walking;
  private EmbeddedEngine engine;
  private RawSearch raw;
  private List<SearchRequest> requests;
  private org.qmd4j.search.Mode engineMode;
  private int next;

  @Setup(Level.Trial)
  public void open() {
    root = BenchSupport.newVault(2000);
    Path vault = BenchSupport.vaultOf(root);
    engineMode = org.qmd4j.search.Mode.parse(mode);
    requests = BenchSupport.QUERIES.stream()
        .map(q -> SearchRequest.of(q).withMode(engineMode)).toList();
    searcher = SearchProviders.forVault(vault,
        BenchSupport.options(root.resolve("cache"), false));
    searcher.search("décision"); // builds the index
    walking = SearchProviders.forVault(vault,
        BenchSupport.options(root.resolve("cache"), false).withWatch(false));
    engine = EmbeddedEngine.open(vault, root.resolve("raw-index"), Chunker.defaults());
    engine.refresh();
    raw = new RawSearch(engine);
  }

  @Benchmark
  public List<SearchResult> searcher() {
    SearchRequest r = requests.get(next++ % requests.size());
    return searcher.search(r);
  }

  @Benchmark
  public List<SearchResult> searcher_walk() {
    SearchRequest r = requests.get(next++ % requests.size());
    return walking.search(r);
  }

  @Benchmark
  public List<Hit> raw() {
    SearchRequest r = requests.get(next++ % requests.size());
    return raw.search(r.query(), engineMode, r.limit());
  }

  @TearDown(Level.Trial)
  public void close() {
    searcher.close();
    walking.close();
    engine.close();
    BenchSupport.delete(root);
  }
}
