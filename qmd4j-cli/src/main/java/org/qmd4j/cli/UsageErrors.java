package org.qmd4j.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.qmd4j.ErrorMessages;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Prints a command line that cannot be parsed as at most two lines on stderr: the error with
 * the nearest valid option or command ("Unknown option: '--form'; did you mean --from?"),
 * then where the whole usage is ("See 'qmd4j search --help' for the options."). Picocli's
 * own handler prints the whole usage after the error, which buries the error under 60 lines.
 * Exit code 2.
 */
final class UsageErrors implements IParameterExceptionHandler {
  @Override
  public int handleParseException(ParameterException ex, String[] args) {
    CommandLine cmd = ex.getCommandLine();
    PrintWriter err = cmd.getErr();
    err.println(ex.getMessage() + nearest(ex, cmd));
    err.println("See '" + cmd.getCommandSpec().qualifiedName() + " --help' for the "
        + (cmd.getSubcommands().isEmpty() ? "options." : "commands and options."));
    err.flush();
    return ExitCodes.USAGE;
  }

  /** "; did you mean --from?" for an unknown option or command near a valid one, else "". */
  static String nearest(ParameterException ex, CommandLine cmd) {
    if (!(ex instanceof UnmatchedArgumentException)) return "";
    List<String> unmatched = ((UnmatchedArgumentException) ex).getUnmatched();
    if (unmatched.isEmpty()) return "";
    String arg = unmatched.get(0);
    List<String> candidates = new ArrayList<>();
    if (arg.startsWith("-")) {
      int equals = arg.indexOf('=');
      if (equals > 0) arg = arg.substring(0, equals);
      boolean longName = arg.startsWith("--");
      for (String name : cmd.getCommandSpec().optionsMap().keySet()) {
        if (name.startsWith("--") == longName) candidates.add(name);
      }
    } else {
      candidates.addAll(cmd.getSubcommands().keySet());
    }
    candidates.sort(null);
    List<String> near = ErrorMessages.nearest(arg, candidates, 1);
    if (!near.isEmpty()) return "; did you mean " + near.get(0) + "?";
    return looksLikeAnExclusion(arg, cmd) ? "; to leave out a word, put the query after -- ("
        + cmd.getCommandSpec().qualifiedName() + " -- budget " + arg + ") or quote it whole"
        : "";
  }

  /** A {@code -word} given to a command that takes a query: the query syntax's exclusion. */
  private static boolean looksLikeAnExclusion(String arg, CommandLine cmd) {
    return arg.length() > 1 && !arg.startsWith("--")
        && (Character.isLetterOrDigit(arg.codePointAt(1)) || "\"[#".indexOf(arg.charAt(1)) >= 0)
        && cmd.getCommandSpec().positionalParameters().stream()
            .anyMatch(p -> p.paramLabel().contains("QUERY"));
  }
}
