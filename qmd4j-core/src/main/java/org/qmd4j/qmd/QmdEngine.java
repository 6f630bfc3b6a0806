package org.qmd4j.qmd;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.qmd4j.internal.ChunkMatcher;
import org.qmd4j.internal.NoteCache;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Mode;
import org.qmd4j.search.QmdFailedException;
import org.qmd4j.search.QmdOutputException;
import org.qmd4j.search.QmdTimeoutException;
import org.qmd4j.search.QmdUnavailableException;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.ProcessRequest;
import org.qmd4j.spi.ProcessResult;
import org.qmd4j.spi.QmdOptions;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.FileStamp;
import org.qmd4j.vault.ParsedNote;
import org.qmd4j.vault.VaultScanner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The engine that drives the {@code qmd} binary.
 *
 * <p>qmd ranks documents; qmd4j ranks the chunks inside them: for each document qmd
 * returns, every chunk that matches the query under qmd4j's own analysis is a candidate,
 * scored from qmd's document score and the chunk's share of query words; scope and dates
 * then apply per chunk. Chunk text and line ranges come from qmd4j's chunker, so both
 * engines return the same chunks.
 *
 * <p>Index: by default a private one per vault ({@code INDEX_PATH} and
 * {@code QMD_CONFIG_DIR} in qmd4j's cache folder, collection {@code qmd4j}), run from a
 * working folder where no {@code .qmd/} can take over; always searched with
 * {@code -c <collection>}. Before each search a stat walk detects changes since the last
 * {@code qmd update} and updates first, so answers are never stale.
 *
 * <p>Thread-safe. Updates are serialized within the process and, through a file lock,
 * across processes (qmd's own concurrent updates corrupt its index).
 */
public final class QmdEngine implements SearchEngine {
  private static final Logger LOG = LoggerFactory.getLogger(QmdEngine.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long RACY_MILLIS = 3_000;

  /** The files the private collection indexes, as qmd's comma-separated glob list. */
  static final String MASK = String.join(",", "changelog.md", "tasks.md", "bucket/**/*.md",
      "projects/*/changelog.md", "projects/*/tasks.md", "projects/*/state.md",
      "projects/*/description.md", "projects/*/bucket/**/*.md");

  private final Path vault;
  private final QmdBinary binary;
  private final QmdOptions options;
  private final Map<String, String> environment;
  private final Map<String, String> processEnv;
  private final Path stateDir;
  private final Path workDir;
  private final Path indexFile;
  private final Path configDir;
  private final NoteCache notes;
  private final Object refreshLock = new Object();
  private Map<String, FileStamp> stamps; // guarded by refreshLock: the vault at the last update
  private long stampedAtMillis; // guarded by refreshLock

  private QmdEngine(Path vault, Path stateDir, QmdBinary binary, QmdOptions options,
      Chunker chunker, Map<String, String> environment) throws IOException {
    this.vault = vault;
    this.binary = binary;
    this.options = options;
    this.environment = Map.copyOf(environment);
    this.stateDir = Files.createDirectories(stateDir);
    this.indexFile = options.attachedIndex().orElse(stateDir.resolve("index.sqlite"));
    this.configDir = options.attachedConfigDir().orElse(stateDir.resolve("config"));
    Files.createDirectories(configDir);
    Map<String, String> env = new HashMap<>(pathWithBinaryDir(binary.path()));
    env.put("INDEX_PATH", indexFile.toString());
    env.put("QMD_CONFIG_DIR", configDir.toString());
    // Where qmd looks for its models: the folder requireModels() checked, not another one.
    env.put("XDG_CACHE_HOME", QmdModels.cacheHome(environment).toString());
    env.put("NO_COLOR", "1");
    this.processEnv = Map.copyOf(env);
    this.workDir = safeWorkingDir(stateDir);
    this.notes = new NoteCache(vault, chunker);
    loadStamps();
  }

  /**
   * Opens the qmd engine for {@code vault}: makes sure the collection exists (creating and
   * indexing it in the private index when missing).
   *
   * @param stateDir a folder qmd4j owns for this vault's qmd index and bookkeeping
   * @throws QmdFailedException, QmdTimeoutException if qmd fails to set up the collection
   */
  public static QmdEngine open(Path vault, Path stateDir, QmdBinary binary, QmdOptions options,
      Chunker chunker, Map<String, String> environment) {
    try {
      QmdEngine engine = new QmdEngine(vault, stateDir, binary, options, chunker, environment);
      engine.ensureCollection();
      return engine;
    } catch (IOException e) {
      throw new IndexException("Cannot prepare the qmd index of " + vault + " in " + stateDir
          + ": " + e, e);
    }
  }

  /** {@code PATH} with the binary's folder first, so a {@code node} installed beside it runs. */
  static Map<String, String> pathWithBinaryDir(Path binary) {
    String path = System.getenv().getOrDefault("PATH", "");
    Path dir = binary.toAbsolutePath().getParent();
    return Map.of("PATH", dir + (path.isEmpty() ? "" : File.pathSeparator + path));
  }

  @Override
  public String name() {
    return "qmd";
  }

  @Override
  public String indexLocation() {
    return indexFile.toString();
  }

  /** The qmd binary in use. */
  public QmdBinary binary() {
    return binary;
  }

  /** The collection searched. */
  public String collection() {
    return options.collection();
  }

  @Override
  public List<Hit> search(EngineQuery engineQuery) {
    ChunkFilter filter = engineQuery.filter();
    int limit = engineQuery.limit();
    Mode mode = engineQuery.mode();
    String query = engineQuery.text();
    try {
      if (engineQuery.isWildcard()) {
        List<Hit> out = new ArrayList<>();
        for (Chunk c : notes.newestFirst(filter, limit)) {
          out.add(new Hit(c, 1.0, MatchType.WILDCARD));
        }
        return out;
      }
      if (options.autoRefresh()) refreshIfChanged();
      if (mode == Mode.DEEP) requireModels();
      boolean everything = filter.passesEverything();
      // qmd returns documents; ask for more when filters may drop some of their chunks.
      int rows = everything ? limit : Math.max(limit * 5, 50);
      String argument = mode == Mode.FAST ? QmdQuery.forSearch(query) : QmdQuery.forQuery(query);
      String verb = mode == Mode.FAST ? "search" : "query";
      ProcessResult r = run(List.of(verb, "-c", options.collection(), "--json", "-n",
          Integer.toString(rows), "--", argument),
          mode == Mode.FAST ? options.fastTimeout() : options.deepTimeout());
      List<QmdJson.DocHit> docs = QmdJson.parse(r.stdoutText(), options.collection(), vault);
      return toChunks(docs, query, filter, limit,
          mode == Mode.FAST ? MatchType.KEYWORD : MatchType.HYBRID);
    } catch (IOException e) {
      throw new IndexException("Cannot read the vault " + vault + ": " + e, e);
    }
  }

  /** Maps document hits to the chunks that answer the query, best first. */
  private List<Hit> toChunks(List<QmdJson.DocHit> docs, String query, Predicate<Chunk> filter,
      int limit, MatchType matchType) throws IOException {
    ChunkMatcher matcher = ChunkMatcher.of(query);
    record Candidate(Chunk chunk, double score, int docRank) {}
    List<Candidate> candidates = new ArrayList<>();
    for (int rank = 0; rank < docs.size(); rank++) {
      QmdJson.DocHit doc = docs.get(rank);
      Optional<ParsedNote> note = notes.get(doc.path());
      if (note.isEmpty() || note.get().chunks().isEmpty()) continue; // deleted since the update
      boolean any = false;
      for (Chunk c : note.get().chunks()) {
        double strength = matcher.strength(c);
        if (strength > 0) {
          any = true;
          candidates.add(new Candidate(c, doc.score() * (0.5 + 0.5 * strength), rank));
        }
      }
      if (!any) { // matched through its path or a form qmd4j does not fold: qmd's best line
        Chunk best = note.get().chunks().stream()
            .filter(c -> c.lines().contains(doc.line()))
            .findFirst().orElse(note.get().chunks().get(0));
        candidates.add(new Candidate(best, doc.score() * 0.5, rank));
      }
    }
    candidates.sort(Comparator.comparingDouble((Candidate c) -> -c.score())
        .thenComparingInt(Candidate::docRank)
        .thenComparingInt(c -> c.chunk().ordinal()));
    List<Hit> out = new ArrayList<>();
    for (Candidate c : candidates) {
      if (!filter.test(c.chunk())) continue;
      out.add(new Hit(c.chunk(), Math.max(0, Math.min(1, c.score())), matchType));
      if (out.size() == limit) break;
    }
    return out;
  }

  private void requireModels() {
    Path folder = QmdModels.folder(environment);
    List<String> missing = QmdModels.missing(folder);
    if (!missing.isEmpty()) {
      throw new QmdUnavailableException("Deep search needs qmd's models, and " + missing
          + " are missing from " + folder + ". Run `qmd pull` once (about 2 GB, needs network)"
          + ", or use fast mode");
    }
  }

  // --- setup -------------------------------------------------------------------------------

  /**
   * Makes sure the collection exists: in the private index, created (and indexed) when
   * missing or pointing elsewhere; in an attached index, only checked.
   *
   * @throws QmdFailedException if qmd cannot create it, or it is missing from an attached index
   */
  public void ensureCollection() throws IOException {
    synchronized (refreshLock) {
      // Stamps describe what the index holds; with the index gone (a cleaned cache) they
      // describe nothing, and qmd would answer [] from a new empty index until an update.
      if (!Files.isRegularFile(indexFile)) stamps = Map.of();
      if (!options.isAttached() && configHasCollection() && !stamps.isEmpty()) return;
      ProcessResult show = runRaw(List.of("collection", "show", options.collection()),
          options.setupTimeout());
      boolean exists = show.exitCode() == 0;
      if (exists && !options.isAttached() && !showsPath(show.stdoutText(), vault)) {
        LOG.info("qmd collection {} points elsewhere; recreating it for {}",
            options.collection(), vault);
        check(runRaw(List.of("collection", "remove", options.collection()),
            options.setupTimeout()), "collection remove");
        exists = false;
      }
      if (exists) {
        if (!options.isAttached() && stamps.isEmpty()) refreshIndex();
        return;
      }
      if (options.isAttached()) {
        throw new QmdFailedException("Collection '" + options.collection()
            + "' does not exist in the attached qmd index " + indexFile + ": "
            + show.stderrTail(300), show.exitCode(), show.stderrTail(300));
      }
      try (FileLock lock = updateLock()) {
        Map<String, FileStamp> seen = VaultScanner.scan(vault);
        check(runRaw(List.of("collection", "add", vault.toString(), "--name",
            options.collection(), "--mask", MASK), options.setupTimeout()), "collection add");
        saveStamps(seen);
      }
      LOG.info("Created qmd collection {} for {} in {}", options.collection(), vault, indexFile);
    }
  }

  /** Whether {@code qmd collection show} output names exactly {@code vault} as its path. */
  static boolean showsPath(String showOutput, Path vault) {
    for (String line : showOutput.split("\\R")) {
      String l = line.strip();
      if (l.startsWith("Path:") && l.substring("Path:".length()).strip().equals(vault.toString())) {
        return true;
      }
    }
    return false;
  }

  /** Runs {@code qmd update} now, whatever the stat walk says. */
  public void refreshIndex() throws IOException {
    synchronized (refreshLock) {
      try (FileLock lock = updateLock()) {
        Map<String, FileStamp> seen = VaultScanner.scan(vault);
        check(runRaw(List.of("update"), options.setupTimeout()), "update");
        saveStamps(seen);
      }
    }
  }

  private void refreshIfChanged() throws IOException {
    synchronized (refreshLock) {
      Map<String, FileStamp> seen = VaultScanner.scan(vault);
      boolean indexed = Files.isRegularFile(indexFile); // else deleted since the last update
      if (indexed && seen.equals(stamps) && !recentlyModified(seen)) return;
      LOG.debug("Vault {} changed since the last qmd update: updating", vault);
      refreshIndex();
    }
  }

  /** A file changed within a timestamp tick of the last update may have changed again. */
  private boolean recentlyModified(Map<String, FileStamp> seen) {
    for (FileStamp s : seen.values()) {
      if (s.modifiedNanos() / 1_000_000L > stampedAtMillis - RACY_MILLIS) return true;
    }
    return false;
  }

  private boolean configHasCollection() {
    Path yml = configDir.resolve("index.yml");
    if (!Files.isRegularFile(yml)) return false;
    try {
      Object root = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(yml));
      if (!(root instanceof Map)) return false;
      Object collections = ((Map<?, ?>) root).get("collections");
      if (!(collections instanceof Map)) return false;
      Object c = ((Map<?, ?>) collections).get(options.collection());
      return c instanceof Map
          && vault.toString().equals(String.valueOf(((Map<?, ?>) c).get("path")));
    } catch (IOException | RuntimeException e) {
      return false; // unreadable: ask qmd instead
    }
  }

  private FileLock updateLock() throws IOException {
    FileChannel channel = FileChannel.open(stateDir.resolve("update.lock"),
        StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    try {
      return channel.lock(); // released (and the channel closed) by try-with-resources
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  private void loadStamps() {
    synchronized (refreshLock) {
      stamps = Map.of();
      Path file = stateDir.resolve("stamps.json");
      if (!Files.isRegularFile(file)) return;
      try {
        Map<String, Object> data = JSON.readValue(file.toFile(),
            new TypeReference<Map<String, Object>>() {});
        if (!vault.toString().equals(data.get("vault"))) return;
        stampedAtMillis = ((Number) data.get("at")).longValue();
        Map<String, FileStamp> s = new LinkedHashMap<>();
        @SuppressWarnings("unchecked")
        Map<String, List<Number>> files = (Map<String, List<Number>>) data.get("files");
        files.forEach((k, v) ->
            s.put(k, new FileStamp(v.get(0).longValue(), v.get(1).longValue())));
        stamps = s;
      } catch (IOException | RuntimeException e) {
        LOG.info("Ignoring unreadable qmd bookkeeping {}: {}", file, e.toString());
      }
    }
  }

  private void saveStamps(Map<String, FileStamp> seen) throws IOException {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("vault", vault.toString());
    long now = System.currentTimeMillis();
    data.put("at", now);
    Map<String, List<Long>> files = new LinkedHashMap<>();
    seen.forEach((k, v) -> files.put(k, List.of(v.size(), v.modifiedNanos())));
    data.put("files", files);
    Path tmp = Files.createTempFile(stateDir, "stamps", ".tmp");
    JSON.writeValue(tmp.toFile(), data);
    Files.move(tmp, stateDir.resolve("stamps.json"), StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
    stamps = seen;
    stampedAtMillis = now;
  }

  // --- running qmd -------------------------------------------------------------------------

  private ProcessResult run(List<String> args, java.time.Duration timeout) throws IOException {
    ProcessResult r = runRaw(args, timeout);
    check(r, args.get(0));
    return r;
  }

  ProcessResult runRaw(List<String> args, java.time.Duration timeout) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(binary.path().toString());
    command.addAll(args);
    ProcessResult r;
    try {
      r = options.runner().run(new ProcessRequest(command, processEnv, workDir, timeout,
          options.outputCap()));
    } catch (IOException e) {
      throw new QmdUnavailableException("qmd could not be started (" + binary.path() + "): "
          + e.getMessage());
    }
    if (r.timedOut()) {
      throw new QmdTimeoutException("qmd " + args.get(0) + " did not finish within "
          + timeout.toSeconds() + " s and was killed (with its child processes)");
    }
    if (r.outputTruncated()) {
      throw new QmdOutputException("qmd " + args.get(0) + " printed more than "
          + options.outputCap() + " bytes on stdout; its output was not used");
    }
    return r;
  }

  private static void check(ProcessResult r, String what) {
    if (r.exitCode() != 0) {
      String tail = r.stderrTail(500);
      throw new QmdFailedException("qmd " + what + " failed with exit code " + r.exitCode()
          + (tail.isEmpty() ? "" : ": " + tail), r.exitCode(), tail);
    }
  }

  /**
   * A working folder with no {@code .qmd/index.yml} in it or above it: such a file would make
   * qmd ignore {@code INDEX_PATH} and {@code QMD_CONFIG_DIR}.
   */
  static Path safeWorkingDir(Path preferred) throws IOException {
    if (!hasProjectConfig(preferred)) return preferred;
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    if (hasProjectConfig(tmp)) {
      throw new IOException("Every candidate working folder for qmd has a .qmd/index.yml above it ("
          + preferred + ", " + tmp + ")");
    }
    LOG.info("A .qmd/ config above {} would override qmd4j's index; running qmd from {}",
        preferred, tmp);
    return tmp;
  }

  private static boolean hasProjectConfig(Path dir) {
    for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve(".qmd/index.yml"))
          || Files.isRegularFile(p.resolve(".qmd/index.yaml"))) {
        return true;
      }
    }
    return false;
  }

  @Override
  public Map<String, String> diagnostics() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("binary", binary.path().toString());
    d.put("qmd version", binary.version());
    d.put("node version", nodeVersion());
    d.put("index", indexFile.toString());
    d.put("config", configDir.toString());
    d.put("collection",
        options.collection() + (options.isAttached() ? " (attached)" : " (private)"));
    d.put("documents indexed", documentCount());
    List<String> missing = QmdModels.missing(QmdModels.folder(environment));
    d.put("deep search", missing.isEmpty() ? "yes (models present)"
        : "no: models missing " + missing + " in " + QmdModels.folder(environment)
            + "; run `qmd pull`");
    d.put("fast search", "qmd search; French and English stop words are removed from the query"
        + " (qmd ANDs every word), quoted phrases kept");
    return d;
  }

  private String nodeVersion() {
    try {
      ProcessResult r = options.runner().run(new ProcessRequest(List.of("node", "--version"),
          processEnv, workDir, java.time.Duration.ofSeconds(10), 4096));
      return r.exitCode() == 0
          ? r.stdoutText().strip()
          : "unknown (node exited " + r.exitCode() + ")";
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }

  private String documentCount() {
    try {
      ProcessResult r = runRaw(List.of("collection", "list"), options.setupTimeout());
      String out = r.stdoutText();
      int at = out.indexOf(options.collection() + " (qmd://");
      if (at < 0) return "unknown";
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("Files:\\s+(\\d+)")
          .matcher(out.substring(at));
      return m.find() ? m.group(1) : "unknown";
    } catch (IOException | RuntimeException e) {
      return "unknown (" + e.getMessage() + ")";
    }
  }

  @Override
  public void close() {
    // No process outlives a call; nothing to release.
  }

  @Override
  public String toString() {
    return "QmdEngine[" + binary.path() + " " + binary.version() + ", " + vault + " -> "
        + indexFile + " (" + options.collection() + ")]";
  }
}
