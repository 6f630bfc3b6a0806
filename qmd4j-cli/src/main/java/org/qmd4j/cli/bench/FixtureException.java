package org.qmd4j.cli.bench;

import org.qmd4j.search.InvalidRequestException;

/**
 * Thrown when a benchmark fixture cannot be used: the file is missing or unreadable, is not
 * JSON, has no {@code queries} array, or a query lacks its text or expected files. The
 * message names the file, the query and the field, and says what a fixture holds; fix the
 * file and run again.
 */
public final class FixtureException extends InvalidRequestException {
  private static final long serialVersionUID = 1L;

  /** A fixture that cannot be used, for the reason in {@code message}. */
  public FixtureException(String message) {
    super(message);
  }
}
