package org.qmd4j.search;

/**
 * Thrown when the query is empty or blank (pass some text, or {@code "*"} for every chunk),
 * or longer than {@link SearchRequest#MAX_QUERY_LENGTH} characters (search with key words).
 */
public final class InvalidQueryException extends InvalidRequestException {
  private static final long serialVersionUID = 1L;

  public InvalidQueryException(String message) {
    super(message);
  }
}
