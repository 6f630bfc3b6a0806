package org.qmd4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.qmd4j.Searcher;
import org.qmd4j.concat.VaultTree;
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
            + "[bucket]).",
        "Hidden entries and symbolic links are left out."})
final class TreeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin VaultOption vault;

  @Option(names = "--json", description = "Print a JSON array of {path, type, indexed, kind}: "
      + "type is folder or file; kind is present for indexed files only.")
  boolean json;

  @Override
  public Integer call() throws JsonProcessingException {
    VaultTree tree;
    try (Searcher searcher = ConcatCommand.openForReading(vault.resolve())) {
      tree = searcher.tree();
    }
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? toJson(tree) + "\n" : tree.render());
    out.flush();
    return ExitCodes.OK;
  }

  static String toJson(VaultTree tree) throws JsonProcessingException {
    return Json.MAPPER.writeValueAsString(tree.toWire());
  }
}
