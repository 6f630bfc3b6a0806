package org.qmd4j.qmd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.spi.ProcessRequest;
import org.qmd4j.spi.ProcessResult;
import org.qmd4j.spi.ProcessRunner;

/**
 * A qmd binary that answered {@code qmd --version} with version 2 or later.
 *
 * @param path the executable
 * @param version its version, e.g. {@code 2.8.3}
 */
public record QmdBinary(Path path, String version) {
  private static final Pattern VERSION = Pattern.compile("^qmd (\\d+)\\.(\\d+)\\S*");
  private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(15);
  private static final Map<String, Probe> PROBES = new ConcurrentHashMap<>();

  /**
   * The outcome of checking a binary: usable, or why not.
   *
   * @param binary the usable binary, if it is
   * @param problem why it is not, in one sentence
   */
  public record Probe(Optional<QmdBinary> binary, String problem) {}

  /**
   * Runs {@code qmd --version} once per binary (by path, size and time) and process, and
   * says whether it can be used: a qmd older than 2.x, or one that crashes at start (as
   * 2.8.3 does under Node 20), cannot.
   */
  public static Probe probe(Path path, ProcessRunner runner) {
    return probe(path, runner, null);
  }

  /**
   * Same as {@link #probe(Path, ProcessRunner)}, remembering a successful answer in
   * {@code cacheDir} (when not null) so that later processes skip {@code qmd --version}
   * (about 0.15 s) while the binary and {@code PATH} stay the same.
   */
  public static Probe probe(Path path, ProcessRunner runner, Path cacheDir) {
    String key;
    try {
      key = path.toAbsolutePath() + "|" + Files.size(path) + "|" + Files.getLastModifiedTime(path)
          + "|" + System.getenv("PATH");
    } catch (IOException e) {
      return new Probe(Optional.empty(), "qmd binary " + path + " cannot be read: " + e);
    }
    return PROBES.computeIfAbsent(key + "|" + System.identityHashCode(runner), k -> {
      Path file = cacheDir == null || runner != ProcessRunner.system() ? null
          : cacheDir.resolve("qmd-probe-" + Integer.toHexString(key.hashCode()) + ".txt");
      Optional<String> known = readKnown(file, key);
      if (known.isPresent()) return new Probe(Optional.of(new QmdBinary(path, known.get())), "");
      Probe probe = runProbe(path, runner);
      probe.binary().ifPresent(b -> writeKnown(file, key, b.version()));
      return probe;
    });
  }

  private static Optional<String> readKnown(Path file, String key) {
    if (file == null || !Files.isRegularFile(file)) return Optional.empty();
    try {
      java.util.List<String> lines = Files.readAllLines(file);
      return lines.size() == 2 && lines.get(0).equals(key)
          ? Optional.of(lines.get(1)) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty(); // probe again
    }
  }

  private static void writeKnown(Path file, String key, String version) {
    if (file == null) return;
    try {
      Files.createDirectories(file.getParent());
      Path tmp = Files.createTempFile(file.getParent(), "probe", ".tmp");
      Files.write(tmp, java.util.List.of(key, version));
      Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
          java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      // Only a cache: the next process probes again.
    }
  }

  private static Probe runProbe(Path path, ProcessRunner runner) {
    if (!Files.isExecutable(path)) {
      return new Probe(Optional.empty(), "qmd binary " + path + " is not executable");
    }
    ProcessResult r;
    try {
      r = runner.run(new ProcessRequest(java.util.List.of(path.toString(), "--version"),
          QmdCommands.pathWithBinaryDir(path), path.toAbsolutePath().getParent(), PROBE_TIMEOUT,
          64 * 1024));
    } catch (IOException e) {
      return new Probe(Optional.empty(), "qmd binary " + path + " cannot be started: " + e);
    }
    if (r.timedOut()) {
      return new Probe(Optional.empty(), "qmd --version did not answer within "
          + PROBE_TIMEOUT.toSeconds() + " s (" + path + ")");
    }
    if (r.exitCode() != 0) {
      return new Probe(Optional.empty(), "qmd at " + path + " crashed at start (exit "
          + r.exitCode() + "; qmd 2.x needs Node 22 or later): " + r.stderrTail(300));
    }
    Matcher m = VERSION.matcher(r.stdoutText().strip());
    if (!m.find()) {
      return new Probe(Optional.empty(), "qmd --version printed no version ("
          + r.stdoutText().strip() + ") at " + path);
    }
    if (Integer.parseInt(m.group(1)) < 2) {
      return new Probe(Optional.empty(), "qmd at " + path + " is version " + m.group(0)
          .substring(4) + "; qmd4j needs 2.x (npm install @tobilu/qmd with Node 22 or later)");
    }
    return new Probe(Optional.of(new QmdBinary(path, m.group(0).substring(4))), "");
  }
}
