package org.qmd4j;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;

/** The example vault and a fixed clock, shared by tests. */
public final class Fixtures {
  private Fixtures() {}

  /** 2025-09-15 12:00 in Paris: "today" in tests. */
  public static final Clock CLOCK =
      Clock.fixed(Instant.parse("2025-09-15T10:00:00Z"), ZoneId.of("Europe/Paris"));

  public static Path root() {
    return Path.of(System.getProperty("qmd4j.fixtures", "testfixtures"));
  }

  public static Path vault() {
    return root().resolve("vault");
  }

  /**
   * A folder of notes in the notes layout: nested folders, frontmatter dates, a
   * {@code .qmd4jignore}, and {@code .obsidian/}, {@code .trash/}, {@code node_modules/}
   * holding markdown that is never indexed.
   */
  public static Path notesVault() {
    return root().resolve("notes");
  }

  /** A folder of {@code .txt} files only: nothing is indexed. */
  public static Path txtOnlyVault() {
    return root().resolve("txt-only");
  }

  /**
   * Options for tests: embedded engine, in-memory index, fixed clock, no QMD4J_* env, no
   * watcher (each would hold an inotify instance; the watcher has its own tests).
   */
  public static SearchOptions memoryOptions() {
    return SearchOptions.DEFAULT
        .withEngine(EngineChoice.EMBEDDED)
        .withWatch(false)
        .withInMemoryIndex(true)
        .withClock(CLOCK)
        .withEnvironment(Map.of());
  }

  /** Copies the example vault into {@code target} (for tests that edit it). */
  public static Path copyVault(Path target) {
    return copy(vault(), target);
  }

  /** Copies a fixture vault into {@code target}, hidden files included. */
  public static Path copy(Path source, Path target) {
    try {
      Files.walkFileTree(source, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs)
            throws IOException {
          Files.createDirectories(target.resolve(source.relativize(dir).toString()));
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
            throws IOException {
          Files.copy(file, target.resolve(source.relativize(file).toString()),
              StandardCopyOption.COPY_ATTRIBUTES);
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return target;
  }
}
