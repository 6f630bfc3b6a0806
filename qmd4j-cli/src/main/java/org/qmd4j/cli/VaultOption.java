package org.qmd4j.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --vault} option shared by every command. */
final class VaultOption {
  @Option(names = "--vault", paramLabel = "DIR",
      description = "The vault folder. Default: $QMD4J_VAULT, else the current folder.")
  Path vault;

  Path resolve() {
    if (vault != null) return vault;
    String env = System.getenv("QMD4J_VAULT");
    return env == null || env.isBlank() ? Path.of(".") : Path.of(env);
  }
}
