package org.qmd4j.search;

/**
 * Thrown when qmd exits with an error. The message holds the command, the exit code and the
 * tail of qmd's stderr; {@code qmd doctor} and {@code qmd4j doctor} help find out why.
 */
public final class QmdFailedException extends EngineException {
  private static final long serialVersionUID = 1L;
  private final int exitCode;
  private final String stderrTail;

  public QmdFailedException(String message, int exitCode, String stderrTail) {
    super(message);
    this.exitCode = exitCode;
    this.stderrTail = stderrTail;
  }

  /** qmd's exit code. */
  public int exitCode() {
    return exitCode;
  }

  /** The last lines qmd wrote on stderr. */
  public String stderrTail() {
    return stderrTail;
  }
}
