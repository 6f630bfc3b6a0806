package org.qmd4j.vault;

import java.util.Optional;
import org.qmd4j.search.FileKind;
import org.qmd4j.spi.VaultFile;

/**
 * Decides which vault paths are indexed, and as what.
 *
 * <table>
 *   <caption>Indexed files</caption>
 *   <tr><th>path</th><th>kind</th></tr>
 *   <tr><td>{@code changelog.md}, {@code projects/<p>/changelog.md}</td><td>changelog</td></tr>
 *   <tr><td>{@code tasks.md}, {@code projects/<p>/tasks.md}</td><td>tasks</td></tr>
 *   <tr><td>{@code projects/<p>/state.md}</td><td>state</td></tr>
 *   <tr><td>{@code projects/<p>/description.md}</td><td>description</td></tr>
 *   <tr><td>{@code bucket/**.md}, {@code projects/<p>/bucket/**.md}</td><td>bucket</td></tr>
 * </table>
 *
 * <p>Everything else is not indexed: {@code overview.md}, {@code tree.md},
 * {@code profile.md}, {@code inbox/}, any other folder, non-markdown files, and any path with
 * a segment that starts with a dot. Names are case-sensitive.
 */
public final class VaultLayout {
  private VaultLayout() {}

  /**
   * Classifies a vault-relative path ({@code /} separators).
   *
   * @return the indexed file, or empty when the path is not indexed
   */
  public static Optional<VaultFile> classify(String path) {
    String[] parts = path.split("/", -1);
    for (String part : parts) {
      if (part.isEmpty() || part.startsWith(".")) return Optional.empty();
    }
    if (!parts[parts.length - 1].endsWith(".md")) return Optional.empty();
    if (parts.length == 1) {
      switch (parts[0]) {
        case "changelog.md": return file(path, FileKind.CHANGELOG, null);
        case "tasks.md": return file(path, FileKind.TASKS, null);
        default: return Optional.empty();
      }
    }
    if (parts[0].equals("bucket")) return file(path, FileKind.BUCKET, null);
    if (!parts[0].equals("projects") || parts.length < 3) return Optional.empty();
    String project = parts[1];
    if (parts.length == 3) {
      switch (parts[2]) {
        case "changelog.md": return file(path, FileKind.CHANGELOG, project);
        case "tasks.md": return file(path, FileKind.TASKS, project);
        case "state.md": return file(path, FileKind.STATE, project);
        case "description.md": return file(path, FileKind.DESCRIPTION, project);
        default: return Optional.empty();
      }
    }
    if (parts[2].equals("bucket")) return file(path, FileKind.BUCKET, project);
    return Optional.empty();
  }

  /**
   * Whether a folder (vault-relative, {@code ""} for the root) can hold indexed files, so a
   * walk may skip it otherwise.
   */
  public static boolean mayContainIndexedFiles(String folder) {
    if (folder.isEmpty()) return true;
    String[] parts = folder.split("/", -1);
    for (String part : parts) {
      if (part.isEmpty() || part.startsWith(".")) return false;
    }
    if (parts[0].equals("bucket")) return true;
    if (!parts[0].equals("projects")) return false;
    return parts.length <= 2 || parts[2].equals("bucket");
  }

  private static Optional<VaultFile> file(String path, FileKind kind, String project) {
    return Optional.of(new VaultFile(path, kind, Optional.ofNullable(project)));
  }
}
