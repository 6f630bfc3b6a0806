package org.qmd4j.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.qmd4j.Searcher;
import org.qmd4j.catalogue.Operations;
import org.qmd4j.catalogue.ReadArgs;
import org.qmd4j.cli.daemon.SearcherSource;
import org.qmd4j.concat.Block;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code qmd4j read}: one vault file, or a range of its lines, with its header. */
@Command(name = "read", mixinStandardHelpOptions = true,
    description = {
        "Prints one vault file, or a range of its lines, headed by '## path' or "
            + "'## path (lines A-B)'.",
        "Same rules as concat: a range past the end is clamped; only files inside the vault "
            + "can be read."})
final class ReadCommand implements Callable<Integer> {
  private final CliContext context;

  @Spec CommandSpec spec;
  @Mixin VaultOption vault;

  ReadCommand(CliContext context) {
    this.context = context;
  }

  @Parameters(index = "0", paramLabel = "PATH[:FROM-TO]",
      description = "Vault-relative path, optionally with a line range, e.g. "
          + "projects/startup-x/changelog.md:21-45, or a wiki link such as '[[Note Name]]' "
          + "(the note it names, resolved as Obsidian does).")
  String path;

  @Override
  public Integer call() {
    Function<Searcher, Block> read = Operations.READ.bind(new ReadArgs(path, null, null));
    Block block;
    try (SearcherSource.Lease lease = ConcatCommand.openForReading(context, vault)) {
      block = read.apply(lease.searcher());
    }
    PrintWriter out = spec.commandLine().getOut();
    out.println(block.markdown());
    out.flush();
    return ExitCodes.OK;
  }
}
