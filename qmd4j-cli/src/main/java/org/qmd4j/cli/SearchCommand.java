package org.qmd4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code qmd4j search}: ranked chunks of the vault for a query. */
@Command(name = "search", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = {
        "Searches the vault and prints the best chunks, best first.",
        "QUERY '*' lists every chunk in the scope and period, newest first."})
final class SearchCommand implements Callable<Integer> {

  private final SearchOptions base;

  @Spec CommandSpec spec;
  @Mixin VaultOption vault;
  @Mixin SearchArgs search;

  @Option(names = "--json",
      description = "Print a JSON array of {path, chunk, score, lines} and nothing else.")
  boolean json;

  SearchCommand(SearchOptions base) {
    this.base = base;
  }

  @Override
  public Integer call() throws JsonProcessingException {
    SearchRequest request = search.request();
    List<SearchResult> results;
    try (Searcher searcher = SearchProviders.forVault(vault.resolve(), search.options(base))) {
      results = searcher.search(request);
    }
    print(spec.commandLine().getOut(), results, request.query(), json);
    return ExitCodes.OK;
  }

  /** Prints the results as JSON or as a listing; shared with {@link FastSearch}. */
  static void print(PrintWriter out, List<SearchResult> results, String query, boolean json)
      throws JsonProcessingException {
    if (json) {
      out.println(toJson(results));
    } else {
      printListing(out, results, query);
    }
    out.flush();
  }

  /** The seed array: {@code [{path, chunk, score, lines}]}, scores with two decimals. */
  static String toJson(List<SearchResult> results) throws JsonProcessingException {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (SearchResult r : results) rows.add(r.toWire());
    return Json.MAPPER.writeValueAsString(rows);
  }

  private static void printListing(PrintWriter out, List<SearchResult> results, String query) {
    if (results.isEmpty()) {
      out.println("No result for: " + query);
      return;
    }
    for (SearchResult r : results) {
      out.printf("%s:%s  %.2f%n", r.path(), r.lines(), r.score());
      String[] lines = r.chunk().split("\n", -1);
      int shown = Math.min(lines.length, 4);
      for (int i = 0; i < shown; i++) out.println("    " + lines[i]);
      if (lines.length > shown) out.println("    … (" + (lines.length - shown) + " more lines)");
      out.println();
    }
  }
}
