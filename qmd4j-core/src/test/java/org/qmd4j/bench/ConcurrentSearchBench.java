package org.qmd4j.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
import org.qmd4j.search.SearchResult;

/**
 * What never-stale costs a long-lived searcher under concurrency: {@link Searcher#search}
 * through one long-lived, watched searcher (as {@code mcp}, {@code serve}, the daemon and an
 * application hold it; index on disk) on the 2,000-file vault, while {@code searchers}
 * other threads search the same searcher without pause (the twenty {@link
 * BenchSupport#QUERIES}, cycled). Each search passes the watcher's barrier and the
 * refresher's lock, where it takes the changes or waits for the search that took them.
 *
 * <ul>
 *   <li>{@code search}: the vault unchanged;
 *   <li>{@code edited_search}: one changelog rewritten before each invocation (outside the
 *       timed region), so that the timed search re-indexes it first: the writer's
 *       read-after-write.
 * </ul>
 * SampleTime: JMH prints p0.50 and p0.95 of each. Run on a quiet machine (see
 * docs/benchmarks.md for the command).
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class ConcurrentSearchBench {
  /** The vault, one watched searcher over it, and the threads searching beside the timed one. */
  @State(Scope.Benchmark)
  public static class Vault {
    /** How many other threads search without pause beside the timed searches. */
    @Param({"0", "8"})
    int searchers;

    Path root;
    Searcher searcher;
    Path edited;
    String original;
    int edits;
    int next;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final List<Thread> others = new ArrayList<>();

    @Setup(Level.Trial)
    public void open() throws IOException {
      root = BenchSupport.newVault(2000);
      Path vault = BenchSupport.vaultOf(root);
      searcher = SearchProviders.forVault(vault,
          BenchSupport.options(root.resolve("cache"), false).withWatch(true));
      searcher.search("décision"); // the first index, outside the measurement
      edited = Files.list(vault.resolve("projects")).sorted().findFirst().orElseThrow()
          .resolve("changelog.md");
      original = Files.readString(edited, StandardCharsets.UTF_8);
      for (int i = 0; i < searchers; i++) {
        int first = i;
        Thread t = new Thread(() -> {
          for (int q = first; !stop.get(); q++) {
            searcher.search(BenchSupport.QUERIES.get(q % BenchSupport.QUERIES.size()));
          }
        }, "bench-searcher-" + i);
        t.setDaemon(true);
        t.start();
        others.add(t);
      }
    }

    @TearDown(Level.Trial)
    public void close() throws InterruptedException {
      stop.set(true);
      for (Thread t : others) t.join();
      searcher.close();
      BenchSupport.delete(root);
    }

    String query() {
      return BenchSupport.QUERIES.get(next++ % BenchSupport.QUERIES.size());
    }
  }

  /** One edit of the changelog before each invocation. */
  @State(Scope.Thread)
  public static class Edit {
    @Setup(Level.Invocation)
    public void edit(Vault v) throws IOException {
      int n = ++v.edits;
      // Size alternates, so the stamp changes even on a coarse clock.
      String entry = "\n## [note] Modification n°" + n + (n % 2 == 0 ? "" : " !")
          + "\nAjout d'une ligne de suivi pendant le benchmark.\n";
      Files.writeString(v.edited, v.original + entry, StandardCharsets.UTF_8);
    }
  }

  @Benchmark
  public List<SearchResult> search(Vault v) {
    return v.searcher.search(v.query());
  }

  @Benchmark
  public List<SearchResult> edited_search(Vault v, Edit e) {
    return v.searcher.search("décision");
  }
}
