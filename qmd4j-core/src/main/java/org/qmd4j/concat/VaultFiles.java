package org.qmd4j.concat;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.NoteNotFoundException;
import org.qmd4j.search.PathRefusedException;
import org.qmd4j.search.VaultNotFoundException;
import org.qmd4j.vault.InsideVault;
import org.qmd4j.vault.NotRegularFileException;
import org.qmd4j.vault.NoteText;
import org.qmd4j.vault.VaultScanner;

/**
 * The guard in front of every read: turns a vault-relative path into the real path of a
 * regular file inside the vault, or refuses it. Immutable and thread-safe.
 *
 * <p>Checks, in order: the text (no absolute path, no {@code ..} segment), existence, then
 * the real path of the file (every symbolic link resolved) against the real path of the
 * vault, then the file type. The file read is the real path that was checked, opened
 * without following any link ({@link InsideVault}), so a swap after the check cannot leak.
 */
final class VaultFiles {
  static final String VALID =
      "give a vault-relative path with / separators, such as projects/startup-x/state.md";

  private final Path root; // real path

  private VaultFiles(Path root) {
    this.root = root;
  }

  /**
   * @throws VaultNotFoundException if {@code vault} is not an existing folder
   */
  static VaultFiles of(Path vault) {
    if (!Files.isDirectory(vault)) {
      throw new VaultNotFoundException("Vault folder does not exist or is not a folder: "
          + vault.toAbsolutePath());
    }
    try {
      return new VaultFiles(vault.toRealPath());
    } catch (IOException e) {
      throw new VaultNotFoundException("Vault folder cannot be read: " + vault.toAbsolutePath()
          + " (" + e + ")");
    }
  }

  /** The vault's real path. */
  Path root() {
    return root;
  }

  /**
   * The canonical form of a vault-relative path: {@code \} read as {@code /}, empty and
   * {@code .} segments dropped.
   *
   * @throws PathRefusedException if the path is empty, absolute or has a {@code ..} segment
   */
  static String normalize(String path) {
    String p = path.strip().replace('\\', '/');
    if (p.startsWith("/") || p.matches("[A-Za-z]:.*") || isAbsolute(path)) {
      throw new PathRefusedException(path, "Refused path '" + path + "': absolute paths are "
          + "not allowed; " + VALID);
    }
    StringBuilder sb = new StringBuilder();
    for (String segment : p.split("/")) {
      if (segment.equals("..")) {
        throw new PathRefusedException(path, "Refused path '" + path + "': '..' segments are "
            + "not allowed, only files inside the vault can be read; " + VALID);
      }
      if (segment.isEmpty() || segment.equals(".")) continue;
      if (sb.length() > 0) sb.append('/');
      sb.append(segment);
    }
    if (sb.length() == 0) {
      throw new PathRefusedException(path, "Refused path '" + path + "': it names no file; "
          + VALID);
    }
    return sb.toString();
  }

  private static boolean isAbsolute(String path) {
    try {
      return Path.of(path).isAbsolute();
    } catch (InvalidPathException e) {
      return false; // refused or not found later, with the path named
    }
  }

  /**
   * The real path of the regular file at {@code path} (already {@link #normalize}d).
   *
   * @throws NoteNotFoundException if nothing is there (a dangling link included)
   * @throws PathRefusedException if it resolves outside the vault, or is not a regular file
   */
  Path resolve(String path) {
    Path real;
    try {
      real = root.resolve(path).toRealPath();
    } catch (NoSuchFileException e) {
      throw new NoteNotFoundException(path, "No file '" + path + "' in the vault; " + VALID
          + " (tree lists the vault's files)");
    } catch (InvalidPathException e) {
      throw new PathRefusedException(path, "Refused path '" + path + "': it is not a valid "
          + "path (" + e.getReason() + "); " + VALID);
    } catch (FileSystemException e) {
      // What the path itself gets wrong (found by fuzzing): a file used as a folder,
      // a name too long, a loop of links. Only the rest is the environment's failure.
      String reason = String.valueOf(e.getReason());
      if (reason.contains("Not a directory")) {
        throw new NoteNotFoundException(path, "No file '" + path + "' in the vault: a part of "
            + "it before the last is a file, not a folder; " + VALID);
      }
      if (reason.contains("name too long") || reason.contains("levels of symbolic links")) {
        throw new PathRefusedException(path, "Refused path '" + path + "': "
            + reason.toLowerCase(java.util.Locale.ROOT) + "; " + VALID);
      }
      throw new EngineException("Cannot resolve '" + path + "' in the vault " + root + " ("
          + Problems.describe(e) + "); check that it can be read", e);
    } catch (IOException e) {
      throw new EngineException("Cannot resolve '" + path + "' in the vault " + root + " ("
          + Problems.describe(e) + "); check that it can be read", e);
    }
    if (!real.startsWith(root)) {
      throw new PathRefusedException(path, "Refused path '" + path + "': it resolves, through "
          + "a symbolic link, outside the vault; only files inside the vault can be read");
    }
    BasicFileAttributes attrs;
    try {
      attrs = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) { // removed or renamed since the real path was found
      throw new NoteNotFoundException(path, "No file '" + path + "' in the vault (it was "
          + "removed while being read); " + VALID);
    } catch (IOException e) {
      throw new EngineException("Cannot read the attributes of '" + path + "' ("
          + Problems.describe(e) + "); check that it can be read", e);
    }
    if (attrs.isDirectory()) {
      throw new PathRefusedException(path, "Refused path '" + path + "': it is a folder, not a "
          + "file; give the path of a file in it (tree lists the vault's files)");
    }
    if (!attrs.isRegularFile()) {
      throw new PathRefusedException(path, "Refused path '" + path + "': it is not a regular "
          + "file; only regular files inside the vault can be read");
    }
    return real;
  }

  /**
   * Reads the file at {@code path} (already {@link #normalize}d) through {@link #resolve}.
   *
   * @throws EngineException if it cannot be read
   */
  NoteText read(String path) {
    for (int attempt = 1; ; attempt++) {
      Path real = resolve(path);
      try {
        // Read what was checked, never following a link: a file swapped for a link to
        // outside the vault between resolve and the read fails here instead of leaking.
        return NoteText.decode(InsideVault.readAllBytes(root, VaultScanner.relative(root, real)));
      } catch (NoSuchFileException e) {
        throw new NoteNotFoundException(path, "No file '" + path + "' in the vault (it was "
            + "removed while being read); " + VALID);
      } catch (NotRegularFileException e) {
        throw new PathRefusedException(path, "Refused path '" + path + "': it is not a regular "
            + "file (it was " + e.getReason() + " when read); only regular files inside the "
            + "vault can be read");
      } catch (FileSystemException e) {
        if (attempt < 2 && !(e instanceof AccessDeniedException)) continue; // changed: again
        if (e instanceof AccessDeniedException) {
          throw new EngineException("Cannot read '" + path + "' in the vault " + root
              + ": permission denied", e);
        }
        throw new PathRefusedException(path, "Refused path '" + path + "': it changed into a "
            + "symbolic link while being read; only files inside the vault can be read");
      } catch (IOException e) {
        throw new EngineException("Cannot read '" + path + "' in the vault " + root + " ("
            + Problems.describe(e) + "); check that it can be read", e);
      }
    }
  }
}
