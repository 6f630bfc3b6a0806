package org.qmd4j.search;

/**
 * Thrown when the query is empty or blank (pass some text, or {@code "*"} for every chunk),
 * longer than {@link SearchRequest#MAX_QUERY_LENGTH} characters (search with key words), or
 * only excludes ({@code -word}, {@code -"phrase"}: add a word, a phrase or a tag to search for,
 * or {@code *}).
 */
public final class InvalidQueryException extends InvalidRequestException {
  private static final long serialVersionUID = 1L;

  public InvalidQueryException(String message) {
    super(message);
  }
}
