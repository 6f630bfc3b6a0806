package org.qmd4j.cli;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.qmd4j.SearchOptions;
import org.qmd4j.Searcher;
import org.qmd4j.catalogue.BriefArgs;
import org.qmd4j.catalogue.Operations;
import org.qmd4j.cli.daemon.SearcherSource;
import org.qmd4j.concat.Brief;
import org.qmd4j.search.NothingIndexed;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code qmd4j brief}: a question turned into a ready-to-read markdown document. */
@Command(name = "brief", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = {
        "Searches the vault, then prints a markdown document: an overview of what was found "
            + "(2 to 5 lines), a --- line, and the files around the hits.",
        "States, descriptions and short files (at most 60 lines and 4 KiB) come whole; longer "
            + "files come as the hit's lines with 2 lines of context (plus the day line of a "
            + "changelog hit)."})
final class BriefCommand implements Callable<Integer> {
  private final CliContext context;
  private final SearchOptions base;

  @Spec CommandSpec spec;
  @Mixin VaultOption vault;
  @Mixin SearchArgs search;

  BriefCommand(CliContext context) {
    this.context = context;
    this.base = context.base();
  }

  @Override
  public Integer call() {
    Function<Searcher, Brief> answer = Operations.BRIEF.bind(new BriefArgs(
        String.join(" ", search.query), search.mode, search.scope, search.from, search.to,
        search.limit));
    Brief brief;
    Optional<NothingIndexed> nothing;
    try (SearcherSource.Lease lease = context.open(vault, vault.applyTo(search.options(base)))) {
      Searcher searcher = lease.searcher();
      brief = answer.apply(searcher);
      nothing = SearchCommand.whyEmpty(searcher, brief.results());
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(brief.markdown());
    out.flush();
    PrintWriter err = spec.commandLine().getErr();
    nothing.ifPresent(why -> err.println(why.message()));
    err.flush();
    return ExitCodes.OK;
  }
}
