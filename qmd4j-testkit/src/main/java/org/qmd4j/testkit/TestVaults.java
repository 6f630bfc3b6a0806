package org.qmd4j.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The two example vaults that qmd4j's own tests search, bundled in this jar, copied to a folder
 * of the caller's (a JUnit {@code @TempDir}, say) so that a test can index, edit or break them.
 *
 * <ul>
 *   <li>{@link #copyProjectsVault(Path)}: a vault of the projects layout ({@code projects/<name>/}
 *       with changelogs, buckets, dated notes; a latin-1 file and an empty one among them).
 *   <li>{@link #copyNotesVault(Path)}: a vault of the notes layout (nested folders, dates in
 *       frontmatter and names, a {@code .qmd4jignore}, and {@code .obsidian/}, {@code .trash/},
 *       {@code node_modules/} holding markdown that is never indexed).
 * </ul>
 *
 * <p>Both are in French, dated 2025; {@link #CLOCK} is the "today" they were written for.
 *
 * @since 0.2
 */
public final class TestVaults {
  /** 2025-09-15 12:00 in Paris: "today" for the example vaults, whose newest notes are older. */
  public static final Clock CLOCK =
      Clock.fixed(Instant.parse("2025-09-15T10:00:00Z"), ZoneId.of("Europe/Paris"));

  private static final String BASE = "org/qmd4j/testkit/vaults/";

  private TestVaults() {}

  /**
   * Copies the example vault of the projects layout into {@code target}, created if missing,
   * hidden files included.
   *
   * @param target a folder, empty or missing
   * @return {@code target}
   * @throws UncheckedIOException if a file cannot be written
   */
  public static Path copyProjectsVault(Path target) {
    return copy("vault", target);
  }

  /**
   * Copies the example vault of the notes layout into {@code target}, created if missing,
   * hidden files included.
   *
   * @param target a folder, empty or missing
   * @return {@code target}
   * @throws UncheckedIOException if a file cannot be written
   */
  public static Path copyNotesVault(Path target) {
    return copy("notes", target);
  }

  private static Path copy(String name, Path folder) {
    Path target = folder.toAbsolutePath().normalize();
    String dir = BASE + name + "/";
    URL url = TestVaults.class.getClassLoader().getResource(dir);
    if (url == null) {
      throw new IllegalStateException("The example vault '" + name
          + "' is not on the class path: qmd4j-testkit's jar holds it under " + dir);
    }
    try {
      Files.createDirectories(target);
      if ("file".equals(url.getProtocol())) {
        copyFolder(Path.of(url.toURI()), target);
      } else {
        copyFromJar(url, dir, target);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException("Unreadable class-path address " + url, e);
    }
    return folder;
  }

  private static void copyFromJar(URL url, String dir, Path target) throws IOException {
    URLConnection connection = url.openConnection();
    if (!(connection instanceof JarURLConnection)) {
      throw new IllegalStateException("The example vaults are read from a folder or a jar, not "
          + url);
    }
    connection.setUseCaches(false);
    try (JarFile jar = ((JarURLConnection) connection).getJarFile()) {
      Enumeration<JarEntry> entries = jar.entries();
      while (entries.hasMoreElements()) {
        JarEntry entry = entries.nextElement();
        String name = entry.getName();
        if (!name.startsWith(dir) || name.length() == dir.length()) continue;
        Path out = target.resolve(name.substring(dir.length())).normalize();
        if (!out.startsWith(target)) continue;
        if (entry.isDirectory()) {
          Files.createDirectories(out);
          continue;
        }
        Files.createDirectories(out.getParent());
        try (InputStream in = jar.getInputStream(entry)) {
          Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  private static void copyFolder(Path source, Path target) throws IOException {
    Files.walkFileTree(source, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path folder, BasicFileAttributes attrs)
          throws IOException {
        Files.createDirectories(target.resolve(source.relativize(folder).toString()));
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
          throws IOException {
        Files.copy(file, target.resolve(source.relativize(file).toString()),
            StandardCopyOption.REPLACE_EXISTING);
        return FileVisitResult.CONTINUE;
      }
    });
  }
}
