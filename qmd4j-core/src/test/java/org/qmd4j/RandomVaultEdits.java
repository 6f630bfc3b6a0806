package org.qmd4j;

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

/**
 * Random edits of a projects-layout vault for the never-stale tests: files and folders added,
 * edited, renamed and deleted under {@code bucket/} and {@code projects/alpha/bucket/}, each
 * file holding one token of its own, and a model of where each token is.
 */
public final class RandomVaultEdits {
  private final long seed;
  private final Random random;
  private final Path vault;
  private final Map<String, String> model = new TreeMap<>(); // vault-relative path -> token
  private final int[] counter = {0};
  private Map<String, String> before = Map.of();

  private RandomVaultEdits(long seed, Path vault) {
    this.seed = seed;
    this.random = new Random(seed);
    this.vault = vault;
  }

  /**
   * A new vault in {@code folder} ({@code bucket/}, {@code projects/alpha/bucket/} and the
   * project's state file), edited with the seed {@code -Dqmd4j.seed} or a new one, printed
   * for {@code test} so that a failure can be replayed.
   */
  public static RandomVaultEdits newVault(Path folder, String test) throws IOException {
    long seed = Long.getLong("qmd4j.seed", System.nanoTime());
    System.out.println(test + " seed: " + seed + " (-Dqmd4j.seed=" + seed + " replays it)");
    Path vault = Files.createDirectories(folder).toRealPath();
    Files.createDirectories(vault.resolve("bucket"));
    Files.createDirectories(vault.resolve("projects/alpha/bucket"));
    Files.writeString(vault.resolve("projects/alpha/state.md"), "# Alpha\nDébut.\n");
    return new RandomVaultEdits(seed, vault);
  }

  /** The vault's real path. */
  public Path vault() {
    return vault;
  }

  /** The seed of the edits. */
  public long seed() {
    return seed;
  }

  /** How many files the edits made that exist now (the state file aside). */
  public int files() {
    return model.size();
  }

  /** One random change to the vault; returns what it did. */
  public String step() throws IOException {
    before = new HashMap<>(model);
    return step(random, vault, model, counter);
  }

  /** The tokens the last step moved, added or removed, and with {@code all} every token. */
  public Set<String> toCheck(boolean all) {
    return toCheck(before, model, all);
  }

  /** The files that hold {@code token} now. */
  public List<String> holding(String token) {
    return byToken(model).getOrDefault(token, List.of());
  }

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

  private static Set<String> toCheck(Map<String, String> before, Map<String, String> after,
      boolean all) {
    Set<String> check = new HashSet<>();
    before.forEach((p, t) -> { if (!t.equals(after.get(p))) check.add(t); });
    after.forEach((p, t) -> { if (!t.equals(before.get(p))) check.add(t); });
    if (all) check.addAll(after.values());
    return check;
  }

  private static Map<String, List<String>> byToken(Map<String, String> model) {
    Map<String, List<String>> out = new HashMap<>();
    model.forEach((path, token) -> out.computeIfAbsent(token, t -> new ArrayList<>()).add(path));
    return out;
  }

}
