package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.SearchException;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.vault.NoteText;

/**
 * The randomized robustness suite, through the library: hostile queries with random
 * scopes, modes, dates and limits, and random vault mutations between searches (create, edit,
 * rename, delete files and folders, bad YAML, binary, non-UTF-8, one very large note).
 *
 * <p>Invariants: a search gives results or an {@link InvalidRequestException}, never another
 * exception; scores are in [0, 1] and descending; each result's {@code lines} lie inside its
 * file and hold exactly its chunk; after each mutation the changed note is found by its new
 * word and the removed one is not (never stale).
 *
 * <p>Seeded and reproducible: it prints its seed; replay with {@code -Dqmd4j.seed=N}. Runs
 * for 4 s in the full tier (CI), 2 s in the fast one ({@link TestTier});
 * {@code -Dqmd4j.budget=10m} runs longer (and writes a 50 MB note once).
 */
class RobustnessSuiteTest {
  private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

  @Test
  void hostileQueriesAndVaultMutationsKeepTheInvariants(@TempDir Path tmp) throws IOException {
    long seed = HostileInput.seed();
    long budget = HostileInput.budgetMillis(TestTier.rounds(2_000, 4_000));
    System.out.println("RobustnessSuiteTest seed=" + seed + " budget=" + budget
        + " ms (replay: -Dqmd4j.seed=" + seed + ")");
    HostileInput input = new HostileInput(seed);
    Random random = input.random();
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    SearchOptions options = Fixtures.memoryOptions().withInMemoryIndex(false)
        .withCacheDir(tmp.resolve("cache"));
    int cases = 0;
    int refused = 0;
    int mutations = 0;
    boolean large = false;
    long deadline = System.currentTimeMillis() + budget;
    try (Searcher searcher = SearchProviders.forVault(vault, options)) {
      while (System.currentTimeMillis() < deadline || cases < 50) {
        String query = input.query();
        String where = "seed=" + seed + " case=" + cases + " query=" + shown(query);
        try {
          SearchRequest request = SearchRequest.parse(query, input.mode(), input.scope(),
              input.date(), input.date()).withLimit(input.limit());
          where += " request=" + request;
          checkResults(vault, searcher.search(request), where);
        } catch (InvalidRequestException expected) {
          // The library's own message, and what a boundary shows.
          ForPeople.check(expected.getMessage(), where, options.cacheDir().orElseThrow());
          String real = searcher.describe().vault();
          ForPeople.check(ErrorMessages.forPeople(expected, real, "notes"), where,
              options.cacheDir().orElseThrow(), Path.of(real));
          refused++;
        } catch (EngineException e) {
          fail("Engine failure at " + where, e);
        } catch (RuntimeException e) {
          fail("Untyped " + e.getClass().getName() + " at " + where, e);
        }
        cases++;
        if (random.nextInt(4) == 0) {
          boolean makeLarge = !large && budget >= 60_000;
          mutate(vault, searcher, random, mutations, makeLarge, seed);
          large |= makeLarge;
          mutations++;
        }
      }
    }
    System.out.printf("RobustnessSuiteTest: %d cases (%d refused with a typed error),"
        + " %d mutations, %s, 0 failures%n", cases, refused, mutations,
        large ? "one 50 MB note" : "no 50 MB note (budget < 60 s)");
  }

  static String shown(String s) {
    StringBuilder sb = new StringBuilder();
    String t = s.length() > 80 ? s.substring(0, 80) + "…(" + s.length() + " chars)" : s;
    for (char c : t.toCharArray()) {
      if (c < 0x20 || Character.isSurrogate(c)) {
        sb.append(String.format("\\u%04X", (int) c));
      } else {
        sb.append(c);
      }
    }
    return "\"" + sb + "\"";
  }

  /** Scores in [0, 1], descending; lines inside the file, holding exactly the chunk. */
  static void checkResults(Path vault, List<SearchResult> results, String where)
      throws IOException {
    double previous = 1.0;
    Map<String, NoteText> notes = new HashMap<>(); // each file read once, even a 50 MB one
    for (SearchResult r : results) {
      assertThat(r.score()).as(where).isBetween(0.0, 1.0).isLessThanOrEqualTo(previous);
      previous = r.score();
      Path file = vault.resolve(r.path());
      assertThat(file).as(where + " " + r.path()).isRegularFile();
      NoteText note = notes.get(r.path());
      if (note == null) {
        note = NoteText.read(file);
        notes.put(r.path(), note);
      }
      assertThat(r.lines().to()).as(where + " " + r.path()).isLessThanOrEqualTo(note.lineCount());
      assertThat(r.chunk()).as(where + " " + r.path() + ":" + r.lines())
          .isEqualTo(note.text(r.lines().from(), r.lines().to()));
    }
  }

  // Fixed width, so that no word is a prefix of another (prefix matching is part of search).
  private static String word(int n) {
    return String.format("zorb%07dq", n);
  }

  private static final String[] FOLDERS = {"bucket", "bucket/notes", "projects/startup-x/bucket",
      "projects/fuzz/bucket", "projects/comptabilite/bucket/liens"};

  /** One random mutation, then checks that a search sees it at once. */
  private static void mutate(Path vault, Searcher searcher, Random random, int n,
      boolean large, long seed) throws IOException {
    String word = word(n);
    String folder = FOLDERS[random.nextInt(FOLDERS.length)];
    String path = folder + "/fuzz-" + n + ".md";
    Path file = vault.resolve(path);
    Files.createDirectories(file.getParent());
    String where = "seed=" + seed + " mutation=" + n;
    int kind = large ? -1 : random.nextInt(9);
    switch (kind) {
      case -1: { // one very large note
        StringBuilder sb = new StringBuilder("# " + word + "\n");
        while (sb.length() < 50 << 20) sb.append("ligne de remplissage ").append(sb.length())
            .append('\n');
        Files.writeString(file, sb);
        expectFound(searcher, word, path, where + " large note");
        break;
      }
      case 0: case 1: // create
        Files.writeString(file, "---\nupdated: 2025-07-14\n---\n# " + word + "\n\ntexte\n");
        expectFound(searcher, word, path, where + " create");
        break;
      case 2: { // edit an existing note: append a word
        Path target = randomNote(vault, random);
        String rel = vault.relativize(target).toString().replace('\\', '/');
        Files.writeString(target, Files.readString(target, StandardCharsets.ISO_8859_1)
            .concat("\n\n# " + word + "\n"), StandardCharsets.ISO_8859_1);
        expectFound(searcher, word, rel, where + " edit " + rel);
        break;
      }
      case 3: { // rename
        Files.writeString(file, "# " + word + "\n");
        searcher.search(word);
        Path to = file.resolveSibling("renamed-" + n + ".md");
        Files.move(file, to, StandardCopyOption.ATOMIC_MOVE);
        expectFound(searcher, word, vault.relativize(to).toString().replace('\\', '/'),
            where + " rename");
        break;
      }
      case 4: { // delete
        Files.writeString(file, "# " + word + "\n");
        searcher.search(word);
        Files.delete(file);
        expectGone(searcher, word, where + " delete");
        break;
      }
      case 5: // bad YAML
        Files.writeString(file, "---\nupdated: [2025\ntitle: : :\n\t- x\n---\n# " + word + "\n");
        expectFound(searcher, word, path, where + " bad YAML");
        break;
      case 6: { // binary
        byte[] bytes = new byte[1 + random.nextInt(4096)];
        random.nextBytes(bytes);
        Files.write(file, bytes);
        checkResults(vault, searcher.search(SearchRequest.of("*").withLimit(10_000)),
            where + " binary");
        break;
      }
      case 7: // non-UTF-8
        Files.write(file, ("# " + word + " échéance\n").getBytes(WINDOWS_1252));
        expectFound(searcher, word, path, where + " windows-1252");
        break;
      default: { // a folder of notes created, then removed
        Path dir = vault.resolve("projects/fuzz-" + n);
        Files.createDirectories(dir.resolve("bucket"));
        Files.writeString(dir.resolve("state.md"), "# " + word + "\n");
        Files.writeString(dir.resolve("bucket/a.md"), "# a " + word + "\n");
        expectFound(searcher, word, "projects/fuzz-" + n + "/state.md", where + " folder");
        try (Stream<Path> walk = Files.walk(dir)) {
          for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
        expectGone(searcher, word, where + " folder removed");
        break;
      }
    }
  }

  private static Path randomNote(Path vault, Random random) throws IOException {
    List<Path> notes = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(vault)) {
      walk.filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p))
          .filter(p -> !p.toString().contains("inbox"))
          .filter(p -> org.qmd4j.vault.VaultLayout.PROJECTS.classify(
              vault.relativize(p).toString().replace('\\', '/')).isPresent())
          .sorted().forEach(notes::add);
    }
    return notes.get(random.nextInt(notes.size()));
  }

  private static void expectFound(Searcher searcher, String word, String path, String where) {
    List<SearchResult> results;
    try {
      results = searcher.search(SearchRequest.of(word).withLimit(50));
    } catch (SearchException e) {
      throw new AssertionError(where + ": " + e, e);
    }
    assertThat(results).as(where + " (stale: the change is not seen)")
        .extracting(SearchResult::path).contains(path);
  }

  private static void expectGone(Searcher searcher, String word, String where) {
    assertThat(searcher.search(SearchRequest.of(word).withLimit(50)))
        .as(where + " (stale: removed content still found)").isEmpty();
  }
}
