package org.qmd4j.search;

import java.util.Objects;
import java.util.Optional;

/**
 * Which part of the vault a search covers.
 *
 * <table>
 *   <caption>Scope names</caption>
 *   <tr><th>name</th><th>covers</th></tr>
 *   <tr><td>(none, {@code null})</td><td>every indexed file</td></tr>
 *   <tr><td>{@code project:<name>}</td><td>every indexed file under
 *       {@code projects/<name>/}, its bucket included, no root file</td></tr>
 *   <tr><td>{@code all-states}</td><td>every {@code projects/<name>/state.md}</td></tr>
 *   <tr><td>{@code all-changelogs}</td><td>every project changelog plus the root one</td></tr>
 *   <tr><td>{@code all-tasks}</td><td>every project {@code tasks.md} plus the root one</td></tr>
 *   <tr><td>{@code all-buckets}</td><td>every project bucket plus the root one</td></tr>
 *   <tr><td>{@code all-descriptions}</td>
 *       <td>every {@code projects/<name>/description.md}</td></tr>
 *   <tr><td>{@code folder:<path>}</td><td>every indexed file below the vault-relative
 *       folder {@code <path>}, at any depth (both layouts)</td></tr>
 * </table>
 *
 * <p>In the {@link Layout#NOTES notes} layout only the whole vault and {@code folder:} exist;
 * the other scopes are refused with an error naming the layout.
 *
 * <p>{@code project:<name>} is checked against the vault when a search runs: a project
 * folder that does not exist is an {@link InvalidScopeException} listing the vault's
 * projects, while an existing project whose files match nothing gives no result.
 */
public sealed interface Scope permits Scope.Vault, Scope.Project, Scope.OfKind, Scope.Folder {

  /** The valid scope names, as listed in error messages. */
  String VALID_SCOPES =
      "project:<name>, all-states, all-changelogs, all-tasks, all-buckets, all-descriptions,"
          + " folder:<path> (or no scope for the whole vault)";

  /**
   * Whether a file is in scope.
   *
   * @param path its vault-relative path, {@code /} separators
   * @param kind its kind
   * @param project its project (empty for root files and notes)
   * @since 0.4
   */
  boolean includes(String path, FileKind kind, Optional<String> project);

  /** The name of this scope as {@link #parse} reads it; empty for the whole vault. */
  String wireName();

  /** The whole indexed vault. */
  static Scope vault() {
    return Vault.INSTANCE;
  }

  /** Every indexed file of one project. */
  static Scope project(String name) {
    return new Project(name);
  }

  /** Every file of one kind, in every project and at the root. */
  static Scope of(FileKind kind) {
    return new OfKind(kind);
  }

  /**
   * Every indexed file below a vault-relative folder.
   *
   * @throws InvalidScopeException if the path is empty, absolute or leaves the vault
   * @since 0.4
   */
  static Scope folder(String path) {
    return new Folder(path);
  }

  /**
   * Parses a scope name from the table above. {@code null} means "not given": the whole
   * vault. An empty or blank name is not a way to say "whole vault" (it is usually a
   * variable that was not filled) and is refused.
   *
   * @throws InvalidScopeException naming the bad value and listing the valid scopes
   */
  static Scope parse(String name) {
    if (name == null) return vault();
    if (name.isBlank()) {
      throw new InvalidScopeException("The scope is empty; leave it out for the whole vault,"
          + " or pass one of: " + VALID_SCOPES);
    }
    String s = name.strip();
    if (s.startsWith("project:")) {
      String project = s.substring("project:".length()).strip();
      if (project.isEmpty()) {
        throw new InvalidScopeException(
            "Scope 'project:' needs a project name, e.g. project:startup-x; valid scopes are: "
                + VALID_SCOPES);
      }
      return new Project(project);
    }
    if (s.startsWith("folder:")) {
      return new Folder(s.substring("folder:".length()).strip());
    }
    switch (s.toLowerCase(java.util.Locale.ROOT)) {
      case "all-states": return new OfKind(FileKind.STATE);
      case "all-changelogs": return new OfKind(FileKind.CHANGELOG);
      case "all-tasks": return new OfKind(FileKind.TASKS);
      case "all-buckets": return new OfKind(FileKind.BUCKET);
      case "all-descriptions": return new OfKind(FileKind.DESCRIPTION);
      default:
        // A bare name ("startup-x": no colon, blank or slash) is most often a project
        // written without its prefix.
        String hint = s.matches("[\\p{L}\\p{N}][\\p{L}\\p{N}._-]*")
            ? " To search the project '" + s + "', write 'project:" + s + "'." : "";
        throw new InvalidScopeException(
            "Unknown scope '" + name + "'." + hint + " Valid scopes are: " + VALID_SCOPES);
    }
  }

  /** The whole vault. */
  enum Vault implements Scope {
    INSTANCE;

    @Override
    public boolean includes(String path, FileKind kind, Optional<String> project) {
      Objects.requireNonNull(path, "path == null");
      Objects.requireNonNull(kind, "kind == null");
      Objects.requireNonNull(project, "project == null");
      return true;
    }

    @Override
    public String wireName() {
      return "";
    }
  }

  /** Every indexed file under {@code projects/<name>/}. */
  record Project(String name) implements Scope {
    public Project {
      Objects.requireNonNull(name, "name == null");
      name = name.strip();
      if (name.isBlank()) {
        throw new InvalidScopeException("Scope 'project:' needs a project name");
      }
    }

    @Override
    public boolean includes(String path, FileKind kind, Optional<String> project) {
      Objects.requireNonNull(path, "path == null");
      Objects.requireNonNull(kind, "kind == null");
      Objects.requireNonNull(project, "project == null");
      return project.isPresent() && project.get().equals(name);
    }

    @Override
    public String wireName() {
      return "project:" + name;
    }
  }

  /**
   * Every file of one kind, project files and root files alike; not {@link FileKind#NOTE}
   * (in the notes layout every file is a note: that is the whole vault).
   */
  record OfKind(FileKind kind) implements Scope {
    public OfKind {
      Objects.requireNonNull(kind, "kind == null");
      if (kind == FileKind.NOTE) {
        throw new InvalidScopeException("There is no scope of every note: leave the scope out"
            + " for the whole vault, or use folder:<path>");
      }
    }

    @Override
    public boolean includes(String path, FileKind fileKind, Optional<String> project) {
      Objects.requireNonNull(path, "path == null");
      Objects.requireNonNull(fileKind, "kind == null");
      Objects.requireNonNull(project, "project == null");
      return fileKind == kind;
    }

    @Override
    public String wireName() {
      return "all-" + (kind == FileKind.TASKS ? "tasks" : kind.wireName() + "s");
    }
  }

  /**
   * Every indexed file below one vault-relative folder, at any depth. The path is normalised
   * (backslashes to {@code /}, no leading {@code ./}, no trailing {@code /}); that the folder
   * exists is checked when a search runs.
   *
   * @param path the folder, vault-relative, {@code /} separators
   * @since 0.4
   */
  record Folder(String path) implements Scope {
    /** Normalises the path; refuses an empty, absolute or escaping one. */
    public Folder {
      Objects.requireNonNull(path, "path == null");
      String p = path.strip().replace('\\', '/');
      while (p.startsWith("./")) p = p.substring(2);
      while (p.endsWith("/") && p.length() > 1) p = p.substring(0, p.length() - 1);
      if (p.isEmpty() || p.equals(".")) {
        throw new InvalidScopeException("Scope 'folder:' needs a folder of the vault, e.g."
            + " folder:journal/2025; leave the scope out for the whole vault");
      }
      if (p.startsWith("/") || p.matches("^[A-Za-z]:.*")) {
        throw new InvalidScopeException("Scope 'folder:" + path + "' is an absolute path;"
            + " write the folder relative to the vault, e.g. folder:journal/2025");
      }
      for (String part : p.split("/", -1)) {
        if (part.equals("..") || part.isEmpty()) {
          throw new InvalidScopeException("Scope 'folder:" + path + "' is not a folder inside"
              + " the vault; write it relative to the vault, without '..', e.g."
              + " folder:journal/2025");
        }
      }
      path = p;
    }

    @Override
    public boolean includes(String file, FileKind kind, Optional<String> project) {
      Objects.requireNonNull(file, "path == null");
      Objects.requireNonNull(kind, "kind == null");
      Objects.requireNonNull(project, "project == null");
      return file.length() > path.length() && file.startsWith(path)
          && file.charAt(path.length()) == '/';
    }

    @Override
    public String wireName() {
      return "folder:" + path;
    }
  }
}
