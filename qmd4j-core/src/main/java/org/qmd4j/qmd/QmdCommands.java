package org.qmd4j.qmd;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.qmd4j.search.QmdFailedException;
import org.qmd4j.search.QmdOutputException;
import org.qmd4j.search.QmdTimeoutException;
import org.qmd4j.search.QmdUnavailableException;
import org.qmd4j.spi.ProcessRequest;
import org.qmd4j.spi.ProcessResult;
import org.qmd4j.spi.QmdOptions;
import org.qmd4j.spi.QmdSessionFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs qmd commands in qmd4j's isolated environment: {@code INDEX_PATH},
 * {@code QMD_CONFIG_DIR} and {@code XDG_CACHE_HOME} set, the binary's folder first on
 * {@code PATH}, and a working folder where no {@code .qmd/} can take over. Both the per-call
 * CLI and the resident session start from here. Thread-safe.
 */
final class QmdCommands {
  private static final Logger LOG = LoggerFactory.getLogger(QmdCommands.class);

  private final QmdBinary binary;
  private final QmdOptions options;
  private final Map<String, String> processEnv;
  private final Path workDir;
  /** Shared by every qmd run; held alone while the index files are removed and rebuilt. */
  private final ReentrantReadWriteLock indexFiles = new ReentrantReadWriteLock();

  QmdCommands(QmdBinary binary, QmdOptions options, Path indexFile, Path configDir,
      Path stateDir, Map<String, String> environment) throws IOException {
    this.binary = binary;
    this.options = options;
    Map<String, String> env = new HashMap<>(pathWithBinaryDir(binary.path()));
    env.put("INDEX_PATH", indexFile.toString());
    env.put("QMD_CONFIG_DIR", configDir.toString());
    // Where qmd looks for its models: the folder requireModels() checked, not another one.
    env.put("XDG_CACHE_HOME", QmdModels.cacheHome(environment).toString());
    env.put("NO_COLOR", "1");
    this.processEnv = Map.copyOf(env);
    this.workDir = safeWorkingDir(stateDir);
  }

  /** {@code PATH} with the binary's folder first, so a {@code node} installed beside it runs. */
  static Map<String, String> pathWithBinaryDir(Path binary) {
    String path = System.getenv().getOrDefault("PATH", "");
    Path dir = binary.toAbsolutePath().getParent();
    return Map.of("PATH", dir + (path.isEmpty() ? "" : File.pathSeparator + path));
  }

  /** How to start {@code qmd mcp} in the same environment as every other qmd command. */
  QmdSessionFactory.Launch sessionLaunch(Duration startTimeout) {
    return new QmdSessionFactory.Launch(List.of(binary.path().toString(), "mcp"), processEnv,
        workDir, startTimeout);
  }

  /** Runs {@code qmd args...} and fails unless it exits with 0. */
  ProcessResult run(List<String> args, Duration timeout) throws IOException {
    ProcessResult r = runRaw(args, timeout);
    check(r, args.get(0));
    return r;
  }

  /** Runs {@code qmd args...}; fails on a timeout or too much output, not on the exit code. */
  ProcessResult runRaw(List<String> args, Duration timeout) throws IOException {
    indexFiles.readLock().lock();
    try {
      return runShared(args, timeout);
    } finally {
      indexFiles.readLock().unlock();
    }
  }

  /**
   * Runs {@code rebuild} while no other qmd run of this process reads the index: a {@code qmd
   * search} that opened the files being removed would answer from a new, empty index. The
   * rebuild's own qmd runs go ahead.
   */
  void withIndexAlone(QmdFreshness.IoAction rebuild) throws IOException {
    indexFiles.writeLock().lock();
    try {
      rebuild.run();
    } finally {
      indexFiles.writeLock().unlock();
    }
  }

  private ProcessResult runShared(List<String> args, Duration timeout) throws IOException {
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

  static void check(ProcessResult r, String what) {
    if (r.exitCode() != 0) {
      String tail = r.stderrTail(500);
      throw new QmdFailedException("qmd " + what + " failed with exit code " + r.exitCode()
          + firstLine(tail) + "; run qmd4j doctor, or use the embedded engine", r.exitCode(),
          tail);
    }
  }

  /**
   * What went wrong, from qmd's stderr, as {@code " (words)"}: the message of the error line
   * ({@code SqliteError: database is locked} gives {@code database is locked}), else the
   * first line that is no stack frame; the stack lines stay in {@code stderrTail()} for the
   * log (no stack trace and no class name in messages for people).
   */
  static String firstLine(String stderr) {
    String first = null;
    for (String line : stderr.split("\\R")) {
      String l = line.strip();
      Matcher error = ERROR_LINE.matcher(l);
      if (error.matches() && !error.group(1).isBlank()) return shown(error.group(1));
      boolean frame = l.isEmpty() || l.startsWith("at ") || l.startsWith("^")
          || l.startsWith("…");
      if (first == null && !frame) first = l;
    }
    return first == null ? "" : shown(first);
  }

  private static final Pattern ERROR_LINE =
      Pattern.compile("^(?:[A-Z]\\w*)?(?:Error|Exception):\\s*(.*)$");

  private static String shown(String words) {
    String w = words.length() > 200 ? words.substring(0, 200) + "..." : words;
    if (w.endsWith(".")) w = w.substring(0, w.length() - 1);
    return " (" + w + ")";
  }


  /** {@code node --version} as qmd runs it, or why it is unknown. */
  String nodeVersion() {
    try {
      ProcessResult r = options.runner().run(new ProcessRequest(List.of("node", "--version"),
          processEnv, workDir, Duration.ofSeconds(10), 4096));
      return r.exitCode() == 0
          ? r.stdoutText().strip()
          : "unknown (node exited " + r.exitCode() + ")";
    } catch (IOException e) {
      return "unknown (" + e.getMessage() + ")";
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
}
