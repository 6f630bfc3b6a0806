package org.qmd4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.NothingIndexed;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResponse;
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

  @Option(names = "--json", description = "Print a JSON array of {path, chunk, score, lines, "
      + "matchType, matches, [date], [corrected]} and nothing else; see the README.")
  boolean json;

  @Option(names = "--color", defaultValue = "auto", paramLabel = "auto|always|never",
      description = "Colour paths, line numbers and matched words: auto (on a terminal, "
          + "unless NO_COLOR is set), always or never.")
  ResultPrinter.ColorChoice color;

  SearchCommand(SearchOptions base) {
    this.base = base;
  }

  @Override
  public Integer call() throws JsonProcessingException {
    SearchRequest request = search.request();
    SearchResponse response;
    Optional<NothingIndexed> nothing;
    try (Searcher searcher = SearchProviders.forVault(vault.resolve(),
        vault.applyTo(search.options(base)))) {
      response = searcher.answer(request);
      nothing = whyEmpty(searcher, response.results());
    }
    print(spec.commandLine().getOut(), spec.commandLine().getErr(), response, request.query(),
        json, ResultPrinter.colors(color, base.environment()), nothing);
    return ExitCodes.OK;
  }

  /**
   * Why nothing could match, when {@code results} is empty because the vault has no indexed
   * file; shared with {@link FastSearch} and {@link BriefCommand}.
   */
  static Optional<NothingIndexed> whyEmpty(Searcher searcher, List<SearchResult> results) {
    return results.isEmpty() ? searcher.nothingIndexed() : Optional.empty();
  }

  /**
   * Prints the response as JSON (notices on {@code err}, so that {@code out} stays one JSON
   * array) or as a listing; shared with {@link FastSearch}.
   */
  static void print(PrintWriter out, PrintWriter err, SearchResponse response, String query,
      boolean json, boolean color, Optional<NothingIndexed> nothing)
      throws JsonProcessingException {
    if (nothing.isPresent()) { // not "No result": nothing could have matched (issue 16)
      if (json) out.println("[]");
      err.println(nothing.get().message());
    } else if (json) {
      out.println(toJson(response.results()));
      if (!response.corrected().isEmpty()) err.println(response.correctionNotice());
      if (!response.suggestions().isEmpty()) err.println(response.suggestionNotice());
    } else {
      new ResultPrinter(out, color).print(response, query);
    }
    out.flush();
    err.flush();
  }

  /**
   * The seed array {@code [{path, chunk, score, lines, ...}]}, scores with two decimals, each
   * row as {@link SearchResult#toWire()} writes it.
   */
  static String toJson(List<SearchResult> results) throws JsonProcessingException {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (SearchResult r : results) rows.add(r.toWire());
    return Json.MAPPER.writeValueAsString(rows);
  }
}
