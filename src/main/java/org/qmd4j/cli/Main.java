package org.qmd4j.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** Entry point of the {@code qmd4j} command line. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    configureLogging();
    System.exit(newCommandLine().execute(args));
  }

  /**
   * The configured command line, printing UTF-8 whatever the platform charset, so that
   * accents survive a POSIX locale. Tests call this and redirect out and err.
   */
  public static CommandLine newCommandLine() {
    CommandLine cmd = new CommandLine(new Qmd4jCommand());
    cmd.setOut(new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true));
    cmd.setErr(new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true));
    cmd.setExitCodeExceptionMapper(new ExitCodes());
    cmd.setExecutionExceptionHandler(new ExitCodes());
    return cmd;
  }

  // slf4j-simple reads these once, when the first logger is made: logs go to stderr only.
  private static void configureLogging() {
    setDefault("org.slf4j.simpleLogger.logFile", "System.err");
    setDefault("org.slf4j.simpleLogger.defaultLogLevel", "warn");
    setDefault("org.slf4j.simpleLogger.showThreadName", "false");
    setDefault("org.slf4j.simpleLogger.showLogName", "false");
    setDefault("org.slf4j.simpleLogger.levelInBrackets", "false");
    String level = System.getenv("QMD4J_LOG");
    if (level != null && !level.isBlank()) {
      System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", level.strip());
    }
  }

  private static void setDefault(String key, String value) {
    if (System.getProperty(key) == null) System.setProperty(key, value);
  }
}
