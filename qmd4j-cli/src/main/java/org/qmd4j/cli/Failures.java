package org.qmd4j.cli;

import java.io.PrintWriter;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.SearchException;

/**
 * Exit codes and the one-line message of a failed command, shared by picocli's handlers
 * ({@link ExitCodes}) and the picocli-free {@link FastSearch}.
 */
final class Failures {
  private Failures() {}

  /** 2 for invalid input (the caller can fix it), 1 for anything else. */
  static int exitCode(Throwable e) {
    if (e instanceof InvalidRequestException || e instanceof IllegalArgumentException) {
      return ExitCodes.USAGE;
    }
    return ExitCodes.FAILURE;
  }

  /** Prints {@code e} as one message on {@code err}, never a stack trace; its exit code. */
  static int report(Exception e, PrintWriter err) {
    String prefix = e instanceof SearchException || e instanceof IllegalArgumentException
        ? "qmd4j: "
        : "qmd4j: unexpected error: ";
    err.println(prefix + e.getMessage());
    err.flush();
    return exitCode(e);
  }
}
