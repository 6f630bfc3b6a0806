package org.qmd4j.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Files;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Locale;
import org.qmd4j.vault.VaultLayout;

/**
 * Says in a few plain words why an operation failed, for messages that people read: no
 * exception class name, no path. The exception itself stays the cause of the
 * {@code SearchException} that carries the words, so logs keep every detail.
 */
public final class Problems {
  private Problems() {}

  /**
   * Why {@code e} happened, in words: {@code permission denied}, {@code no space left on
   * device}, {@code the index is damaged}, {@code a file or folder is missing}...
   */
  public static String describe(Throwable e) {
    Throwable t = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
    for (Throwable c = t; c != null; c = c.getCause()) {
      String name = c.getClass().getSimpleName();
      // Lucene's, matched by name: this package does not depend on Lucene.
      if (name.startsWith("Corrupt") || name.startsWith("IndexFormatToo")
          || name.equals("EOFException")) {
        return "the index is damaged";
      }
      if (name.equals("LockObtainFailedException")) {
        return "another process kept the index locked";
      }
      if (name.equals("AlreadyClosedException")) return "the index was closed";
      if (c instanceof AccessDeniedException) return "permission denied";
      if (c instanceof NoSuchFileException) return "a file or folder is missing";
      if (c instanceof NotDirectoryException) return "a path is not a folder";
      if (c instanceof FileSystemException) {
        String reason = ((FileSystemException) c).getReason();
        if (reason != null && !reason.isBlank()) return words(reason);
      }
    }
    if (t instanceof InterruptedException || t.getCause() instanceof InterruptedException) {
      return "the operation was interrupted";
    }
    if (t instanceof IOException) return "an input/output error";
    return "an internal error";
  }

  /**
   * Why the layout of the vault at {@code root} could not be read ({@link VaultLayout#of}): the
   * vault folder itself cannot be read (its permissions), or its ignore file cannot.
   *
   * @return one sentence naming the vault and saying why, in words
   */
  public static String cannotReadVault(Path root, IOException failure) {
    boolean folder = !Files.isReadable(root) || !Files.isExecutable(root)
        || failure instanceof FileSystemException
            && root.toString().equals(((FileSystemException) failure).getFile());
    return (folder ? "Cannot read the vault folder " + root
        : "Cannot read " + VaultLayout.IGNORE_FILE + " in the vault " + root)
        + " (" + describe(failure) + "); check that it can be read";
  }

  /** A system's reason ("No space left on device") as words inside a sentence. */
  private static String words(String reason) {
    String r = reason.strip();
    if (r.endsWith(".")) r = r.substring(0, r.length() - 1);
    return r.length() > 1 && Character.isLowerCase(r.charAt(1))
        ? r.substring(0, 1).toLowerCase(Locale.ROOT) + r.substring(1) : r;
  }
}
