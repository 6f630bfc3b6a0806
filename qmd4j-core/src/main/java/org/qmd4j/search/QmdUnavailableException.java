package org.qmd4j.search;

/**
 * Thrown when the qmd engine is required ({@link org.qmd4j.EngineChoice#QMD}) but cannot run: the
 * binary is missing, too old, or crashes at start. Install qmd 2.x (it needs Node 22 or
 * later), set {@code QMD4J_QMD_BINARY}, or use the embedded engine.
 */
public final class QmdUnavailableException extends EngineException {
  private static final long serialVersionUID = 1L;

  public QmdUnavailableException(String message) {
    super(message);
  }
}
