package org.qmd4j.cli;

import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.qmd4j.SearchOptions;
import picocli.CommandLine;

/** The {@code qmd4j} command line in this process ({@link Launch} asks a daemon first). */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    configureLogging(args);
    if (args.length > 0 && args[0].equals("search")) { // the common case, without picocli
      PrintWriter out = utf8(System.out);
      PrintWriter err = utf8(System.err);
      ProgressPrinter progress = new ProgressPrinter(() -> err,
          ProgressPrinter.stderrIsTerminal(SearchOptions.DEFAULT.environment()));
      Integer code = FastSearch.run(args, cliOptions(SearchOptions.DEFAULT, progress), progress,
          out, err);
      if (code != null) System.exit(code);
    }
    System.exit(newCommandLine(CliContext.inProcess(SearchOptions.DEFAULT), only(args))
        .execute(args));
  }

  /** Only the subcommand that runs is built ("help" and anything unknown get all of them). */
  static String only(String[] args) {
    String first = args.length == 0 ? null : args[0];
    return first != null && !first.equals("help")
        && Qmd4jCommand.SUBCOMMANDS.containsKey(first) ? first : null;
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
    return newCommandLine(CliContext.inProcess(base), null);
  }

  /** The command line with every subcommand, or with {@code only} that one when not null. */
  static CommandLine newCommandLine(CliContext context, String only) {
    CommandLine[] self = new CommandLine[1];
    ProgressPrinter progress = new ProgressPrinter(() -> self[0].getErr(),
        ProgressPrinter.stderrIsTerminal(context.base().environment()));
    CommandLine cmd = new CommandLine(new Qmd4jCommand(),
        new OptionsFactory(context.withBase(cliOptions(context.base(), progress))));
    self[0] = cmd;
    Qmd4jCommand.SUBCOMMANDS.forEach((name, type) -> {
      if (only == null || only.equals(name)) cmd.addSubcommand(name, type);
    });
    cmd.setOut(utf8(System.out));
    cmd.setErr(utf8(System.err));
    cmd.setCaseInsensitiveEnumValuesAllowed(true);
    cmd.setExitCodeExceptionMapper(new ExitCodes());
    cmd.setExecutionExceptionHandler(new ExitCodes());
    cmd.setParameterExceptionHandler(new UsageErrors());
    cmd.setExecutionStrategy(parsed -> {
      CommandLine.ParseResult last = parsed;
      while (last.hasSubcommand()) last = last.subcommand();
      progress.quiet(last.hasMatchedOption("--quiet"));
      return new CommandLine.RunLast().execute(parsed);
    });
    return cmd;
  }

  /**
   * The options of one-shot commands: they walk the vault once, so a watcher would cost
   * more than it saves ({@code qmd4j mcp} turns it back on); progress on stderr.
   */
  private static SearchOptions cliOptions(SearchOptions base, ProgressPrinter progress) {
    return base.withWatch(false).withProgress(progress);
  }

  private static PrintWriter utf8(OutputStream stream) {
    return new PrintWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), true);
  }

  /**
   * Makes commands and mixins: a constructor taking the {@link CliContext} gets it, one taking
   * {@link SearchOptions} gets its base options, others the default constructor.
   */
  private static final class OptionsFactory implements CommandLine.IFactory {
    private final CliContext context;

    OptionsFactory(CliContext context) {
      this.context = context;
    }

    @Override
    public <K> K create(Class<K> cls) throws Exception {
      try {
        return cls.getDeclaredConstructor(CliContext.class).newInstance(context);
      } catch (NoSuchMethodException e) {
        try {
          return cls.getDeclaredConstructor(SearchOptions.class).newInstance(context.base());
        } catch (NoSuchMethodException e2) {
          return CommandLine.defaultFactory().create(cls);
        }
      }
    }
  }

  // slf4j-simple reads these once, when the first logger is made: logs go to stderr only.
  private static void configureLogging(String[] args) {
    // java.util.logging (Lucene's) goes to SLF4J too: no JDK-format lines on stderr.
    setDefault("java.util.logging.config.class", JulToSlf4j.class.getName());
    setDefault("org.slf4j.simpleLogger.logFile", "System.err");
    setDefault("org.slf4j.simpleLogger.defaultLogLevel", logLevel(args));
    setDefault("org.slf4j.simpleLogger.showThreadName", "false");
    setDefault("org.slf4j.simpleLogger.showLogName", "false");
    setDefault("org.slf4j.simpleLogger.levelInBrackets", "false");
    // DJL (the model's tokenizer) warns on every start that it finds no GPU: not a problem.
    setDefault("org.slf4j.simpleLogger.log.ai.djl", "error");
    // The MCP SDK logs records whole at info (capabilities, qmd's instructions): -v shows
    // qmd4j's own lines about the MCP servers instead.
    setDefault("org.slf4j.simpleLogger.log.io.modelcontextprotocol", "warn");
    setDefault("org.slf4j.simpleLogger.log.org.eclipse.jetty", "warn");
    String level = System.getenv("QMD4J_LOG");
    if (level != null && !level.isBlank()) {
      System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", level.strip());
    }
  }

  /**
   * {@code info} with {@code -v}/{@code --verbose} (notices such as the engine choice), else
   * {@code warn}; {@code --quiet} wins. Read from the arguments before picocli parses them,
   * because the level is fixed when the first logger is made; options after {@code --} are
   * query words.
   */
  static String logLevel(String[] args) {
    boolean verbose = false;
    for (String a : args) {
      if (a.equals("--")) break;
      if (a.equals("--quiet")) return "warn";
      if (a.equals("-v") || a.equals("--verbose")) verbose = true;
    }
    return verbose ? "info" : "warn";
  }

  private static void setDefault(String key, String value) {
    if (System.getProperty(key) == null) System.setProperty(key, value);
  }
}
