package org.qmd4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.qmd4j.EngineDescription;
import org.qmd4j.Searcher;
import org.qmd4j.catalogue.Operations;
import org.qmd4j.catalogue.TreeArgs;
import org.qmd4j.cli.daemon.SearcherSource;
import org.qmd4j.concat.VaultTree;
import org.qmd4j.search.NothingIndexed;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code qmd4j tree}: the vault's folders and files, marking the indexed ones. */
@Command(name = "tree", mixinStandardHelpOptions = true,
    description = {
        "Prints the vault's folders and files, sorted by name, indexed files followed by "
            + "their kind in brackets ([changelog], [tasks], [state], [description], "
            + "[bucket], [note]), then the vault's layout. When nothing is indexed, stderr "
            + "says why.",
        "Hidden entries and symbolic links are left out."})
final class TreeCommand implements Callable<Integer> {
  private final CliContext context;

  @Spec CommandSpec spec;
  @Mixin VaultOption vault;

  TreeCommand(CliContext context) {
    this.context = context;
  }

  @Option(names = "--json", description = "Print a JSON array of {path, type, indexed, kind}: "
      + "type is folder or file; kind is present for indexed files only.")
  boolean json;

  @Override
  public Integer call() throws JsonProcessingException {
    VaultTree tree;
    EngineDescription description;
    Optional<NothingIndexed> nothing;
    try (SearcherSource.Lease lease = ConcatCommand.openForReading(context, vault)) {
      Searcher searcher = lease.searcher();
      tree = Operations.TREE.call(searcher, new TreeArgs());
      description = searcher.describe();
      boolean none = tree.files().stream().noneMatch(VaultTree.Entry::indexed);
      nothing = none ? searcher.nothingIndexed() : Optional.empty();
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? toJson(tree) + "\n" : tree.render() + "layout: "
        + description.layout().wireName() + " (" + description.layoutReason() + ")\n");
    out.flush();
    PrintWriter err = spec.commandLine().getErr();
    nothing.ifPresent(why -> err.println(why.message()));
    err.flush();
    return ExitCodes.OK;
  }

  static String toJson(VaultTree tree) throws JsonProcessingException {
    return Json.MAPPER.writeValueAsString(tree.toWire());
  }
}
