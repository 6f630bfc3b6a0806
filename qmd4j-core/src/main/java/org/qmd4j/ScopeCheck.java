package org.qmd4j;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.InvalidScopeException;
import org.qmd4j.search.Layout;
import org.qmd4j.search.Scope;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultProjects;
import org.qmd4j.vault.VaultScanner;

/**
 * Checks a scope against the vault when a search runs: {@code project:<name>} must name a
 * project folder and {@code folder:<path>} a folder inside the vault, so that a typo is not
 * mistaken for "nothing there"; in the notes layout only the whole vault and
 * {@code folder:} exist. Stateless.
 */
final class ScopeCheck {
  private ScopeCheck() {}

  private static final int MAX_FOLDERS = 5_000;

  /** How to see every project, whichever front end the caller uses. */
  static final String LIST_ALL = "the tree lists them all (qmd4j tree, the MCP tool tree,"
      + " GET /api/tree).";

  /** The scopes of the notes layout, as error messages list them. */
  static final String NOTES_SCOPES = "folder:<path> (or no scope for the whole vault)";

  /**
   * Throws when {@code scope} does not fit the vault.
   *
   * @throws InvalidScopeException naming the scope, the layout or what the vault has
   */
  static void check(Scope scope, Path vault, VaultLayout layout) {
    if (scope instanceof Scope.Folder) {
      checkFolder(((Scope.Folder) scope).path(), vault);
      return;
    }
    if (scope.equals(Scope.vault())) return;
    if (layout.layout() == Layout.NOTES) {
      throw new InvalidScopeException("Scope '" + scope.wireName() + "' needs the projects"
          + " layout, but this vault uses the notes layout (" + layout.reason() + "); valid"
          + " scopes here are: " + NOTES_SCOPES + ". If the vault is organised in"
          + " projects/<name>/ folders, read it in the projects layout (--layout projects).");
    }
    if (scope instanceof Scope.Project) checkProjectExists(((Scope.Project) scope).name(), vault);
  }

  private static void checkFolder(String folder, Path vault) {
    String value = "'folder:" + folder + "'";
    Path dir = vault.resolve(folder);
    try {
      if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) return;
      if (Files.isDirectory(dir)) {
        if (dir.toRealPath().startsWith(vault)) return;
        throw new InvalidScopeException("Scope " + value + " is a link to a folder outside the"
            + " vault; only folders inside the vault can be searched");
      }
      if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
        throw new InvalidScopeException("Scope " + value + " names a file, not a folder;"
            + " give a folder of the vault, e.g. folder:" + parentOr(folder));
      }
      List<String> folders = folders(vault);
      List<String> near = VaultProjects.nearest(folder, folders, 3);
      throw new InvalidScopeException("Unknown folder in scope " + value + ": there is no"
          + " folder " + folder + "/ in the vault. " + (near.isEmpty()
          ? "No folder name is close to it (" + folders.size()
              + (folders.size() == 1 ? " folder" : " folders") + " in the vault)."
          : near.size() == 1 ? "Did you mean 'folder:" + near.get(0) + "'?"
          : "Nearest: " + String.join(", ", near) + "."));
    } catch (IOException e) {
      throw new IndexException("Cannot check the folder " + folder + " of the vault " + vault
          + " (" + Problems.describe(e) + "); check that it can be read", e);
    }
  }

  private static String parentOr(String folder) {
    int slash = folder.lastIndexOf('/');
    return slash > 0 ? folder.substring(0, slash) : "<folder>";
  }

  /** The vault's visible folders (vault-relative), at most {@value #MAX_FOLDERS}. */
  private static List<String> folders(Path vault) throws IOException {
    List<String> names = new ArrayList<>();
    Files.walkFileTree(vault, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        if (dir.equals(vault)) return FileVisitResult.CONTINUE;
        if (dir.getFileName().toString().startsWith(".")) return FileVisitResult.SKIP_SUBTREE;
        names.add(VaultScanner.relative(vault, dir));
        return names.size() < MAX_FOLDERS ? FileVisitResult.CONTINUE : FileVisitResult.TERMINATE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path file, IOException e) {
        return FileVisitResult.CONTINUE; // an unreadable folder is simply not suggested
      }
    });
    names.sort(null);
    return names;
  }

  /**
   * A {@code project:<name>} scope must name a project folder of the vault; the message lists
   * the nearest projects, suggesting the one that differs only by case, accents or a slash.
   */
  private static void checkProjectExists(String name, Path vault) {
    List<String> projects;
    try {
      projects = VaultProjects.list(vault);
    } catch (IOException e) {
      throw new IndexException("Cannot list the projects of the vault " + vault + " ("
          + Problems.describe(e) + ")" + "; check that the vault folder exists and can be read", e);
    }
    if (projects.contains(name)) return;
    String value = "'project:" + name + "'";
    if (projects.isEmpty()) {
      throw new InvalidScopeException("Unknown project in scope " + value
          + ": this vault has no project folder (projects/<name>/); leave the scope out or"
          + " use one of: " + Scope.VALID_SCOPES);
    }
    List<String> near = VaultProjects.nearest(name, projects, 3);
    String nearest = near.isEmpty() ? "No project name is close to it"
        : near.size() == 1 ? "Did you mean 'project:" + near.get(0) + "'?"
        : "Nearest: " + String.join(", ", near);
    // With no near name, a few real ones still show what a project name looks like here.
    String recent = near.isEmpty() ? " Most recently updated: "
        + String.join(", ", VaultProjects.recent(vault, projects, 3)) + "; " + LIST_ALL : "";
    throw new InvalidScopeException("Unknown project in scope " + value
        + ": there is no folder projects/" + name + "/. " + nearest + " (" + projects.size()
        + (projects.size() == 1 ? " project" : " projects")
        + " in the vault)." + recent);
  }
}
