package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.bench.VaultGenerator;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * The fault suite for the on-disk index: every file of the index (the lock file
 * included) truncated, emptied, overwritten and deleted between searches, a read-only cache
 * folder, and {@code kill -9} at random points of a first indexing. After each fault the
 * next searcher's results equal a clean build's: the same chunks, in the same order.
 *
 * <p>Seeded ({@code -Dqmd4j.seed=N}). In the full tier (CI) each fault hits the lock file, the
 * commit point and two other files at random, and the indexer is killed 3 times; in the fast
 * tier each fault hits one of the lock and the commit point and one other file, and the
 * indexer is killed twice ({@link TestTier}); {@code -Dqmd4j.budget=10m} (any budget of a
 * minute or more) damages every file and kills the indexer 20 times.
 */
class IndexFaultTest {

  /** Every chunk of the vault, newest first, as path, lines and text. */
  static List<String> everyChunk(Searcher searcher) {
    List<String> out = new ArrayList<>();
    for (SearchResult r : searcher.search(SearchRequest.of("*").withLimit(100_000))) {
      out.add(r.path() + ":" + r.lines() + "\n" + r.chunk());
    }
    return out;
  }

  /** Every keyword hit with its score; equal scores in path order (doc ids vary by build). */
  static List<String> keywordHits(Searcher searcher) {
    List<String> out = new ArrayList<>();
    for (SearchResult r : searcher.search(SearchRequest.of("décision facture")
        .withLimit(10_000))) {
      out.add(String.format(java.util.Locale.ROOT, "%.5f %s:%s", 1 - r.score(), r.path(),
          r.lines()));
    }
    out.sort(null);
    return out;
  }

  private static SearchOptions onDisk(Path cache) {
    return Fixtures.memoryOptions().withInMemoryIndex(false).withCacheDir(cache);
  }

  @Test
  void everyIndexFileDamagedBetweenSearchesIsRebuiltToTheSameChunks(@TempDir Path tmp)
      throws IOException {
    long seed = HostileInput.seed();
    System.out.println("IndexFaultTest seed=" + seed);
    Random random = new Random(seed);
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    List<String> clean;
    List<String> cleanHits;
    try (Searcher memory = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
      clean = everyChunk(memory);
      cleanHits = keywordHits(memory);
    }
    Path cache = tmp.resolve("cache");
    try (Searcher first = SearchProviders.forVault(vault, onDisk(cache))) {
      assertThat(everyChunk(first)).isEqualTo(clean);
    }
    String[] faults = {"truncate", "empty", "overwrite", "delete"};
    int injected = 0;
    boolean all = HostileInput.budgetMillis(0) >= 60_000;
    for (String fault : faults) {
      List<Path> files = indexFiles(cache);
      if (!all) files = sample(files, random);
      for (Path file : files) {
        damage(file, fault, random);
        injected++;
        try (Searcher next = SearchProviders.forVault(vault, onDisk(cache))) {
          String where = fault + " " + cache.relativize(file) + " seed=" + seed;
          assertThat(everyChunk(next)).as(where).isEqualTo(clean);
          assertThat(keywordHits(next)).as(where).isEqualTo(cleanHits);
        }
      }
    }
    // The lock file with content, as a bad copy leaves it.
    for (Path lock : lockFiles(cache)) {
      Files.writeString(lock, "garbage");
      injected++;
      try (Searcher next = SearchProviders.forVault(vault, onDisk(cache))) {
        assertThat(everyChunk(next)).as("lock " + lock).isEqualTo(clean);
      }
    }
    System.out.printf("IndexFaultTest: %d faults injected, 0 failures%n", injected);
    assertThat(injected).isGreaterThanOrEqualTo(4 * TestTier.rounds(2, 4));
  }

  /**
   * The files one kind of fault hits without a long budget: in the full tier the lock, the
   * commit point and two other index files, in the fast tier one of the first two and one
   * other file; each half drawn at random.
   */
  static List<Path> sample(List<Path> files, Random random) {
    int count = TestTier.rounds(2, 4);
    List<Path> shuffled = new ArrayList<>(files);
    java.util.Collections.shuffle(shuffled, random);
    List<Path> first = new ArrayList<>();
    List<Path> others = new ArrayList<>();
    for (Path p : shuffled) {
      String n = p.getFileName().toString();
      (n.equals("write.lock") || n.startsWith("segments_") ? first : others).add(p);
    }
    List<Path> picked = new ArrayList<>(first.subList(0, Math.min(first.size(),
        count - count / 2)));
    picked.addAll(others.subList(0, Math.min(others.size(), count / 2)));
    return picked;
  }

  static List<Path> indexFiles(Path cache) throws IOException {
    try (Stream<Path> walk = Files.walk(cache)) {
      return walk.filter(Files::isRegularFile).sorted().toList();
    }
  }

  private static List<Path> lockFiles(Path cache) throws IOException {
    try (Stream<Path> walk = Files.walk(cache)) {
      return walk.filter(p -> p.getFileName().toString().equals("write.lock")).toList();
    }
  }

  static void damage(Path file, String fault, Random random) throws IOException {
    if (!Files.exists(file)) return; // removed by a rebuild after an earlier fault
    switch (fault) {
      case "truncate":
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
          f.setLength(f.length() / 2);
        }
        break;
      case "empty":
        Files.write(file, new byte[0]);
        break;
      case "overwrite": {
        byte[] bytes = Files.readAllBytes(file);
        if (bytes.length == 0) bytes = new byte[16];
        int from = random.nextInt(bytes.length);
        for (int i = from; i < Math.min(bytes.length, from + 64); i++) {
          bytes[i] = (byte) random.nextInt(256);
        }
        Files.write(file, bytes);
        break;
      }
      default:
        Files.delete(file);
    }
  }

  @Test
  void aReadOnlyCacheFolderFallsBackToMemoryAndStillAnswers(@TempDir Path tmp)
      throws Exception {
    // Tests run as root here, where a mode 555 folder is still writable: an immutable folder
    // (chattr +i) is refused even to root. Skipped where chattr is not available.
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    Path cache = Files.createDirectories(tmp.resolve("cache"));
    boolean immutable = run("chattr", "+i", cache.toString()) == 0;
    assumeThat(immutable).as("chattr +i works here").isTrue();
    try {
      assumeThat(Files.isWritable(cache) && canCreate(cache)).as("folder refused").isFalse();
      List<String> clean;
      try (Searcher memory = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
        clean = everyChunk(memory);
      }
      try (Searcher searcher = SearchProviders.forVault(vault, onDisk(cache))) {
        assertThat(everyChunk(searcher)).isEqualTo(clean);
        assertThat(searcher.describe().indexLocation()).isEqualTo("memory");
      }
    } finally {
      run("chattr", "-i", cache.toString());
    }
  }

  private static boolean canCreate(Path dir) {
    try {
      Files.delete(Files.createTempFile(dir, "probe", ".tmp"));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static int run(String... command) {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    } catch (IOException e) {
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  @Test
  void killNineAtRandomPointsOfIndexingThenTheNextSearchHasEveryChunk(@TempDir Path tmp)
      throws Exception {
    long seed = HostileInput.seed();
    int kills = HostileInput.budgetMillis(0) >= 60_000 ? 20 : TestTier.rounds(2, 3);
    System.out.println("IndexFaultTest kill -9 seed=" + seed + " kills=" + kills);
    Random random = new Random(seed);
    Path vault = tmp.resolve("vault");
    VaultGenerator.generate(vault, 600, seed);
    List<String> clean;
    try (Searcher memory = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
      clean = everyChunk(memory);
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    int killed = 0;
    for (int k = 0; k < kills; k++) {
      Path cache = tmp.resolve("cache-" + k);
      List<String> command = new ArrayList<>(List.of(java));
      command.addAll(TestTier.commandJvmOptions()); // as the launcher starts a command
      command.addAll(List.of("-cp", System.getProperty("java.class.path"),
          ChildIndexer.class.getName(), vault.toString(), cache.toString()));
      Process child = new ProcessBuilder(command)
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      long delay = 200 + random.nextInt(2_500);
      if (!child.waitFor(delay, TimeUnit.MILLISECONDS)) {
        child.destroyForcibly(); // SIGKILL on Unix: no shutdown hook, no close
        killed++;
      }
      child.waitFor();
      try (Searcher next = SearchProviders.forVault(vault, onDisk(cache))) {
        assertThat(everyChunk(next)).as("after kill at " + delay + " ms, seed=" + seed)
            .isEqualTo(clean);
      }
    }
    System.out.printf("IndexFaultTest: %d indexers started, %d killed mid-way, 0 failures%n",
        kills, killed);
  }

  /** The child JVM of the kill -9 test: indexes the vault into the cache, then exits. */
  public static final class ChildIndexer {
    public static void main(String[] args) {
      try (Searcher s = SearchProviders.forVault(Path.of(args[0]), onDisk(Path.of(args[1])))) {
        s.search("décision");
      }
    }
  }
}
