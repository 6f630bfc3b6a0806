package org.qmd4j.search;

/**
 * The one exception family of qmd4j. Unchecked. Two branches say who must act:
 * {@link InvalidRequestException} (the caller passed something invalid: fix the input) and
 * {@link EngineException} (the environment failed: the index, the vault on disk or the qmd
 * binary). Every message says what was wrong and, for input, what is valid.
 */
public abstract class SearchException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  SearchException(String message) {
    super(message);
  }

  SearchException(String message, Throwable cause) {
    super(message, cause);
  }
}
