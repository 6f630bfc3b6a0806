package org.qmd4j.search;

/**
 * Thrown when the embedded engine cannot read the vault or write its index (disk full,
 * permissions). A damaged or outdated index is not an error: it is rebuilt and logged.
 */
public final class IndexException extends EngineException {
  private static final long serialVersionUID = 1L;

  public IndexException(String message, Throwable cause) {
    super(message, cause);
  }
}
