package org.qmd4j.bench;

import java.nio.file.Path;
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
import org.qmd4j.embedded.EmbeddedEngine;
import org.qmd4j.vault.Chunker;

/**
 * Full index build from scratch: open an engine on an empty index (in memory, or in a new
 * folder on disk), bring it up to date with the vault (walk, read, chunk, analyse, commit),
 * close it. One invocation per iteration; the vault is generated once per fork and is in
 * the OS page cache.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
@State(Scope.Benchmark)
public class IndexBuildBench {
  @Param({"2000", "20000"})
  int files;

  @Param({"memory", "disk"})
  String storage;

  private Path root;
  private Path vault;
  private Path indexDir;
  private int iteration;

  @Setup(Level.Trial)
  public void generate() {
    root = BenchSupport.newVault(files);
    vault = BenchSupport.vaultOf(root);
  }

  @Setup(Level.Iteration)
  public void freshIndexFolder() {
    indexDir = storage.equals("disk") ? root.resolve("index-" + iteration++) : null;
  }

  @Benchmark
  public int build() {
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, indexDir, Chunker.defaults())) {
      engine.refresh();
      return engine.indexLocation().length();
    }
  }

  @TearDown(Level.Iteration)
  public void dropIndex() {
    BenchSupport.delete(indexDir);
  }

  @TearDown(Level.Trial)
  public void dropVault() {
    BenchSupport.delete(root);
  }
}
