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
 * edited (in place: truncate and write; or as editors save, a temporary file renamed over the
 * old one), renamed and deleted under {@code bucket/} and {@code projects/alpha/bucket/}, and the
 * root {@code tasks.md} edited in place; each file holds one token of its own, and a model says
 * where each token is.
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
    RandomVaultEdits edits = new RandomVaultEdits(seed, vault);
    write(vault, "tasks.md", edits.model, token(++edits.counter[0]));
    return edits;
  }

  /** The vault's real path. */
  public Path vault() {
    return vault;
  }

  /** The seed of the edits. */
  public long seed() {
    return seed;
  }

  /** Every token held by a file now. */
  public synchronized List<String> tokens() {
    return new ArrayList<>(model.values());
  }

  /** How many files the edits made that exist now (the state file aside). */
  public int files() {
    return model.size();
  }

  /** One random change to the vault; returns what it did. */
  public String step() throws IOException {
    Map<String, String> next = new TreeMap<>(model);
    String what = step(random, vault, next, counter);
    synchronized (this) { // tokens() is read by other threads
      before = new HashMap<>(model);
      model.clear();
      model.putAll(next);
    }
    return what;
  }

  /** The tokens the last step moved, added or removed, and with {@code all} every token. */
  public Set<String> toCheck(boolean all) {
    return toCheck(before, model, all);
  }

  /** The files that hold {@code token} now. */
  public synchronized List<String> holding(String token) {
    return byToken(model).getOrDefault(token, List.of());
  }

  private static String step(Random random, Path vault, Map<String, String> model,
      int[] counter) throws IOException {
    List<String> files = new ArrayList<>(model.keySet());
    List<String> folders = files.stream().filter(p -> p.split("/").length > 2)
        .map(p -> p.substring(0, p.lastIndexOf('/')))
        .filter(p -> p.startsWith("bucket/") || p.startsWith("projects/alpha/bucket/"))
        .distinct().sorted().collect(Collectors.toList());
    int op = files.isEmpty() ? 0 : random.nextInt(9);
    switch (op) {
      case 7: { // root tasks.md edited in place
        write(vault, "tasks.md", model, token(++counter[0]));
        return "edit tasks.md";
      }
      case 8: { // an edit saved as editors do: a temporary file renamed over the old one
        String path = files.get(random.nextInt(files.size()));
        Path target = vault.resolve(path);
        Path temp = target.resolveSibling("." + target.getFileName() + ".tmp"); // not indexed
        String token = token(++counter[0]);
        Files.writeString(temp, "# Note\nMot clé " + token + ".\n");
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
        model.put(path, token);
        return "atomic edit " + path;
      }
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

  /**
   * A word the analyzer keeps whole and apart from every other token: letters only, of one
   * length (no token is the prefix of another), no letter twice in a row (the analyzer folds
   * runs of a letter: {@code zqbaaax} would match {@code zqqbaax}), consonant digits between
   * fixed vowels (no stemming rule joins two of them).
   */
  private static String token(int n) {
    String digits = "bcdfghjklmnprtvw";
    StringBuilder sb = new StringBuilder("zq");
    for (int i = 0; i < 4; i++) {
      sb.append('u').append(digits.charAt(n % digits.length()));
      n /= digits.length();
    }
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
