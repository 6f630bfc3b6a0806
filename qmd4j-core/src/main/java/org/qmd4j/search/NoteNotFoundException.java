package org.qmd4j.search;

import java.util.Objects;

/**
 * Thrown when a vault-relative path names no file of the vault. The message names the path;
 * the caller fixes it by giving the path of an existing file ({@code tree} lists them).
 *
 * @since 0.1
 */
public final class NoteNotFoundException extends InvalidRequestException {
  private static final long serialVersionUID = 1L;

  private final String path;

  public NoteNotFoundException(String path, String message) {
    super(message);
    this.path = Objects.requireNonNull(path, "path == null");
  }

  /** The path as the caller gave it. */
  public String path() {
    return path;
  }
}
