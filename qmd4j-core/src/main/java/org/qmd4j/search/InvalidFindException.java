package org.qmd4j.search;

/**
 * Thrown when a {@code find_notes} request is invalid: no criterion at all, {@code sort}
 * relevance without a query, an unknown operator, sort or date type, a condition that is not
 * {@code FIELD OP VALUE}, a comparison with a value that is neither a date nor a number, a
 * folder outside the vault, a negative offset or fewer than one result asked. The message
 * says what is valid; fix the request and call again.
 *
 * @since 0.2
 */
public final class InvalidFindException extends InvalidRequestException {
  private static final long serialVersionUID = 1L;

  public InvalidFindException(String message) {
    super(message);
  }
}
