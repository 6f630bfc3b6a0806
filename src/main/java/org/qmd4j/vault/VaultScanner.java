package org.qmd4j.vault;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Lists the indexed files of a vault with their size and modification time: one stat per
 * file, no reads. Folders that cannot hold indexed files are not entered; symbolic links
 * are not followed, so nothing outside the vault is ever listed.
 */
public final class VaultScanner {
  private VaultScanner() {}

  /**
   * Walks {@code root} (an existing directory).
   *
   * @return vault-relative path to stamp, sorted by path
   * @throws IOException if the walk fails
   */
  public static Map<String, FileStamp> scan(Path root) throws IOException {
    Map<String, FileStamp> out = new TreeMap<>();
    // Runs before every search: relative paths by string arithmetic, not Path.relativize.
    int prefix = root.toString().length() + (root.toString().endsWith(SEPARATOR) ? 0 : 1);
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        return VaultLayout.mayContainIndexedFiles(fastRelative(dir, prefix))
            ? FileVisitResult.CONTINUE
            : FileVisitResult.SKIP_SUBTREE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
        if (!attrs.isRegularFile()) return FileVisitResult.CONTINUE;
        String path = fastRelative(file, prefix);
        if (VaultLayout.classify(path).isPresent()) {
          out.put(path,
              new FileStamp(attrs.size(), attrs.lastModifiedTime().to(TimeUnit.NANOSECONDS)));
        }
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
        // A file deleted during the walk is simply gone; anything else is a real failure.
        if (e instanceof java.nio.file.NoSuchFileException) return FileVisitResult.CONTINUE;
        throw e;
      }
    });
    return out;
  }

  /** The vault-relative path of {@code file}, with {@code /} separators. */
  public static String relative(Path root, Path file) {
    Path rel = root.relativize(file);
    StringBuilder sb = new StringBuilder();
    for (Path part : rel) {
      if (sb.length() > 0) sb.append('/');
      sb.append(part.toString());
    }
    return sb.toString();
  }

  private static final String SEPARATOR = java.io.File.separator;

  private static String fastRelative(Path path, int prefix) {
    String s = path.toString();
    if (s.length() <= prefix) return "";
    String rel = s.substring(prefix);
    return SEPARATOR.equals("/") ? rel : rel.replace(SEPARATOR, "/");
  }
}
