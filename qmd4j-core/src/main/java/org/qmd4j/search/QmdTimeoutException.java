package org.qmd4j.search;

/**
 * Thrown when qmd runs past its timeout; the process and its children have been killed.
 * Raise the timeout in {@code QmdOptions}, or use fast mode (deep mode loads models).
 */
public final class QmdTimeoutException extends EngineException {
  private static final long serialVersionUID = 1L;

  public QmdTimeoutException(String message) {
    super(message);
  }
}
