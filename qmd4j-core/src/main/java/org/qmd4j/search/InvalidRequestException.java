package org.qmd4j.search;

/**
 * Thrown when a caller passes an invalid argument: an empty query, an unknown mode or
 * scope, an unparseable date, a date range in the wrong order, a vault that does not exist.
 * Retrying the same call fails the same way; the message says what is valid.
 */
public class InvalidRequestException extends SearchException {
  private static final long serialVersionUID = 1L;

  public InvalidRequestException(String message) {
    super(message);
  }
}
