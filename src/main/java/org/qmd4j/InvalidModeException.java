package org.qmd4j;

/** Thrown when a search mode is not one of {@code fast} and {@code deep}. */
public final class InvalidModeException extends InvalidRequestException {
  private static final long serialVersionUID = 1L;

  public InvalidModeException(String message) {
    super(message);
  }
}
