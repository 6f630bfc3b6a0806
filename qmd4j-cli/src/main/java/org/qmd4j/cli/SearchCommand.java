package org.qmd4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.qmd4j.SearchOptions;
import org.qmd4j.Searcher;
import org.qmd4j.cli.daemon.SearcherSource;
import org.qmd4j.search.NothingIndexed;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResponse;
import org.qmd4j.search.SearchResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code qmd4j search}: ranked chunks of the vault for a query. */
@Command(name = "search", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = {
        "Searches the vault and prints the best chunks, best first.",
        "QUERY '*' lists every chunk in the scope and period, newest first."})
final class SearchCommand implements Callable<Integer> {

  private final CliContext context;
  private final SearchOptions base;

  @Spec CommandSpec spec;
  @Mixin VaultOption vault;
  @Mixin SearchArgs search;

  @Option(names = "--json", description = "Print {results: [{path, chunk, score, lines, "
      + "matchType, matches, [date], [corrected]}], corrected, suggestions, total, totalExact} "
      + "and nothing else; total counts the results before --limit; see docs/cli.md.")
  boolean json;

  @Option(names = "--vimgrep", description = "Print path:line:col:text for each matched line, "
      + "as editors and grep read them (col in characters, 1-based); notices on stderr.")
  boolean vimgrep;

  @Option(names = "--color", defaultValue = "auto", paramLabel = "auto|always|never",
      description = "Colour paths, line numbers and matched words: auto (on a terminal, "
          + "unless NO_COLOR is set), always or never.")
  ResultPrinter.ColorChoice color;

  SearchCommand(CliContext context) {
    this.context = context;
    this.base = context.base();
  }

  @Override
  public Integer call() throws JsonProcessingException {
    if (json && vimgrep) {
      throw new ParameterException(spec.commandLine(),
          "--json and --vimgrep are two output formats; pass one of them");
    }
    SearchRequest request = search.request();
    SearchResponse response;
    Optional<NothingIndexed> nothing;
    try (SearcherSource.Lease lease = context.open(vault, vault.applyTo(search.options(base)))) {
      Searcher searcher = lease.searcher();
      response = searcher.answer(request);
      nothing = whyEmpty(searcher, response.results());
    }
    print(spec.commandLine().getOut(), spec.commandLine().getErr(), response, request.query(),
        Output.of(json, vimgrep), vault.resolve(),
        ResultPrinter.colors(color, base.environment()), nothing);
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
   * Prints the response as JSON or vimgrep lines (notices on {@code err}, so that {@code out}
   * stays machine-readable) or as a listing; shared with {@link FastSearch}. {@code vault} is
   * the folder as the user named it, which vimgrep paths start with. When {@code nothing} says
   * the vault has no indexed file, that is said on {@code err} instead of "No result".
   */
  static void print(PrintWriter out, PrintWriter err, SearchResponse response, String query,
      Output output, Path vault, boolean color, Optional<NothingIndexed> nothing)
      throws JsonProcessingException {
    if (nothing.isPresent()) { // not "No result": nothing could have matched
      if (output == Output.JSON) out.println(toJson(response));
      err.println(nothing.get().message());
    } else if (output == Output.LISTING) {
      new ResultPrinter(out, color).print(response, query);
    } else {
      if (output == Output.JSON) out.println(toJson(response));
      else new VimgrepPrinter(out, vault).print(response.results());
      if (!response.corrected().isEmpty()) err.println(response.correctionNotice());
      if (!response.alsoSearched().isEmpty()) err.println(response.alsoSearchedNotice());
      if (!response.suggestions().isEmpty()) err.println(response.suggestionNotice());
      if (output == Output.VIMGREP && !response.countNotice().isEmpty()) {
        err.println(countLine(response));
      }
    }
    out.flush();
    err.flush();
  }

  /**
   * {@code {results: [{path, chunk, score, lines, ...}], corrected, suggestions, total,
   * totalExact}} as {@link SearchResponse#toWire()} writes it (each row as {@link
   * SearchResult#toWire()}, scores with two decimals): the MCP tool's structured content.
   */
  static String toJson(SearchResponse response) throws JsonProcessingException {
    return Json.MAPPER.writeValueAsString(response.toWire());
  }

  /**
   * {@code (20 of 28 results; --limit to see more)}, or {@code (20 of at least 21 results;
   * ...)}: the line below results that leave some out, worded as the other listings'.
   */
  static String countLine(SearchResponse response) {
    return NoteCommand.countLine(response.results().size(), response.total(), "result",
        "results", "--limit");
  }

  /** What {@code out} carries: the listing, {@code --json} or {@code --vimgrep}. */
  enum Output {
    LISTING, JSON, VIMGREP;

    static Output of(boolean json, boolean vimgrep) {
      return json ? JSON : vimgrep ? VIMGREP : LISTING;
    }
  }
}
