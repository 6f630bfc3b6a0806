package org.qmd4j.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.qmd4j.EngineChoice;
import org.qmd4j.Searcher;
import org.qmd4j.catalogue.ConcatArgs;
import org.qmd4j.catalogue.Operations;
import org.qmd4j.cli.daemon.SearcherSource;
import org.qmd4j.concat.ConcatDocument;
import org.qmd4j.spi.IndexProgress;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code qmd4j concat}: vault files, whole or by line ranges, as one markdown document. */
@Command(name = "concat", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = {
        "Prints vault files, whole or by line ranges, as one markdown document: the overview, "
            + "a --- line, then one '## path' or '## path (lines A-B)' block each.",
        "Ranges of one file that overlap or touch are merged; a range past the end is "
            + "clamped; a block over 1 MiB is cut with a marker.",
        "Only files inside the vault can be read: absolute paths, '..', links leading "
            + "outside and folders are refused (exit 2)."})
final class ConcatCommand implements Callable<Integer> {
  private final CliContext context;

  @Spec CommandSpec spec;
  @Mixin VaultOption vault;

  ConcatCommand(CliContext context) {
    this.context = context;
  }

  @Option(names = "--overview", paramLabel = "TEXT", defaultValue = "",
      showDefaultValue = Visibility.NEVER,
      description = "Text printed before the --- line. Default: none.")
  String overview;

  @Parameters(arity = "1..*", paramLabel = "PATH[:FROM-TO]",
      description = "Vault-relative path with / separators, optionally with a 1-based "
          + "inclusive line range, e.g. projects/startup-x/changelog.md:21-45.")
  List<String> paths;

  @Override
  public Integer call() {
    Function<Searcher, ConcatDocument> concat =
        Operations.CONCAT.bind(new ConcatArgs(paths, overview));
    ConcatDocument document;
    try (SearcherSource.Lease lease = openForReading(context, vault)) {
      document = concat.apply(lease.searcher());
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(document.markdown());
    out.flush();
    return ExitCodes.OK;
  }

  /**
   * A searcher for commands that only read files: no search runs, so the embedded engine
   * with an in-memory index is enough, and nothing is written to the cache.
   */
  static SearcherSource.Lease openForReading(CliContext context, VaultOption vault) {
    return context.open(vault, vault.applyTo(context.base().withProgress(IndexProgress.NONE)
        .withEngine(EngineChoice.EMBEDDED).withInMemoryIndex(true).withWatch(false)));
  }
}
