package org.qmd4j.search;

/**
 * Thrown when a date cannot be parsed, does not exist, or {@code date_from} is after
 * {@code date_to}. The message quotes the value and lists the accepted forms.
 */
public final class InvalidDateException extends InvalidRequestException {
  private static final long serialVersionUID = 1L;

  public InvalidDateException(String message) {
    super(message);
  }
}
