package org.qmd4j.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.qmd4j.SearchOptions;
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
    return newCommandLine(SearchOptions.DEFAULT);
  }

  /**
   * The command line with commands built on {@code base} options (tests inject a fake qmd,
   * a fixed clock or an environment this way): a command with a constructor taking
   * {@link SearchOptions} gets them.
   */
  public static CommandLine newCommandLine(SearchOptions base) {
    CommandLine cmd = new CommandLine(new Qmd4jCommand(), new OptionsFactory(base));
    cmd.setOut(new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true));
    cmd.setErr(new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true));
    cmd.setExitCodeExceptionMapper(new ExitCodes());
    cmd.setExecutionExceptionHandler(new ExitCodes());
    return cmd;
  }

  private static final class OptionsFactory implements CommandLine.IFactory {
    private final SearchOptions base;

    OptionsFactory(SearchOptions base) {
      this.base = base;
    }

    @Override
    public <K> K create(Class<K> cls) throws Exception {
      try {
        return cls.getDeclaredConstructor(SearchOptions.class).newInstance(base);
      } catch (NoSuchMethodException e) {
        return CommandLine.defaultFactory().create(cls);
      }
    }
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
