package org.qmd4j.search;

/**
 * Thrown when a scope is unknown, or {@code project:} has no name. The message lists the
 * valid scopes.
 */
public final class InvalidScopeException extends InvalidRequestException {
  private static final long serialVersionUID = 1L;

  public InvalidScopeException(String message) {
    super(message);
  }
}
