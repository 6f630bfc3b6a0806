package org.qmd4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code qmd4j doctor}: which engine runs for a vault, why, and what it can do. */
@Command(name = "doctor", mixinStandardHelpOptions = true,
    description = "Says which engine runs for the vault and why: binary, versions, index, "
        + "collection, documents indexed, whether deep search can run.")
final class DoctorCommand implements Callable<Integer> {
  private final SearchOptions base;

  @Spec CommandSpec spec;
  @Mixin VaultOption vault;

  @Option(names = "--json", description = "Print a JSON object instead of lines.")
  boolean json;

  @Mixin EngineOption engine;

  DoctorCommand(SearchOptions base) {
    this.base = base;
  }

  @Override
  public Integer call() throws JsonProcessingException {
    Map<String, String> facts = new LinkedHashMap<>();
    try (Searcher searcher = SearchProviders.forVault(vault.resolve(),
        vault.applyTo(engine.applyTo(base)))) {
      facts.putAll(searcher.diagnostics());
      searcher.nothingIndexed().ifPresent(why -> facts.put("indexed", why.message()));
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(facts));
    } else {
      int width = facts.keySet().stream().mapToInt(String::length).max().orElse(0);
      facts.forEach((k, v) -> out.printf("%-" + width + "s  %s%n", k, v));
    }
    out.flush();
    return ExitCodes.OK;
  }
}
