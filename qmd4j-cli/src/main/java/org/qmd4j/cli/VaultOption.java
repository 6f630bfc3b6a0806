package org.qmd4j.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --vault} and {@code --quiet} options shared by every command. */
final class VaultOption {
  @Option(names = "--vault", paramLabel = "DIR",
      description = "The vault folder. Default: $QMD4J_VAULT, else the current folder.")
  Path vault;

  @Option(names = "--quiet",
      description = "No progress on stderr while a big vault is indexed for the first time.")
  boolean quiet;

  Path resolve() {
    if (vault != null) return vault;
    String env = System.getenv("QMD4J_VAULT");
    return env == null || env.isBlank() ? Path.of(".") : Path.of(env);
  }
}
