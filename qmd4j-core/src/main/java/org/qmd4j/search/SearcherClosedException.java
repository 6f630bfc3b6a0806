package org.qmd4j.search;

/**
 * Thrown when a {@code Searcher} is used after {@code close()}, or was closed while the call
 * ran: its index and processes are released, so it can no longer answer. Open a new one with
 * {@code SearchProviders.forVault} (a long-lived application keeps one open and closes it
 * last).
 *
 * @since 0.3
 */
public final class SearcherClosedException extends EngineException {
  private static final long serialVersionUID = 1L;

  public SearcherClosedException(String message, Throwable cause) {
    super(message, cause);
  }
}
