package org.qmd4j.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;

/** {@code qmd4j}: the root command; see its subcommands. */
@Command(
    name = "qmd4j",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Searches a markdown vault, with qmd when installed or an embedded engine.",
    subcommands = {SearchCommand.class, FindCommand.class, BriefCommand.class,
        ConcatCommand.class, ReadCommand.class, TreeCommand.class, DoctorCommand.class,
        McpCommand.class, ServeCommand.class, HelpCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:Success (also when nothing matched).",
        "1:Failure: index, vault on disk or engine.",
        "2:Invalid input: the message on stderr says what is valid."})
final class Qmd4jCommand {}
