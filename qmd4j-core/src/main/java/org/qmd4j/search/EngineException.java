package org.qmd4j.search;

/**
 * Thrown when the environment fails a valid request: the index cannot be read or written,
 * the vault cannot be read, or the qmd binary is missing, fails, times out or prints output
 * that cannot be parsed. The cause, when there is one, is kept.
 */
public class EngineException extends SearchException {
  private static final long serialVersionUID = 1L;

  public EngineException(String message) {
    super(message);
  }

  public EngineException(String message, Throwable cause) {
    super(message, cause);
  }
}
