package org.qmd4j.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;
import org.qmd4j.watch.VaultFeed;

/**
 * Freshness on the 2,000-file vault.
 *
 * <ul>
 *   <li>{@code unchanged_scan}: the stat walk alone ({@link VaultScanner#scan});
 *   <li>{@code unchanged_refresh}: {@link EmbeddedEngine#refresh()} when nothing changed
 *       (the walk plus the comparison with the index's records);
 *   <li>{@code edited_refresh}: {@code refresh()} right after one project changelog was
 *       rewritten (an entry appended): walk, re-chunk and re-index that file, commit, reopen
 *       the reader;
 *   <li>{@code edited_search}: the same edit, then a fast {@link Searcher#search} (refresh
 *       plus query), what an agent sees after writing a note.
 * </ul>
 * The edit happens in an invocation-level setup, outside the timed region.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class RefreshBench {
  /** The vault, an engine and a searcher over it; each with its own index. */
  @State(Scope.Benchmark)
  public static class Vault {
    @Param({"disk", "memory"})
    String storage;

    /** How the engine learns what changed: a stat walk, or the vault watcher. */
    @Param({"walk", "watch"})
    String feed;

    Path root;
    Path vault;
    EmbeddedEngine engine;
    Searcher searcher;
    Path edited;
    String original;
    int edits;

    @Setup(Level.Trial)
    public void open() throws IOException {
      root = BenchSupport.newVault(2000);
      vault = BenchSupport.vaultOf(root);
      boolean memory = storage.equals("memory");
      boolean watch = feed.equals("watch");
      engine = EmbeddedEngine.open(vault, memory ? null : root.resolve("index"),
          Chunker.defaults(), watch ? VaultFeed.watchOrWalk(vault, VaultLayout.PROJECTS)
              : VaultFeed.walkEveryTime(),
          IndexProgress.NONE);
      engine.refresh();
      searcher = SearchProviders.forVault(vault,
          BenchSupport.options(root.resolve("cache"), memory).withWatch(watch));
      searcher.search("décision");
      // The first project's changelog: a mid-sized file of several chunks.
      edited = Files.list(vault.resolve("projects")).sorted().findFirst().orElseThrow()
          .resolve("changelog.md");
      original = Files.readString(edited, StandardCharsets.UTF_8);
    }

    @TearDown(Level.Trial)
    public void close() {
      searcher.close();
      engine.close();
      BenchSupport.delete(root);
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
  public Map<String, FileStamp> unchanged_scan(Vault v) throws IOException {
    return VaultScanner.scan(v.vault, VaultLayout.PROJECTS);
  }

  @Benchmark
  public Object unchanged_refresh(Vault v) {
    v.engine.refresh();
    return v.engine;
  }

  @Benchmark
  public Object edited_refresh(Vault v, Edit e) {
    v.engine.refresh();
    return v.engine;
  }

  @Benchmark
  public List<SearchResult> edited_search(Vault v, Edit e) {
    return v.searcher.search("décision");
  }
}
