package org.qmd4j.search;

/** Thrown when the query is empty or blank. Pass some text, or {@code "*"} for every chunk. */
public final class InvalidQueryException extends InvalidRequestException {
  private static final long serialVersionUID = 1L;

  public InvalidQueryException(String message) {
    super(message);
  }
}
