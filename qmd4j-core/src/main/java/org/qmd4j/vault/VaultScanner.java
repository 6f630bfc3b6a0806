package org.qmd4j.vault;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.qmd4j.search.Layout;
import org.qmd4j.spi.FileStamp;

/**
 * Lists the indexed files of a vault with their {@link FileStamp}: one stat per
 * file, no reads. Folders that cannot hold indexed files are not entered; symbolic links
 * are not followed, so nothing outside the vault is ever listed; a folder that may not be
 * listed is skipped with one warning ({@link Unreadable}).
 */
public final class VaultScanner {
  private VaultScanner() {}

  /**
   * Walks {@code root} (an existing directory), listing what {@code layout} indexes.
   *
   * @return vault-relative path to stamp, sorted by path
   * @throws IOException if the walk fails
   */
  public static Map<String, FileStamp> scan(Path root, VaultLayout layout) throws IOException {
    return new TreeMap<>(stamps(root, layout));
  }

  /**
   * {@link #scan}, in no order: for callers that only look paths up (the embedded index's
   * refresh at every command-line search). Sorting 100,000 paths was a quarter of a warm
   * command-line search.
   *
   * @return vault-relative path to stamp, in no particular order
   * @throws IOException if the walk fails
   */
  public static Map<String, FileStamp> stamps(Path root, VaultLayout layout)
      throws IOException {
    return stamps(root, layout, NOTHING);
  }

  /** Told of each folder a walk enters, before its entries are listed. */
  @FunctionalInterface
  public interface Entering {
    /**
     * {@code folder} (vault-relative {@code rel}, empty for the vault) is about to be listed.
     *
     * @throws IOException to end the walk with it
     */
    void folder(Path folder, String rel) throws IOException;
  }

  private static final Entering NOTHING = (folder, rel) -> { };

  /**
   * {@link #stamps(Path, VaultLayout)}, telling {@code entering} of every
   * folder that can hold indexed files before listing it, from several threads at once: a
   * watcher registers the folder there, so that the walk and the watcher's events together
   * miss no change.
   *
   * @throws IOException if the walk fails, or {@code entering} does
   */
  public static Map<String, FileStamp> stamps(Path root, VaultLayout layout, Entering entering)
      throws IOException {
    // Runs before every search: the project folders are walked in parallel (stat calls
    // dominate and the cores are otherwise idle), and relative paths are string arithmetic.
    Map<String, FileStamp> found = new ConcurrentHashMap<>();
    List<Path> subtrees = new ArrayList<>();
    String rootString = root.toString();
    int prefix = rootString.length() + (rootString.endsWith(SEPARATOR) ? 0 : 1);
    Objects.requireNonNull(entering, "entering == null");
    entering.folder(root, "");
    try (DirectoryStream<Path> top = Files.newDirectoryStream(root)) {
      for (Path entry : top) {
        String name = entry.getFileName().toString();
        if (layout.layout() == Layout.PROJECTS && name.equals("projects")
            && isDirectory(entry)) {
          entering.folder(entry, name);
          try (DirectoryStream<Path> projects = Files.newDirectoryStream(entry)) {
            for (Path project : projects) subtrees.add(project);
          } catch (AccessDeniedException e) {
            Unreadable.skipped(root, "projects", "folder", e);
          }
        } else {
          subtrees.add(entry);
        }
      }
    }
    try {
      subtrees.parallelStream().forEach(p -> {
        try {
          visit(p, prefix, layout, found, entering);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return found;
  }

  /**
   * Stats one vault-relative path: an indexed file is added to {@code found}, a folder that
   * can hold indexed files is walked, anything else (or nothing) adds nothing.
   *
   * @param root the vault (an existing directory)
   * @param rel a vault-relative path with {@code /} separators, not empty
   * @throws IOException if the walk fails
   */
  public static void scanInto(Path root, VaultLayout layout, String rel,
      Map<String, FileStamp> found) throws IOException {
    scanInto(root, layout, rel, found, NOTHING);
  }

  /**
   * {@link #scanInto(Path, VaultLayout, String, Map)}, telling {@code entering} of every
   * folder that can hold indexed files before listing it.
   *
   * @throws IOException if the walk fails, or {@code entering} does
   */
  public static void scanInto(Path root, VaultLayout layout, String rel,
      Map<String, FileStamp> found, Entering entering) throws IOException {
    Objects.requireNonNull(root, "root == null");
    Objects.requireNonNull(layout, "layout == null");
    Objects.requireNonNull(rel, "rel == null");
    Objects.requireNonNull(found, "found == null");
    Objects.requireNonNull(entering, "entering == null");
    String rootString = root.toString();
    int prefix = rootString.length() + (rootString.endsWith(SEPARATOR) ? 0 : 1);
    visit(root.resolve(rel), prefix, layout, found, entering);
  }

  private static void visit(Path path, int prefix, VaultLayout layout,
      Map<String, FileStamp> found, Entering entering) throws IOException {
    FileStamp.Stat attrs;
    try {
      attrs = FileStamp.stat(path);
    } catch (NoSuchFileException e) {
      return; // deleted during the walk: simply gone
    }
    String rel = fastRelative(path, prefix);
    if (attrs.isDirectory()) {
      if (!layout.mayContainIndexedFiles(rel)) return;
      entering.folder(path, rel);
      try (DirectoryStream<Path> children = Files.newDirectoryStream(path)) {
        for (Path child : children) visit(child, prefix, layout, found, entering);
      } catch (NoSuchFileException e) {
        return;
      } catch (AccessDeniedException e) {
        Unreadable.skipped(root(path, prefix), rel, "folder", e);
      }
    } else if (attrs.isRegularFile() && layout.classify(rel).isPresent()) {
      found.put(rel, attrs.stamp());
    }
  }

  private static String root(Path path, int prefix) {
    String s = path.toString();
    return s.substring(0, Math.max(0, Math.min(s.length(), prefix - 1)));
  }

  private static boolean isDirectory(Path p) {
    return Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
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
