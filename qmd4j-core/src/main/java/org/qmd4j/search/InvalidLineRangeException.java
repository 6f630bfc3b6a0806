package org.qmd4j.search;

/**
 * Thrown when a line range is malformed ({@code PATH:FROM-TO} that does not parse, a line
 * below 1, {@code FROM} after {@code TO}) or starts past the end of its file. The message
 * quotes the range and says what is valid; the caller fixes the range. A range that merely
 * ends past the end of its file is not an error: it is clamped.
 *
 * @since 0.1
 */
public final class InvalidLineRangeException extends InvalidRequestException {
  private static final long serialVersionUID = 1L;

  public InvalidLineRangeException(String message) {
    super(message);
  }
}
