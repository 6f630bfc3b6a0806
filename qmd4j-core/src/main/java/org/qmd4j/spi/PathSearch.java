package org.qmd4j.spi;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The default {@link BinaryLocator}'s lookups by PATH value; a PATH rarely changes. */
final class PathSearch {
  private static final Map<String, Optional<Path>> CACHE = new ConcurrentHashMap<>();

  private PathSearch() {}

  /** The first executable {@code qmd} in the folders of {@code path}, cached per value. */
  static Optional<Path> find(String path) {
    return CACHE.computeIfAbsent(path, PathSearch::search);
  }

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
