package org.qmd4j.spi;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

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
      return PathCache.CACHE.computeIfAbsent(path, PathCache::search);
    };
  }

  /** Lookups by PATH value; a PATH rarely changes within a process. */
  final class PathCache {
    private static final Map<String, Optional<Path>> CACHE = new ConcurrentHashMap<>();

    private PathCache() {}

    private static Optional<Path> search(String path) {
      for (String dir : path.split(File.pathSeparator)) {
        if (dir.isEmpty()) continue;
        Path candidate = Path.of(dir, "qmd");
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return Optional.of(candidate.toAbsolutePath());
        }
      }
      return Optional.empty();
    }
  }
}
