package org.qmd4j.search;

import java.util.Objects;

/**
 * Thrown when a path given to read a vault file is refused: it is absolute, has a {@code ..}
 * segment, resolves (through a symbolic link) outside the vault, or names a folder or
 * something else than a regular file. The message names the path, says why it was refused
 * and what is valid; the caller fixes it by giving a vault-relative path with {@code /}
 * separators to a file inside the vault, such as {@code projects/startup-x/state.md}.
 *
 * @since 0.1
 */
public final class PathRefusedException extends InvalidRequestException {
  private static final long serialVersionUID = 1L;

  private final String path;

  public PathRefusedException(String path, String message) {
    super(message);
    this.path = Objects.requireNonNull(path, "path == null");
  }

  /** The path as the caller gave it. */
  public String path() {
    return path;
  }
}
