package org.qmd4j.vault;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.Layout;
import org.qmd4j.spi.VaultFile;

/**
 * Decides which paths of one vault are indexed, and as what: the vault's {@link Layout},
 * chosen or detected once when a searcher is built, with its ignore rules. Immutable.
 *
 * <table>
 *   <caption>Indexed files of the projects layout</caption>
 *   <tr><th>path</th><th>kind</th></tr>
 *   <tr><td>{@code changelog.md}, {@code projects/<p>/changelog.md}</td><td>changelog</td></tr>
 *   <tr><td>{@code tasks.md}, {@code projects/<p>/tasks.md}</td><td>tasks</td></tr>
 *   <tr><td>{@code projects/<p>/state.md}</td><td>state</td></tr>
 *   <tr><td>{@code projects/<p>/description.md}</td><td>description</td></tr>
 *   <tr><td>{@code bucket/**.md}, {@code projects/<p>/bucket/**.md}</td><td>bucket</td></tr>
 * </table>
 *
 * <p>In the projects layout everything else is not indexed: {@code overview.md},
 * {@code tree.md}, {@code profile.md}, {@code inbox/}, any other folder, non-markdown files.
 * In the notes layout every {@code *.md} is a {@link FileKind#NOTE}, except under the
 * {@link #SKIPPED_FOLDERS} ({@code node_modules/} ...) and what the root
 * {@value #IGNORE_FILE} excludes. In both, a path
 * with a segment that starts with a dot is never indexed. Names are case-sensitive.
 */
public final class VaultLayout {
  /** The ignore file read at the root of a notes vault (gitignore syntax). */
  public static final String IGNORE_FILE = ".qmd4jignore";

  /** The projects layout (it has no ignore file). */
  public static final VaultLayout PROJECTS =
      new VaultLayout(Layout.PROJECTS, IgnoreRules.NONE, "requested");

  /**
   * Folders never entered in the notes layout, at any depth: {@code node_modules}, and the
   * ones qmd itself never indexes ({@code vendor}, {@code dist}, {@code build}), so that both
   * engines index the same files.
   */
  public static final java.util.Set<String> SKIPPED_FOLDERS =
      java.util.Set.of("node_modules", "vendor", "dist", "build");

  private final Layout layout;
  private final IgnoreRules ignore;
  private final String reason;

  private VaultLayout(Layout layout, IgnoreRules ignore, String reason) {
    this.layout = layout;
    this.ignore = ignore;
    this.reason = reason;
  }

  /**
   * The layout of the vault at {@code root}: {@code layout} when given, else detected
   * ({@code projects} when {@code projects/} or a root {@code changelog.md} or
   * {@code tasks.md} exists, {@code notes} otherwise). A notes layout reads the root
   * {@value #IGNORE_FILE} now.
   *
   * @throws IOException if the ignore file exists but cannot be read
   */
  public static VaultLayout of(Path root, Optional<Layout> layout) throws IOException {
    Objects.requireNonNull(root, "root == null");
    Objects.requireNonNull(layout, "layout == null");
    Layout chosen;
    String why;
    if (layout.isPresent()) {
      chosen = layout.get();
      why = "requested";
    } else if (Files.isDirectory(root.resolve("projects"), LinkOption.NOFOLLOW_LINKS)) {
      chosen = Layout.PROJECTS;
      why = "detected: projects/ exists";
    } else if (Files.isRegularFile(root.resolve("changelog.md"))) {
      chosen = Layout.PROJECTS;
      why = "detected: changelog.md at the root";
    } else if (Files.isRegularFile(root.resolve("tasks.md"))) {
      chosen = Layout.PROJECTS;
      why = "detected: tasks.md at the root";
    } else {
      chosen = Layout.NOTES;
      why = "detected: no projects/, changelog.md or tasks.md at the root";
    }
    if (chosen == Layout.PROJECTS) return new VaultLayout(Layout.PROJECTS, IgnoreRules.NONE, why);
    return new VaultLayout(Layout.NOTES, readIgnore(root), why);
  }

  /**
   * A notes layout with the rules of an ignore file's text (tests, tools).
   *
   * @param ignoreFile the text of a {@value #IGNORE_FILE}, empty for none
   */
  public static VaultLayout notes(String ignoreFile) {
    return new VaultLayout(Layout.NOTES, IgnoreRules.parse(ignoreFile), "requested");
  }

  private static IgnoreRules readIgnore(Path root) throws IOException {
    try {
      // Never follows a link out of the vault, as every read of the vault.
      return IgnoreRules.parse(NoteText.decode(InsideVault.readAllBytes(root, IGNORE_FILE))
          .text());
    } catch (NoSuchFileException e) {
      return IgnoreRules.NONE;
    }
  }

  /** The layout. */
  public Layout layout() {
    return layout;
  }

  /** Why this layout: {@code requested}, or what was detected. */
  public String reason() {
    return reason;
  }

  /** How many rules the ignore file holds (0 without one, and in the projects layout). */
  public int ignoreRules() {
    return ignore.size();
  }

  /** Whether {@code path} is excluded by the ignore file (as a file, or by a folder above). */
  public boolean ignored(String path) {
    Objects.requireNonNull(path, "path == null");
    return ignore.ignores(path, false);
  }

  /**
   * The files qmd is told to index for this layout (its collection mask, a comma-separated
   * glob list). qmd never indexes hidden files nor the folders in {@link #SKIPPED_FOLDERS},
   * so that both engines see the same files; the ignore file is applied by qmd4j when qmd's
   * hits are mapped back to the vault's chunks.
   */
  public String mask() {
    if (layout == Layout.NOTES) return "**/*.md";
    return String.join(",", "changelog.md", "tasks.md", "bucket/**/*.md",
        "projects/*/changelog.md", "projects/*/tasks.md", "projects/*/state.md",
        "projects/*/description.md", "projects/*/bucket/**/*.md");
  }

  /**
   * Classifies a vault-relative path ({@code /} separators).
   *
   * @return the indexed file, or empty when the path is not indexed
   */
  public Optional<VaultFile> classify(String path) {
    String[] parts = path.split("/", -1);
    for (String part : parts) {
      if (part.isEmpty() || part.startsWith(".")) return Optional.empty();
    }
    if (!parts[parts.length - 1].endsWith(".md")) return Optional.empty();
    if (layout == Layout.NOTES) {
      for (int i = 0; i < parts.length - 1; i++) {
        if (SKIPPED_FOLDERS.contains(parts[i])) return Optional.empty();
      }
      if (ignore.ignores(path, false)) return Optional.empty();
      return file(path, FileKind.NOTE, null);
    }
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
  public boolean mayContainIndexedFiles(String folder) {
    if (folder.isEmpty()) return true;
    String[] parts = folder.split("/", -1);
    for (String part : parts) {
      if (part.isEmpty() || part.startsWith(".")) return false;
    }
    if (layout == Layout.NOTES) {
      for (String part : parts) {
        if (SKIPPED_FOLDERS.contains(part)) return false;
      }
      return !ignore.ignores(folder, true);
    }
    if (parts[0].equals("bucket")) return true;
    if (!parts[0].equals("projects")) return false;
    return parts.length <= 2 || parts[2].equals("bucket");
  }

  private static Optional<VaultFile> file(String path, FileKind kind, String project) {
    return Optional.of(new VaultFile(path, kind, Optional.ofNullable(project)));
  }

  @Override
  public String toString() {
    return layout.wireName() + " (" + reason + ")";
  }
}
