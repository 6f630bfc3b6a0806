package org.qmd4j.spi;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the qmd binary. Tests inject a locator that returns a fake.
 *
 * <p>The default one honours {@code QMD4J_QMD_BINARY}, then looks for an executable
 * {@code qmd} in each {@code PATH} folder, in Java (no {@code which} process); answers are
 * cached per {@code PATH} value.
 */
@FunctionalInterface
public interface BinaryLocator {
  /** Environment variable naming the qmd binary explicitly. */
  String BINARY_ENV = "QMD4J_QMD_BINARY";

  /** The binary, or empty when there is none. */
  Optional<Path> locate();

  /** The default locator over an environment (usually {@code System.getenv()}). */
  static BinaryLocator fromEnvironment(Map<String, String> environment) {
    return () -> {
      String explicit = environment.get(BINARY_ENV);
      if (explicit != null && !explicit.isBlank()) return Optional.of(Path.of(explicit.strip()));
      String path = environment.getOrDefault("PATH", "");
      return PathSearch.find(path);
    };
  }
}
