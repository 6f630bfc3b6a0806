package org.qmd4j.search;

/**
 * Thrown when qmd's output cannot be used: not JSON, too large, or naming a file outside
 * the vault. Usually an incompatible qmd version; the message quotes the start of the output.
 */
public final class QmdOutputException extends EngineException {
  private static final long serialVersionUID = 1L;

  public QmdOutputException(String message) {
    super(message);
  }

  public QmdOutputException(String message, Throwable cause) {
    super(message, cause);
  }
}
