package org.qmd4j.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpSyncClient;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.HostileInput;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * The live-damage fault suite against the packaged jar: {@code qmd4j mcp} and
 * {@code qmd4j serve} run on one vault and one cache folder; each file of the embedded index
 * is truncated, emptied, overwritten or deleted under them, a note is edited, and the next
 * searches through both answer with the chunks of a clean build (and the edit). In the full
 * tier each kind of fault hits the lock, the commit point and two other files at random, in
 * the fast tier one file, the lock or the commit point and another file in turn
 * ({@code qmd4j.faultFiles}); with {@code -Dqmd4j.budget=60s} or more, every file.
 */
class LiveDamageIT {
  private static final int ALL = 10_000;

  @Test
  void indexFilesDamagedUnderRunningMcpAndServeAreHealed(@TempDir Path tmp) throws Exception {
    long seed = HostileInput.seed();
    System.out.println("LiveDamageIT seed=" + seed);
    Random random = new Random(seed);
    Path vault = Fixtures.copyVault(tmp.resolve("vault")).toRealPath();
    Path cache = Files.createDirectories(tmp.resolve("cache"));
    Path note = vault.resolve("projects/startup-x/state.md");
    boolean all = HostileInput.budgetMillis(0) >= 60_000;
    int injected = 0;
    int heals;
    McpSyncClient mcp = JarProcesses.mcp(vault, cache, "embedded");
    try (JarProcesses.Serve serve = new JarProcesses.Serve(vault, cache, "embedded")) {
      assertThat(JarProcesses.mcpSearch(mcp, "*", ALL)).isNotEmpty();
      assertThat(serve.search("*", ALL).status()).isEqualTo(200);
      String[] faults = {"truncate", "zeros", "overwrite", "delete"};
      for (int kind = 0; kind < faults.length; kind++) {
        String fault = faults[kind];
        List<Path> files = indexFiles(cache);
        if (!all) files = sample(files, kind, random);
        for (Path file : files) {
          String where = fault + " " + cache.relativize(file) + " seed=" + seed;
          damage(file, fault, random);
          injected++;
          String word = "réparé" + injected;
          Files.writeString(note, "\n" + word + "\n", StandardOpenOption.APPEND);
          List<String> expected = cleanBuild(vault);
          List<String> viaMcp = JarProcesses.chunks(JarProcesses.mcpSearch(mcp, "*", ALL));
          JarProcesses.Reply viaHttp = serve.search("*", ALL);
          assertThat(viaMcp).as("mcp after " + where).isEqualTo(expected);
          assertThat(viaHttp.status()).as("serve after " + where).isEqualTo(200);
          assertThat(viaHttp.chunks()).as("serve after " + where).isEqualTo(expected);
          assertThat(JarProcesses.chunks(JarProcesses.mcpSearch(mcp, word, 5)))
              .as("mcp finds the edit after " + where).singleElement().asString()
              .startsWith("projects/startup-x/state.md:");
          assertThat(serve.search(word, 5).chunks()).as("serve finds the edit after " + where)
              .singleElement().asString().startsWith("projects/startup-x/state.md:");
        }
      }
      assertThat(serve.stderr()).as("serve's log").doesNotContain("\tat ");
      heals = serve.stderr().split("is damaged", -1).length - 1;
    } finally {
      mcp.closeGracefully();
    }
    System.out.printf("LiveDamageIT: %d faults under running mcp and serve (serve healed %d"
        + " times), 0 failures%n", injected, heals);
    assertThat(injected).isGreaterThanOrEqualTo(4 * Math.min(4,
        Integer.getInteger("qmd4j.faultFiles", 4)));
  }

  /**
   * The qmd engine's private index.sqlite damaged (header zeroed, then 64 bytes in its middle)
   * under a running {@code qmd4j mcp --engine qmd}, then its resident {@code qmd mcp} killed:
   * the next searches answer as before. Skipped without qmd on PATH.
   */
  @Test
  void qmdIndexDamagedAndSessionKilledUnderRunningMcpAreHealed(@TempDir Path tmp)
      throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(org.qmd4j.spi.BinaryLocator
        .fromEnvironment(System.getenv()).locate().isPresent(), "qmd is not on PATH");
    Path vault = Fixtures.copyVault(tmp.resolve("vault")).toRealPath();
    Path cache = Files.createDirectories(tmp.resolve("cache"));
    McpSyncClient mcp = JarProcesses.mcp(vault, cache, "qmd");
    int faults = 0;
    try {
      List<String> before = JarProcesses.chunks(JarProcesses.mcpSearch(mcp, "webhook facture",
          20));
      assertThat(before).isNotEmpty();
      Path index;
      try (Stream<Path> walk = Files.walk(cache)) {
        index = walk.filter(p -> p.getFileName().toString().equals("index.sqlite"))
            .findFirst().orElseThrow();
      }
      for (long at : new long[] {0, -1}) {
        try (RandomAccessFile f = new RandomAccessFile(index.toFile(), "rw")) {
          f.seek(at == 0 ? 0 : f.length() / 2 - 32);
          f.write(new byte[64]);
        }
        faults++;
        assertThat(JarProcesses.chunks(JarProcesses.mcpSearch(mcp, "webhook facture", 20)))
            .as("after damage at " + (at == 0 ? "the header" : "the middle")).isEqualTo(before);
      }
      List<ProcessHandle> sessions = ProcessHandle.current().descendants()
          .filter(p -> p.info().commandLine().orElse("").matches(".*qmd(\\.js)? mcp.*"))
          .filter(p -> !p.info().commandLine().orElse("").contains("qmd4j-cli"))
          .toList();
      sessions.forEach(ProcessHandle::destroyForcibly);
      faults += sessions.size();
      assertThat(JarProcesses.chunks(JarProcesses.mcpSearch(mcp, "webhook facture", 20)))
          .as("after the qmd session was killed").isEqualTo(before);
    } finally {
      mcp.closeGracefully();
    }
    System.out.printf("LiveDamageIT (qmd): %d faults under a running mcp, 0 failures%n",
        faults);
  }

  /**
   * The files one kind of fault hits without a long budget: {@code qmd4j.faultFiles} of them
   * (4 in the full tier, 1 in the fast one), half the lock and the commit point, half the
   * other index files, each half drawn at random; with one file, the {@code kind}s of fault
   * take the lock or the commit point and another file in turn.
   */
  static List<Path> sample(List<Path> files, int kind, Random random) {
    int count = Integer.getInteger("qmd4j.faultFiles", 4);
    List<Path> shuffled = new ArrayList<>(files);
    Collections.shuffle(shuffled, random);
    List<Path> first = new ArrayList<>();
    List<Path> others = new ArrayList<>();
    for (Path p : shuffled) {
      String n = p.getFileName().toString();
      (n.equals("write.lock") || n.startsWith("segments_") ? first : others).add(p);
    }
    if (count == 1) {
      return List.of((kind % 2 == 0 || others.isEmpty() ? first : others).get(0));
    }
    List<Path> picked = new ArrayList<>(first.subList(0, Math.min(first.size(),
        count - count / 2)));
    picked.addAll(others.subList(0, Math.min(others.size(), count / 2)));
    return picked;
  }

  /** Every chunk of a clean in-memory build of the vault, as "path:lines", newest first. */
  static List<String> cleanBuild(Path vault) {
    try (Searcher clean = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
      List<String> out = new ArrayList<>();
      for (SearchResult r : clean.search(SearchRequest.of("*").withLimit(ALL))) {
        out.add(r.path() + ":" + r.lines());
      }
      return out;
    }
  }

  static List<Path> indexFiles(Path cache) throws IOException {
    try (Stream<Path> walk = Files.walk(cache)) {
      return new ArrayList<>(walk.filter(Files::isRegularFile)
          .filter(p -> p.toString().contains("embedded-")).sorted().toList());
    }
  }

  /** Damages {@code file} as the issue describes: 64 zero bytes in its middle, and worse. */
  static void damage(Path file, String fault, Random random) throws IOException {
    if (!Files.exists(file)) return; // gone with an earlier heal
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      long length = f.length();
      switch (fault) {
        case "truncate":
          f.setLength(length / 2);
          break;
        case "zeros":
        case "overwrite": {
          long at = length <= 64 ? 0 : length / 2 - 32;
          byte[] bytes = new byte[64];
          if (fault.equals("overwrite")) random.nextBytes(bytes);
          f.seek(at);
          f.write(bytes);
          break;
        }
        default:
          break;
      }
    }
    if (fault.equals("delete")) Files.delete(file);
  }
}
