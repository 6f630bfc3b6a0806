package org.qmd4j.cli.daemon;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a daemon process for a vault: the same JVM and class path as this process, the JVM
 * options it was given (the launcher gives {@code daemon} the long-lived ones of {@code mcp}
 * and {@code serve}) less the one-shot ones, in a session of its own so that closing the
 * terminal does not end it, with its stdout and stderr appended to {@code daemon.log}.
 */
public final class Spawner {
  private static final long MAX_LOG_BYTES = 1 << 20;
  private Spawner() {}

  /**
   * Starts {@code qmd4j daemon run} for {@code paths}' vault and returns at once.
   *
   * @param layout the {@code --layout} value, or null
   * @param engine the {@code --engine} value, or null
   * @param idleTimeout the {@code --idle-timeout} value, or null
   */
  public static Process start(DaemonPaths paths, String layout, String engine,
      String idleTimeout) throws IOException {
    createFolder(paths.folder());
    Path log = paths.log();
    if (Files.exists(log) && Files.size(log) > MAX_LOG_BYTES) Files.delete(log); // start anew
    if (!Files.exists(log)) {
      Files.createFile(log, PosixFilePermissions.asFileAttribute(
          PosixFilePermissions.fromString("rw-------")));
    }
    List<String> command = new ArrayList<>();
    for (String setsid : List.of("/usr/bin/setsid", "/bin/setsid")) {
      if (Files.isExecutable(Path.of(setsid))) {
        command.add(setsid);
        break;
      }
    }
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions(ManagementFactory.getRuntimeMXBean().getInputArguments()));
    command.addAll(List.of("-cp", absolute(System.getProperty("java.class.path")),
        "org.qmd4j.cli.Main", "daemon", "run", "--vault", paths.vault().toString()));
    if (layout != null) command.addAll(List.of("--layout", layout));
    if (engine != null) command.addAll(List.of("--engine", engine));
    if (idleTimeout != null) command.addAll(List.of("--idle-timeout", idleTimeout));
    ProcessBuilder pb = new ProcessBuilder(command)
        .directory(paths.vault().toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
    pb.environment().remove(DaemonClient.AUTO_ENV);
    // Warnings only, as a command in-process without -v: what a command's thread logs reaches
    // its client (a client asking for more, -v or QMD4J_LOG, runs in-process).
    pb.environment().remove("QMD4J_LOG");
    return pb.start();
  }

  /**
   * {@code classPath} with each entry made absolute: the daemon runs in the vault's folder, and
   * {@code java -jar qmd4j-cli.jar} names its jar relative to the caller's.
   */
  static String absolute(String classPath) {
    StringBuilder absolute = new StringBuilder();
    for (String entry : classPath.split(File.pathSeparator)) {
      if (entry.isEmpty()) continue;
      if (absolute.length() > 0) absolute.append(File.pathSeparatorChar);
      absolute.append(Path.of(entry).toAbsolutePath());
    }
    return absolute.toString();
  }

  /** The options of this JVM that suit a long-lived one: no C1-only, debugger or dump ones. */
  static List<String> jvmOptions(List<String> input) {
    List<String> kept = new ArrayList<>();
    for (String o : input) {
      if (o.startsWith("-XX:TieredStopAtLevel") || o.startsWith("-agentlib:jdwp")
          || o.startsWith("-XX:AOTCacheOutput") || o.startsWith("-XX:DumpLoadedClassList")
          || o.startsWith("-Xshare:")) {
        continue;
      }
      kept.add(o);
    }
    return kept;
  }

  /** The daemon folder, owner-only ({@code rwx------}). */
  static void createFolder(Path folder) throws IOException {
    Files.createDirectories(folder.getParent());
    if (!Files.isDirectory(folder)) {
      try {
        Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rwx------")));
      } catch (FileAlreadyExistsException raced) {
        // another start made it
      }
    }
    Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwx------"));
  }
}
