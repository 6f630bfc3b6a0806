package org.qmd4j.qmd;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.qmd4j.Fixtures;
import org.qmd4j.spi.ProcessRequest;
import org.qmd4j.spi.ProcessResult;
import org.qmd4j.spi.ProcessRunner;

/**
 * A fake {@link ProcessRunner} that plays qmd 2.8.3 from the outputs recorded under
 * {@code testfixtures/qmd/recorded} (see the README there): it matches each command on its
 * arguments, keeps every request for assertions, and emulates the little state qmd keeps
 * (whether the collection exists, the {@code index.yml} that {@code collection add} writes).
 * A verb can be given another answer with {@link #on}. A command it has no recording for
 * fails the test rather than answering something made up.
 */
final class RecordedQmd implements ProcessRunner {
  static final Path DIR = Fixtures.root().resolve("qmd/recorded");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Recorded query to the file holding qmd's answer. */
  private static final Map<String, String> SEARCHES = searches();
  /** The vault path that the recorded text outputs mention. */
  private static final String RECORDED_VAULT =
      read("recorded-vault.txt").strip().split("\t", 2)[1];

  private final Path vault;
  private final Map<String, Function<ProcessRequest, ProcessResult>> overrides = new HashMap<>();
  private final List<ProcessRequest> requests = Collections.synchronizedList(new ArrayList<>());
  private volatile boolean collectionExists;

  /** A fake qmd whose index holds no collection yet; {@code vault} is a real path. */
  RecordedQmd(Path vault) {
    this.vault = vault;
  }

  private static Map<String, String> searches() {
    Map<String, String> out = new HashMap<>();
    for (String line : read("searches.tsv").split("\n")) {
      if (line.isBlank()) continue;
      String[] parts = line.split("\t", 2);
      out.put(parts[0], parts[1]);
    }
    return Map.copyOf(out);
  }

  /** Gives {@code verb} (e.g. {@code "search"}, {@code "collection show"}) another answer. */
  RecordedQmd on(String verb, Function<ProcessRequest, ProcessResult> answer) {
    overrides.put(verb, answer);
    return this;
  }

  /** The same fake, with the collection already created (as after a first run). */
  RecordedQmd withCollection() {
    collectionExists = true;
    return this;
  }

  /** Every request so far, oldest first. */
  List<ProcessRequest> requests() {
    return List.copyOf(requests);
  }

  /** The arguments (program excluded) of every request so far. */
  List<List<String>> argvs() {
    return requests().stream().map(r -> r.command().subList(1, r.command().size()))
        .collect(Collectors.toList());
  }

  /** The arguments of the requests whose first argument is {@code verb}. */
  List<List<String>> argvs(String verb) {
    return argvs().stream().filter(a -> !a.isEmpty() && a.get(0).equals(verb))
        .collect(Collectors.toList());
  }

  void clear() {
    requests.clear();
  }

  static ProcessResult ok(String stdout) {
    return result(0, stdout, "");
  }

  static ProcessResult result(int exit, String stdout, String stderr) {
    return new ProcessResult(exit, stdout.getBytes(StandardCharsets.UTF_8),
        stderr.getBytes(StandardCharsets.UTF_8), false, false, Duration.ofMillis(200));
  }

  /** The recorded {@code qmd search --json} output for {@code query}. */
  static String recordedSearch(String query) {
    String file = SEARCHES.get(query);
    if (file == null) throw new AssertionError("No recorded search for '" + query + "'");
    return read(file);
  }

  @Override
  public ProcessResult run(ProcessRequest request) {
    requests.add(request);
    List<String> args = request.command().subList(1, request.command().size());
    if (request.command().get(0).equals("node") && args.equals(List.of("--version"))) {
      return ok("v22.23.3\n");
    }
    String verb = args.isEmpty() ? "" : args.get(0);
    String key = verb.equals("collection") && args.size() > 1 ? "collection " + args.get(1) : verb;
    Function<ProcessRequest, ProcessResult> override = overrides.get(key);
    if (override != null) return override.apply(request);
    switch (key) {
      case "--version":
        return ok(read("version.txt"));
      case "collection show":
        if (args.equals(List.of("collection", "show", "qmd4j")) && collectionExists) {
          return ok(local(read("collection-show.txt")));
        }
        return result(1, "", "Collection not found: " + args.get(args.size() - 1) + "\n");
      case "collection add":
        return add(request, args);
      case "collection list":
        return ok(collectionExists ? local(read("collection-list.txt"))
            : "No collections found. Run 'qmd collection add .' to create one.\n");
      case "collection remove":
        collectionExists = false;
        return ok("✓ Removed collection 'qmd4j'\n");
      case "update":
        touchIndex(request);
        return ok(local(read("update.txt")));
      case "search":
      case "query":
        return search(args);
      default:
        throw new AssertionError("RecordedQmd has no recording for " + request.command());
    }
  }

  private ProcessResult add(ProcessRequest request, List<String> args) {
    List<String> expected = List.of("collection", "add", vault.toString(), "--name", "qmd4j",
        "--mask", org.qmd4j.vault.VaultLayout.PROJECTS.mask());
    if (!args.equals(expected)) {
      throw new AssertionError("Expected " + expected + " but was " + args);
    }
    collectionExists = true;
    touchIndex(request);
    // What qmd itself writes, so that the engine's fast path can be exercised.
    Path config = Path.of(request.environment().get("QMD_CONFIG_DIR"));
    try {
      Files.createDirectories(config);
      Files.writeString(config.resolve("index.yml"), "collections:\n  qmd4j:\n    path: " + vault
          + "\n    pattern: \"" + org.qmd4j.vault.VaultLayout.PROJECTS.mask() + "\"\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return ok(local(read("collection-add.txt")));
  }

  /** qmd creates its SQLite index at {@code INDEX_PATH} when it first writes to it. */
  private static void touchIndex(ProcessRequest request) {
    Path index = Path.of(request.environment().get("INDEX_PATH"));
    try {
      if (!Files.exists(index)) Files.write(index, new byte[0]);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private ProcessResult search(List<String> args) {
    int dashes = args.indexOf("--");
    if (dashes != args.size() - 2) {
      throw new AssertionError("Expected the query alone after '--' but got " + args);
    }
    String query = args.get(dashes + 1);
    String file = SEARCHES.get(query);
    if (file == null) throw new AssertionError("No recorded search for '" + query + "': " + args);
    int n = Integer.parseInt(args.get(args.indexOf("-n") + 1));
    try {
      JsonNode all = JSON.readTree(read(file));
      ArrayNode first = JSON.createArrayNode();
      for (int i = 0; i < Math.min(n, all.size()); i++) first.add(all.get(i));
      return ok(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(first) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String local(String recorded) {
    return recorded.replace(RECORDED_VAULT, vault.toString());
  }

  static String read(String name) {
    try {
      return Files.readString(DIR.resolve(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An executable placeholder named {@code qmd} in {@code dir}: the probe needs a real file. */
  static Path placeholderBinary(Path dir) {
    try {
      Path bin = Files.createDirectories(dir.resolve("bin")).resolve("qmd");
      Files.writeString(bin, "#!/bin/sh\necho 'placeholder: RecordedQmd runs nothing' >&2\n"
          + "exit 99\n");
      Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rwxr-xr-x"));
      return bin;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String toString() {
    return "RecordedQmd[" + vault + ", requests " + argvs() + "]";
  }
}
