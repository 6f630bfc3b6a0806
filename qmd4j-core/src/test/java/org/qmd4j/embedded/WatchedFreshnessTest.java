package org.qmd4j.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.internal.ChangeFeed.Changes;
import org.qmd4j.internal.ChangeFeed;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.VaultLayout;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Never stale with a watched vault: every write that completed before a search started is
 * seen by it, through files and folders added, edited, renamed and deleted at random.
 */
class WatchedFreshnessTest {
  @TempDir Path tmp;

  @Test
  void everyEditIsSeenByTheSearchRightAfterIt() throws IOException {
    long seed = Long.getLong("qmd4j.seed", System.nanoTime());
    System.out.println("WatchedFreshnessTest seed: " + seed + " (-Dqmd4j.seed=" + seed
        + " replays it)");
    Random random = new Random(seed);
    Path vault = Files.createDirectories(tmp.resolve("vault")).toRealPath();
    Files.createDirectories(vault.resolve("bucket"));
    Files.createDirectories(vault.resolve("projects/alpha/bucket"));
    Files.writeString(vault.resolve("projects/alpha/state.md"), "# Alpha\nDébut.\n");
    Map<String, String> model = new TreeMap<>(); // vault-relative path -> its one token
    int[] counter = {0};
    try (EmbeddedEngine engine = EmbeddedEngine.open(vault, null, Chunker.defaults(),
        ChangeFeed.watchOrWalk(vault, VaultLayout.PROJECTS), IndexProgress.NONE)) {
      assertThat(engine.watching()).as("Linux watches the vault").isTrue();
      for (int step = 0; step < 100; step++) {
        Map<String, String> before = new HashMap<>(model);
        String what = step(random, vault, model, counter);
        // The tokens this step moved or removed, and every token now and then.
        Set<String> check = new HashSet<>();
        before.forEach((p, t) -> { if (!t.equals(model.get(p))) check.add(t); });
        model.forEach((p, t) -> { if (!t.equals(before.get(p))) check.add(t); });
        if (step % 40 == 39) check.addAll(model.values());
        Map<String, List<String>> expected = byToken(model);
        for (String token : check) {
          assertThat(paths(engine, token))
              .as("seed %d, step %d (%s): files holding %s", seed, step, what, token)
              .containsExactlyInAnyOrderElementsOf(expected.getOrDefault(token, List.of()));
        }
      }
      assertThat(engine.fileCount()).as("seed %d", seed).isEqualTo(model.size() + 1);
    }
  }

  @Test
  void theFeedNamesWhatChangedAndNothingElse() throws IOException {
    Path vault = Files.createDirectories(tmp.resolve("v")).toRealPath();
    Files.createDirectories(vault.resolve("bucket/old"));
    Files.writeString(vault.resolve("bucket/a.md"), "# A\n");
    try (ChangeFeed feed = ChangeFeed.watchOrWalk(vault, VaultLayout.PROJECTS)) {
      assertThat(feed.changes()).isEqualTo(Changes.EVERYTHING); // the first look walks
      assertThat(feed.changes()).isEqualTo(Changes.NONE);

      Files.writeString(vault.resolve("bucket/a.md"), "# A2\n");
      Files.writeString(vault.resolve("inbox.txt"), "not indexed");
      assertThat(feed.changes().paths()).containsExactly("bucket/a.md");

      Files.createDirectories(vault.resolve("bucket/new/deep"));
      Files.writeString(vault.resolve("bucket/new/deep/b.md"), "# B\n");
      assertThat(feed.changes().paths()).contains("bucket/new");
      Files.writeString(vault.resolve("bucket/new/deep/c.md"), "# C\n"); // a new folder's file
      assertThat(feed.changes().paths()).containsExactly("bucket/new/deep/c.md");

      Files.move(vault.resolve("bucket/new"), vault.resolve("bucket/renamed"));
      assertThat(feed.changes().paths()).containsExactlyInAnyOrder("bucket/new", "bucket/renamed");
      Files.writeString(vault.resolve("bucket/renamed/deep/d.md"), "# D\n");
      assertThat(feed.changes().paths()).containsExactly("bucket/renamed/deep/d.md");
    }
  }

  /** One random change to the vault and the model; returns what it did. */
  private static String step(Random random, Path vault, Map<String, String> model,
      int[] counter) throws IOException {
    List<String> files = new ArrayList<>(model.keySet());
    List<String> folders = files.stream().filter(p -> p.split("/").length > 2)
        .map(p -> p.substring(0, p.lastIndexOf('/')))
        .filter(p -> p.startsWith("bucket/") || p.startsWith("projects/alpha/bucket/"))
        .distinct().sorted().collect(Collectors.toList());
    int op = files.isEmpty() ? 0 : random.nextInt(7);
    switch (op) {
      case 0: { // add a file
        String path = randomFolder(random) + "/n" + (++counter[0]) + ".md";
        write(vault, path, model, token(++counter[0]));
        return "add " + path;
      }
      case 1: { // edit a file: a new token
        String path = files.get(random.nextInt(files.size()));
        write(vault, path, model, token(++counter[0]));
        return "edit " + path;
      }
      case 2: { // rename a file
        String from = files.get(random.nextInt(files.size()));
        String to = randomFolder(random) + "/m" + (++counter[0]) + ".md";
        Files.createDirectories(vault.resolve(to).getParent());
        Files.move(vault.resolve(from), vault.resolve(to), StandardCopyOption.ATOMIC_MOVE);
        model.put(to, model.remove(from));
        return "rename " + from + " -> " + to;
      }
      case 3: { // delete a file
        String path = files.get(random.nextInt(files.size()));
        Files.delete(vault.resolve(path));
        model.remove(path);
        return "delete " + path;
      }
      case 4: { // a new folder with two files at once
        String folder = randomFolder(random) + "/d" + (++counter[0]);
        Files.createDirectories(vault.resolve(folder));
        write(vault, folder + "/x.md", model, token(++counter[0]));
        write(vault, folder + "/y.md", model, token(++counter[0]));
        return "new folder " + folder;
      }
      case 5: { // rename a folder
        if (folders.isEmpty()) return "nothing";
        String from = folders.get(random.nextInt(folders.size()));
        String to = from.substring(0, from.lastIndexOf('/')) + "/r" + (++counter[0]);
        Files.move(vault.resolve(from), vault.resolve(to), StandardCopyOption.ATOMIC_MOVE);
        for (String p : files) {
          if (p.startsWith(from + "/")) model.put(to + p.substring(from.length()), model.remove(p));
        }
        return "rename folder " + from + " -> " + to;
      }
      default: { // delete a folder
        if (folders.isEmpty()) return "nothing";
        String folder = folders.get(random.nextInt(folders.size()));
        try (Stream<Path> walk = Files.walk(vault.resolve(folder))) {
          for (Path p : walk.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
            Files.delete(p);
          }
        }
        model.keySet().removeIf(p -> p.startsWith(folder + "/"));
        return "delete folder " + folder;
      }
    }
  }

  private static String randomFolder(Random random) {
    return random.nextBoolean() ? "bucket" : "projects/alpha/bucket";
  }

  private static void write(Path vault, String path, Map<String, String> model, String token)
      throws IOException {
    Files.createDirectories(vault.resolve(path).getParent());
    Files.writeString(vault.resolve(path), "# Note\nMot clé " + token + ".\n");
    model.put(path, token);
  }

  /** A word the analyzer keeps whole: letters only. */
  private static String token(int n) {
    StringBuilder sb = new StringBuilder("zq");
    do {
      sb.append((char) ('a' + n % 26));
      n /= 26;
    } while (n > 0);
    return sb.append("x").toString();
  }

  private static Map<String, List<String>> byToken(Map<String, String> model) {
    Map<String, List<String>> out = new HashMap<>();
    model.forEach((path, token) -> out.computeIfAbsent(token, t -> new ArrayList<>()).add(path));
    return out;
  }

  private static List<String> paths(EmbeddedEngine engine, String query) {
    return engine.search(new EngineQuery(query, Mode.FAST, ChunkFilter.EVERYTHING, 50)).stream()
        .map(h -> h.chunk().path()).distinct().collect(Collectors.toList());
  }
}
