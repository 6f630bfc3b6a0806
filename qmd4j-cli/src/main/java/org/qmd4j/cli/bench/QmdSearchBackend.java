package org.qmd4j.cli.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.QmdUnavailableException;
import org.qmd4j.spi.BinaryLocator;
import org.qmd4j.spi.ProcessRequest;
import org.qmd4j.spi.ProcessResult;
import org.qmd4j.spi.ProcessRunner;

/**
 * qmd's own {@code qmd search} (BM25), the baseline: the vault is added as a collection to a
 * private qmd index in a temporary folder ({@code INDEX_PATH}, {@code QMD_CONFIG_DIR} and
 * {@code XDG_CACHE_HOME} point there, so the user's qmd index is never read or changed), each
 * query is one {@code qmd search --json} process, and the folder is deleted on close.
 */
final class QmdSearchBackend implements Backend, OpenedEngine {
  static final String NAME = "qmd-search";
  private static final String COLLECTION = "bench";
  private static final Pattern VERSION = Pattern.compile("qmd (\\d+)\\.\\S+");
  private static final Duration SETUP_TIMEOUT = Duration.ofMinutes(10);
  private static final Duration SEARCH_TIMEOUT = Duration.ofSeconds(60);
  private static final long OUTPUT_CAP = 16L << 20;

  private final Path binary;
  private final String version;
  private final ProcessRunner runner;
  private final Path home;
  private final Map<String, String> env;

  private QmdSearchBackend(Path binary, String version, ProcessRunner runner, Path home,
      Map<String, String> env) {
    this.binary = binary;
    this.version = version;
    this.runner = runner;
    this.home = home;
    this.env = env;
  }

  /**
   * Finds qmd ({@code QMD4J_QMD_BINARY}, then {@code PATH} of {@code environment}) and
   * indexes {@code vault} in a private qmd index.
   *
   * @throws QmdUnavailableException if there is no usable qmd 2.x
   * @throws EngineException if qmd cannot index the vault
   */
  static QmdSearchBackend open(Path vault, Map<String, String> environment,
      ProcessRunner runner) {
    Path binary = BinaryLocator.fromEnvironment(environment).locate().orElseThrow(() ->
        new QmdUnavailableException("qmd was not found on PATH (install @tobilu/qmd 2.x, or set "
            + BinaryLocator.BINARY_ENV + ")"));
    Path home;
    try {
      home = Files.createTempDirectory("qmd4j-bench-");
    } catch (IOException e) {
      throw new EngineException("No temporary folder for qmd's index: " + e.getMessage(), e);
    }
    String path = environment.getOrDefault("PATH", "");
    Map<String, String> env = Map.of(
        "PATH", binary.toAbsolutePath().getParent() + (path.isEmpty() ? "" : File.pathSeparator
            + path),
        "INDEX_PATH", home.resolve("index.sqlite").toString(),
        "QMD_CONFIG_DIR", home.resolve("config").toString(),
        "XDG_CACHE_HOME", home.resolve("cache").toString(),
        "NO_COLOR", "1");
    QmdSearchBackend backend = new QmdSearchBackend(binary, "", runner, home, env);
    try {
      ProcessResult v = backend.run(List.of("--version"), Duration.ofSeconds(30));
      Matcher m = VERSION.matcher(v.stdoutText());
      if (v.exitCode() != 0 || !m.find() || Integer.parseInt(m.group(1)) < 2) {
        throw new QmdUnavailableException("qmd at " + binary + " is not a working qmd 2.x ("
            + (v.exitCode() != 0 ? "exit " + v.exitCode() + ": " + v.stderrTail(200)
            : v.stdoutText().strip()) + ")");
      }
      backend = new QmdSearchBackend(binary, m.group(0).substring(4), runner, home, env);
      backend.check(backend.run(List.of("collection", "add", vault.toString(), "--name",
          COLLECTION, "--mask", "**/*.md"), SETUP_TIMEOUT), "collection add");
      return backend;
    } catch (RuntimeException e) {
      backend.close();
      throw e;
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public List<Backend> backends() {
    return List.of(this);
  }

  @Override
  public String describe() {
    return NAME + ": qmd " + version + "'s own `qmd search` (BM25) at " + binary
        + ", on a private index of the vault's *.md files";
  }

  @Override
  public List<String> files(String query, int limit) {
    ProcessResult r = run(List.of("search", "--json", "-n", Integer.toString(limit), "-c",
        COLLECTION, "--", query), SEARCH_TIMEOUT);
    check(r, "search");
    return parse(r.stdoutText(), limit);
  }

  /** The vault paths of {@code qmd search --json}'s array, best first, each once. */
  static List<String> parse(String json, int limit) {
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(json);
    } catch (JsonProcessingException e) {
      throw new EngineException("qmd search printed output that is not JSON: "
          + json.strip().substring(0, Math.min(200, json.strip().length())));
    }
    if (root == null || !root.isArray()) {
      throw new EngineException("qmd search printed no JSON array of results");
    }
    Set<String> files = new LinkedHashSet<>();
    for (JsonNode entry : root) {
      String file = entry.path("file").asText("");
      if (file.isEmpty()) throw new EngineException("A qmd search result has no 'file'");
      file = file.replaceFirst("^qmd://[^/]*/", "").replaceFirst("\\?index=[^/]*$", "");
      files.add(file);
      if (files.size() == limit) break;
    }
    return new ArrayList<>(files);
  }

  private ProcessResult run(List<String> args, Duration timeout) {
    List<String> command = new ArrayList<>();
    command.add(binary.toString());
    command.addAll(args);
    ProcessResult r;
    try {
      r = runner.run(new ProcessRequest(command, env, home, timeout, OUTPUT_CAP));
    } catch (IOException e) {
      throw new QmdUnavailableException("qmd could not be started (" + binary + "): "
          + e.getMessage());
    }
    if (r.timedOut()) {
      throw new EngineException("qmd " + args.get(0) + " did not finish within "
          + timeout.toSeconds() + " s and was stopped");
    }
    return r;
  }

  private void check(ProcessResult r, String what) {
    if (r.exitCode() != 0) {
      throw new EngineException("qmd " + what + " failed with exit code " + r.exitCode() + ": "
          + r.stderrTail(300));
    }
  }

  @Override
  public void close() {
    try (Stream<Path> walk = Files.walk(home)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // A temporary folder left behind: the system's temporary-file cleaning removes it.
    }
  }
}
