package org.qmd4j.search;

/**
 * Thrown when a search mode is not one of {@code fast} and {@code deep}, or a
 * {@code find_notes} mode not one of {@code hybrid}, {@code semantic} and {@code keyword}.
 * The message lists the valid modes.
 */
public final class InvalidModeException extends InvalidRequestException {
  private static final long serialVersionUID = 1L;

  public InvalidModeException(String message) {
    super(message);
  }
}
