package org.qmd4j.cli;

import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IExitCodeExceptionMapper;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * Maps failures to exit codes and prints them as one message on stderr, never as a stack
 * trace: 2 for invalid input (the caller can fix it), 1 for anything else.
 */
final class ExitCodes implements IExitCodeExceptionMapper, IExecutionExceptionHandler {
  static final int OK = 0;
  static final int FAILURE = 1;
  static final int USAGE = 2;
  /** {@code bench}: an average is below its {@code --min-*} gate. */
  static final int GATE = 3;

  @Override
  public int getExitCode(Throwable e) {
    if (e instanceof CommandLine.ParameterException) return USAGE;
    return Failures.exitCode(e);
  }

  @Override
  public int handleExecutionException(Exception e, CommandLine cmd, ParseResult parseResult) {
    CommandLine.ParseResult last = parseResult;
    while (last.hasSubcommand()) last = last.subcommand();
    CommandLine.Model.CommandSpec mixin = last.commandSpec().mixins().get("vault");
    Object vault = mixin == null ? null : mixin.userObject();
    return Failures.report(e, cmd.getErr(), vault instanceof VaultOption ? (VaultOption) vault
        : null);
  }
}
