package org.qmd4j.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;
import org.qmd4j.ErrorMessages;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.InvalidRequestException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Exit codes and the one-line message of a failed command, shared by picocli's handlers
 * ({@link ExitCodes}) and the picocli-free {@link FastSearch}.
 */
final class Failures {
  private static final Logger LOG = LoggerFactory.getLogger(Failures.class);

  /** The library's parameter names as the command line spells them. */
  static final Map<String, String> OPTION_NAMES = Map.of("date_from", "--from",
      "date_to", "--to", "date_start", "--date-start", "date_end", "--date-end",
      "deadline_before", "--deadline-before", "deadline_after", "--deadline-after");

  private Failures() {}

  /** 2 for invalid input (the caller can fix it), 1 for anything else. */
  static int exitCode(Throwable e) {
    if (e instanceof InvalidRequestException || e instanceof IllegalArgumentException) {
      return ExitCodes.USAGE;
    }
    return ExitCodes.FAILURE;
  }

  /**
   * Prints {@code e} as one message for people on {@code err}: what failed and what to do,
   * the vault as the user named it, never a stack trace or an exception class.
   * The details go to the log at debug level ({@code QMD4J_LOG=debug} shows them on stderr).
   *
   * @param vault the command's vault option, or null
   * @return the exit code
   */
  static int report(Exception e, PrintWriter err, VaultOption vault) {
    LOG.debug("The command failed", e);
    if (e instanceof InvalidDateException) e = ((InvalidDateException) e).named(OPTION_NAMES);
    String named = vault == null ? null : vault.named();
    String real = null;
    if (named != null) {
      try {
        real = vault.folder().toRealPath().toString();
      } catch (IOException | RuntimeException notThere) {
        real = null; // nothing to replace: the message cannot hold a path that does not exist
      }
    }
    String message = ErrorMessages.forPeople(e, real, named);
    if (message.equals(ErrorMessages.INTERNAL)) {
      message = "an internal error occurred; run again with QMD4J_LOG=debug to see the details,"
          + " and please report it";
    }
    err.println("qmd4j: " + message);
    err.flush();
    return exitCode(e);
  }
}
