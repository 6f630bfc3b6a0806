package org.qmd4j.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpSyncClient;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.ForPeople;
import org.qmd4j.HostileInput;

/**
 * The soak run: {@code qmd4j serve}, two {@code qmd4j mcp} (two MCP clients; the second
 * on the qmd engine when qmd is installed) and one-shot {@code qmd4j search} processes, all
 * from the packaged jar, on one vault and one cache folder, while a writer renames, edits,
 * deletes and bulk-creates notes and a fault injector damages index files and kills the qmd
 * session. Counts requests, errors by type and stale answers (a note whose last change
 * completed before the search started and that the search gets wrong), and each server's heap
 * (after a GC) and open descriptors at start and end. Two minutes in CI;
 * {@code -Dqmd4j.soak=30m} for the long run (docs/reliability.md).
 */
class SoakIT {
  private final Map<String, Truth> truth = new ConcurrentHashMap<>(); // word -> where it is
  private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
  private final List<String> stale = java.util.Collections.synchronizedList(new ArrayList<>());
  private final AtomicBoolean stop = new AtomicBoolean();
  private final Map<String, String> firstMessage = new ConcurrentHashMap<>();

  /** Where a word is: a path, or nowhere; and when that became true (nanoTime). */
  private record Truth(String path, long since, long until) {}

  private void count(String what) {
    counts.computeIfAbsent(what, k -> new AtomicLong()).incrementAndGet();
  }

  /** The number of soak notes the writer keeps, 0 to let bulk creations grow the vault. */
  private static final int CONSTANT_FILES = Integer.getInteger("qmd4j.soak.files", 0);

  @Test
  void allEntryPointsTogetherStayCorrectUnderWritesAndFaults(@TempDir Path tmp)
      throws Exception {
    Duration length = Duration.parse("PT" + System.getProperty("qmd4j.soak", "2m")
        .toUpperCase(java.util.Locale.ROOT));
    long seed = HostileInput.seed();
    System.out.println("SoakIT seed=" + seed + " length=" + length);
    Path vault = Fixtures.copyVault(tmp.resolve("vault")).toRealPath();
    Path cache = Files.createDirectories(tmp.resolve("cache"));
    Path notes = Files.createDirectories(vault.resolve("bucket/soak"));
    boolean qmd = org.qmd4j.spi.BinaryLocator.fromEnvironment(System.getenv()).locate()
        .isPresent();
    Random random = new Random(seed);
    for (int i = 0; i < 40; i++) write(notes, random, "created");
    McpSyncClient mcp1 = JarProcesses.mcp(vault, cache, "embedded");
    McpSyncClient mcp2 = JarProcesses.mcp(vault, cache, qmd ? "qmd" : "embedded");
    try (JarProcesses.Serve serve = new JarProcesses.Serve(vault, cache, "embedded")) {
      JarProcesses.mcpSearch(mcp1, "*", 1);
      JarProcesses.mcpSearch(mcp2, "*", 1);
      serve.search("*", 1);
      Map<Long, long[]> start = resources();
      List<Thread> threads = new ArrayList<>();
      threads.add(loop("writer", () -> {
        writeSomething(notes, random);
        Thread.sleep(300);
      }));
      threads.add(loop("faults", () -> {
        Thread.sleep(8_000);
        injectFault(cache, random);
      }));
      threads.add(loop("mcp1", () -> check("mcp1", word -> rows(
          JarProcesses.mcpSearch(mcp1, word, 5)))));
      threads.add(loop("mcp2", () -> check("mcp2", word -> rows(
          JarProcesses.mcpSearch(mcp2, word, 5)))));
      threads.add(loop("serve", () -> check("serve", word -> {
        JarProcesses.Reply r = serve.search(word, 5);
        if (r.status() != 200) throw new HttpError(r.status(), r.body().path("error").asText());
        List<Row> out = new ArrayList<>();
        for (var row : r.body().get("results")) out.add(new Row(row.get("path").asText(),
            row.get("chunk").asText()));
        return out;
      })));
      threads.add(loop("cli", () -> check("cli", word -> cliSearch(vault, cache, word))));
      threads.forEach(Thread::start);
      Thread.sleep(length.toMillis());
      stop.set(true);
      for (Thread t : threads) t.join(TimeUnit.MINUTES.toMillis(5));
      Map<Long, long[]> end = resources();
      String report = report(length, seed, start, end);
      try (Stream<Path> left = Files.list(notes)) {
        report += "  soak notes at the end                " + left.count()
            + (CONSTANT_FILES > 0 ? " (kept at " + CONSTANT_FILES + ")" : "") + "\n";
      }
      System.out.println(report);
      Files.createDirectories(Path.of("target"));
      Files.writeString(Path.of("target/soak-report.txt"), report);
      // The report and the server's warnings go into the failure's message: a CI log keeps
      // little more than that.
      String diagnosis = report + warnings(serve.stderr());
      assertThat(stale).as("stale answers\n%s", diagnosis).isEmpty();
      assertThat(counts).as("internal errors\n%s", diagnosis).doesNotContainKeys("mcp1 internal error",
          "mcp2 internal error", "serve 5xx", "cli exit 1");
      for (Map.Entry<Long, long[]> e : end.entrySet()) {
        long[] s = start.get(e.getKey());
        if (s == null) continue;
        assertThat(e.getValue()[1]).as("descriptors of pid " + e.getKey())
            .isLessThanOrEqualTo(s[1] + 64);
      }
    } finally {
      stop.set(true);
      mcp1.closeGracefully();
      mcp2.closeGracefully();
    }
  }

  // --- the writer -------------------------------------------------------------------------

  private int serial;

  /** Creates one note holding a word of its own. */
  private void write(Path folder, Random random, String how) throws IOException {
    String word = word(++serial);
    Path note = folder.resolve("n" + serial + ".md");
    Files.writeString(note, "# Note " + serial + "\n\n" + word + " " + how + "\n");
    truth.put(word, new Truth(relative(note), System.nanoTime(), Long.MAX_VALUE));
  }

  /** Fixed width, so that no word is a prefix of another (prefixes match). */
  private static String word(int n) {
    return String.format("soakw%07dx", n);
  }

  private static String relative(Path note) {
    String s = note.toString();
    return s.substring(s.indexOf("bucket/soak/"));
  }

  private void writeSomething(Path folder, Random random) throws IOException {
    List<Path> existing;
    try (Stream<Path> list = Files.list(folder)) {
      existing = list.filter(p -> p.toString().endsWith(".md")).sorted().toList();
    }
    int op = random.nextInt(10);
    if (existing.size() < 10 || op == 0) { // bulk-create
      // With -Dqmd4j.soak.files=N the folder is refilled to N notes: a vault of constant size.
      int n = CONSTANT_FILES > 0 ? CONSTANT_FILES - existing.size() : 20 + random.nextInt(30);
      if (n > 0 || existing.isEmpty()) {
        for (int i = 0; i < n; i++) write(folder, random, "bulk");
        count("writer bulk-create");
        return;
      }
      op = 1; // the folder is full: an edit instead
    }
    Path victim = existing.get(random.nextInt(existing.size()));
    String path = relative(victim);
    if (op <= 3) { // edit: a new word appended
      String word = word(++serial);
      Files.writeString(victim, "\n" + word + " edited\n",
          java.nio.file.StandardOpenOption.APPEND);
      truth.put(word, new Truth(path, System.nanoTime(), Long.MAX_VALUE));
      count("writer edit");
    } else if (op <= 6) { // rename: its words move
      Path target = folder.resolve("r" + (++serial) + ".md");
      unsettle(path);
      Files.move(victim, target, StandardCopyOption.ATOMIC_MOVE);
      moveWords(path, relative(target));
      count("writer rename");
    } else { // delete: its words are gone
      unsettle(path);
      Files.delete(victim);
      moveWords(path, null);
      count("writer delete");
    }
  }

  /** The words of {@code path} are about to move: no search judges them meanwhile. */
  private void unsettle(String path) {
    truth.replaceAll((w, t) -> path.equals(t.path())
        ? new Truth(path, Long.MAX_VALUE, Long.MAX_VALUE) : t);
  }

  private void moveWords(String from, String to) {
    long done = System.nanoTime();
    truth.replaceAll((w, t) -> from.equals(t.path()) ? new Truth(to, done, Long.MAX_VALUE) : t);
  }

  // --- the readers ------------------------------------------------------------------------

  /** A search of one word through an entry point: each result's path and chunk. */
  @FunctionalInterface
  private interface Search {
    List<Row> of(String word) throws Exception;
  }

  /** One result. */
  record Row(String path, String chunk) {}

  static List<Row> rows(List<Map<String, Object>> results) {
    List<Row> out = new ArrayList<>();
    for (Map<String, Object> r : results) {
      out.add(new Row(String.valueOf(r.get("path")), String.valueOf(r.get("chunk"))));
    }
    return out;
  }

  /** One search of a random known word; counts it, and counts it stale when it is wrong. */
  private void check(String entry, Search search) throws Exception {
    List<String> words = new ArrayList<>(truth.keySet());
    if (words.isEmpty()) return;
    String word = words.get(java.util.concurrent.ThreadLocalRandom.current()
        .nextInt(words.size()));
    Truth before = truth.get(word);
    long started = System.nanoTime();
    List<Row> rows;
    try {
      rows = search.of(word);
    } catch (JarProcesses.ToolError e) {
      ForPeople.check(e.getMessage(), entry + " " + word);
      String type = entry + (e.getMessage().startsWith("Internal error") ? " internal error"
          : " tool error");
      count(type);
      firstMessage.putIfAbsent(type, e.getMessage());
      return;
    } catch (HttpError e) {
      ForPeople.check(e.getMessage(), entry + " " + word);
      String type = entry + (e.status >= 500 ? " 5xx" : " 4xx");
      count(type);
      firstMessage.putIfAbsent(type, e.getMessage());
      return;
    } catch (CliError e) {
      count(entry + " exit " + e.code);
      firstMessage.putIfAbsent(entry + " exit " + e.code, e.getMessage());
      return;
    }
    count(entry + " requests");
    Truth after = truth.get(word);
    // Judged only when the word's place was settled before the search started and did not
    // change while it ran.
    if (!before.equals(after) || before.since() > started) return;
    // A result holds the word when its chunk does (a corrected, fuzzy match does not count).
    List<Row> holding = rows.stream().filter(r -> r.chunk().contains(word)).toList();
    boolean found = holding.stream().anyMatch(r -> r.path().equals(before.path()));
    boolean elsewhere = holding.stream().anyMatch(r -> !r.path().equals(before.path()));
    if (before.path() != null && !found || elsewhere) {
      Thread.sleep(2_000); // transient (late) or lasting (wrong index)?
      List<Row> later = search.of(word);
      stale.add(entry + ": '" + word + "' expected in " + before.path() + " (settled "
          + (started - before.since()) / 1_000_000 + " ms before), got " + rows + "; 2 s later "
          + later.stream().map(Row::path).toList());
      count(entry + " stale");
    }
  }

  private static List<Row> cliSearch(Path vault, Path cache, String word) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(JarProcesses.java(), "-jar", JarProcesses.jar(),
        "search", "--json", "--engine", "embedded", "--vault", vault.toString(), "--limit", "5",
        "--", word);
    pb.environment().put("QMD4J_CACHE_DIR", cache.toString());
    Path err = Files.createTempFile("soak-cli", ".err");
    pb.redirectError(err.toFile());
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    int code = p.waitFor();
    String stderr = Files.readString(err);
    Files.delete(err);
    if (code != 0) throw new CliError(code, stderr.strip());
    List<Row> rows = new ArrayList<>();
    for (var row : JarProcesses.JSON.readTree(out).get("results")) {
      rows.add(new Row(row.get("path").asText(), row.get("chunk").asText()));
    }
    return rows;
  }

  // --- faults ---------------------------------------------------------------------------

  private void injectFault(Path cache, Random random) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(cache)) {
      files = walk.filter(Files::isRegularFile).filter(p -> {
        String n = p.getFileName().toString();
        return p.toString().contains("embedded-") || n.equals("index.sqlite");
      }).sorted().toList();
    } catch (java.io.UncheckedIOException changing) {
      return; // a commit or a heal removed a file while it was listed: next time
    }
    int kind = random.nextInt(4);
    if (kind == 3) {
      List<ProcessHandle> sessions = ProcessHandle.current().descendants()
          .filter(p -> p.info().commandLine().orElse("").matches(".*qmd(\\.js)? mcp.*"))
          .filter(p -> !p.info().commandLine().orElse("").contains("qmd4j-cli"))
          .toList();
      sessions.forEach(ProcessHandle::destroyForcibly);
      count("faults qmd session killed");
      return;
    }
    if (files.isEmpty()) return;
    Path file = files.get(random.nextInt(files.size()));
    String fault = new String[] {"zeros", "truncate", "delete"}[kind];
    try {
      if (kind == 2) {
        Files.deleteIfExists(file);
      } else {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
          if (kind == 1) {
            f.setLength(f.length() / 2);
          } else {
            f.seek(Math.max(0, f.length() / 2 - 32));
            f.write(new byte[64]);
          }
        }
      }
      count("faults " + fault + (file.toString().endsWith("index.sqlite") ? " qmd" : " embedded"));
    } catch (IOException gone) {
      // removed by a heal or a commit meanwhile
    }
  }

  // --- measures -------------------------------------------------------------------------

  /** For each server process: its heap in use after a GC (KiB) and its open descriptors. */
  private static Map<Long, long[]> resources() {
    Map<Long, long[]> out = new java.util.TreeMap<>();
    ProcessHandle.current().descendants()
        .filter(p -> p.info().commandLine().orElse("").contains("qmd4j-cli.jar"))
        .filter(p -> !p.info().commandLine().orElse("").contains(" search "))
        .forEach(p -> out.put(p.pid(), new long[] {heapKib(p.pid()), descriptors(p.pid())}));
    return out;
  }

  private static long heapKib(long pid) {
    try {
      String jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
      run(jcmd, Long.toString(pid), "GC.run");
      String info = run(jcmd, Long.toString(pid), "GC.heap_info");
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("used (\\d+)K").matcher(info);
      return m.find() ? Long.parseLong(m.group(1)) : -1;
    } catch (IOException | InterruptedException e) {
      return -1;
    }
  }

  private static String run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    return out;
  }

  private static long descriptors(long pid) {
    try (Stream<Path> fds = Files.list(Path.of("/proc/" + pid + "/fd"))) {
      return fds.count();
    } catch (IOException e) {
      return -1;
    }
  }

  private String report(Duration length, long seed, Map<Long, long[]> start,
      Map<Long, long[]> end) {
    StringBuilder sb = new StringBuilder("SoakIT: " + length + ", seed " + seed + "\n");
    new java.util.TreeMap<>(counts).forEach((k, v) -> sb.append(String.format("  %-36s %d%n",
        k, v.get())));
    sb.append("  stale answers                        ").append(stale.size()).append('\n');
    firstMessage.forEach((k, v) -> sb.append("  first ").append(k).append(": ").append(v)
        .append('\n'));
    stale.stream().limit(5).forEach(s -> sb.append("  ").append(s).append('\n'));
    for (Map.Entry<Long, long[]> e : start.entrySet()) {
      long[] s = e.getValue();
      long[] f = end.getOrDefault(e.getKey(), new long[] {-1, -1});
      sb.append(String.format("  pid %d: heap after GC %d KiB -> %d KiB, descriptors %d -> %d%n",
          e.getKey(), s[0], f[0], s[1], f[1]));
    }
    return sb.toString();
  }

  /** The lines of a server's log that warn or report an error, and the lines after them. */
  private static String warnings(String log) {
    StringBuilder sb = new StringBuilder();
    String[] lines = log.split("\n");
    for (int i = 0; i < lines.length && sb.length() < 8_000; i++) {
      if (!lines[i].contains("WARN") && !lines[i].contains("ERROR")) continue;
      sb.append("  serve: ").append(lines[i]).append('\n');
      for (int j = i + 1; j < Math.min(lines.length, i + 6); j++) {
        sb.append("  serve:   ").append(lines[j]).append('\n');
      }
    }
    return sb.toString();
  }

  // --- plumbing -------------------------------------------------------------------------

  @FunctionalInterface
  private interface Step {
    void run() throws Exception;
  }

  private Thread loop(String name, Step step) {
    Thread t = new Thread(() -> {
      while (!stop.get()) {
        try {
          step.run();
        } catch (InterruptedException e) {
          return;
        } catch (Exception | AssertionError e) {
          count(name + " " + e.getClass().getSimpleName());
          stale.add(name + " failed: " + e);
        }
      }
    }, "soak-" + name);
    t.setDaemon(true);
    return t;
  }

  /** An HTTP error answer. */
  private static final class HttpError extends Exception {
    private static final long serialVersionUID = 1L;
    final int status;

    HttpError(int status, String message) {
      super(message);
      this.status = status;
    }
  }

  /** A CLI run that exited with an error. */
  private static final class CliError extends Exception {
    private static final long serialVersionUID = 1L;
    final int code;

    CliError(int code, String stderr) {
      super(stderr);
      this.code = code;
    }
  }
}
