package org.qmd4j.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import org.qmd4j.SearchOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code --vault}, {@code --layout}, {@code --model}, {@code --quiet}, {@code --verbose}
 * and {@code --no-daemon} options shared by every command.
 */
final class VaultOption {
  private final CliContext context;

  @Spec(Spec.Target.MIXEE) CommandSpec mixee;

  @Mixin LayoutOption layout = new LayoutOption();
  @Mixin ModelOption model = new ModelOption();

  Path vault;

  // An empty --vault '' is a variable left unset, not "the current folder": refuse it.
  @Option(names = "--vault", paramLabel = "DIR",
      description = "The vault folder. Default: $QMD4J_VAULT, else the current folder.")
  void vault(String value) {
    if (value.isBlank()) {
      throw new ParameterException(mixee.commandLine(), "--vault is empty; pass the vault"
          + " folder, or leave the option out to use $QMD4J_VAULT or the current folder");
    }
    try {
      vault = Path.of(value);
    } catch (InvalidPathException e) {
      throw new ParameterException(mixee.commandLine(),
          "--vault '" + value + "' is not a valid path: " + e.getReason());
    }
  }

  @Option(names = "--quiet",
      description = "No progress or notices on stderr; warnings and errors still show.")
  boolean quiet;

  // Read by Main before picocli parses (the log level is fixed when the first logger is
  // made); declared here so that picocli accepts it and help lists it.
  @Option(names = {"-v", "--verbose"},
      description = "Notices on stderr too, such as which engine answers and why.")
  boolean verbose;

  // Read by DaemonClient before picocli parses; declared here so that picocli accepts it.
  @Option(names = "--no-daemon", description = "Run in this process: neither use the vault's "
      + "daemon nor start one in the background (also QMD4J_NO_DAEMON=1); mcp, serve and "
      + "daemon never use one.")
  boolean noDaemon;

  /** In this process (FastSearch, tests). */
  VaultOption() {
    this(CliContext.inProcess(SearchOptions.DEFAULT));
  }

  VaultOption(CliContext context) {
    this.context = context;
  }

  /**
   * The vault as the user named it ({@code --vault}, else {@code $QMD4J_VAULT}), for error
   * messages; null when neither is given (the current folder, shown as its path).
   */
  String named() {
    if (vault != null) return vault.toString();
    String env = context.base().environment().get("QMD4J_VAULT");
    return env == null || env.isBlank() ? null : env;
  }

  /** {@code base} with the layout and model asked for ({@code --layout}, {@code --model}). */
  SearchOptions applyTo(SearchOptions base) {
    return model.applyTo(layout.applyTo(base));
  }

  /** The vault as the user named it, or {@code .}: what vimgrep paths start with. */
  Path resolve() {
    if (vault != null) return vault;
    String env = context.base().environment().get("QMD4J_VAULT");
    return env == null || env.isBlank() ? Path.of(".") : Path.of(env);
  }

  /** The vault folder, a relative name resolved against the command's working directory. */
  Path folder() {
    return context.workingDir().resolve(resolve());
  }
}
