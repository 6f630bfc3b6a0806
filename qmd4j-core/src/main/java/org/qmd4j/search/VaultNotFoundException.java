package org.qmd4j.search;

/** Thrown when the vault folder does not exist or is not a directory. */
public final class VaultNotFoundException extends InvalidRequestException {
  private static final long serialVersionUID = 1L;

  public VaultNotFoundException(String message) {
    super(message);
  }
}
