package org.qmd4j.cli;

import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.qmd4j.SearchOptions;
import org.qmd4j.Searcher;
import org.qmd4j.search.NothingIndexed;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResponse;

/**
 * {@code qmd4j search} without picocli, for the common, well-formed command lines: picocli
 * builds its model by reflection and its Java 5 classes are verified at every start, which
 * costs about as much as the search itself. Anything this parser does not fully understand
 * (help, version, an unknown or repeated option, a bad number, no query) is left to picocli,
 * so the messages and exit codes stay picocli's. The output and failures are those of
 * {@link SearchCommand}, whose options this mirrors (a test runs both on the same arguments).
 */
final class FastSearch {
  private static final Set<String> VALUED = Set.of("--vault", "--mode", "--scope", "--from",
      "--to", "--limit", "--engine", "--color", "--layout", "--model");

  private final VaultOption vault = new VaultOption();
  private final SearchArgs search = new SearchArgs();
  private static final Set<String> FLAGS = Set.of("--json", "--vimgrep", "--quiet", "-v",
      "--verbose", "--no-daemon");

  private boolean json;
  private boolean vimgrep;
  private ResultPrinter.ColorChoice color = ResultPrinter.ColorChoice.AUTO;

  private FastSearch() {
    search.mode = "fast";
    search.limit = 20;
    search.engine = new EngineOption();
    search.engine.engine = "auto";
    search.query = new ArrayList<>();
  }

  /**
   * Runs {@code args} (starting with {@code search}) when they are plain, else returns null.
   *
   * @return the exit code, or null to let picocli handle the command line
   */
  static Integer run(String[] args, SearchOptions base, ProgressPrinter progress,
      PrintWriter out, PrintWriter err) {
    FastSearch parsed = parse(args);
    if (parsed == null) return null;
    progress.quiet(parsed.vault.quiet);
    try {
      SearchRequest request = parsed.search.request();
      SearchResponse response;
      Optional<NothingIndexed> nothing;
      try (Searcher searcher = parsed.search.engine.open(parsed.vault.resolve(),
          parsed.vault.applyTo(parsed.search.options(base)))) {
        response = searcher.answer(request);
        nothing = SearchCommand.whyEmpty(searcher, response.results());
      }
      SearchCommand.print(out, err, response, request.query(),
          SearchCommand.Output.of(parsed.json, parsed.vimgrep), parsed.vault.resolve(),
          ResultPrinter.colors(parsed.color, base.environment()), nothing);
      return ExitCodes.OK;
    } catch (Exception e) {
      return Failures.report(e, err, parsed.vault);
    }
  }

  /** The parsed command line, or null when picocli should handle it. */
  static FastSearch parse(String[] args) {
    if (args.length < 2 || !args[0].equals("search")) return null;
    FastSearch f = new FastSearch();
    Set<String> seen = new HashSet<>();
    int i = 1;
    for (; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--")) {
        i++;
        break;
      }
      if (!a.startsWith("-")) {
        f.search.query.add(a);
        continue;
      }
      String name = a;
      String value = null;
      int eq = a.indexOf('=');
      if (eq > 0) {
        name = a.substring(0, eq);
        value = a.substring(eq + 1);
      }
      // picocli says "should be specified only once" (-v and --verbose are one option)
      if (!seen.add(name.equals("-v") ? "--verbose" : name)) return null;
      if (FLAGS.contains(name)) {
        if (value != null) return null;
        if (name.equals("--json")) f.json = true;
        else if (name.equals("--vimgrep")) f.vimgrep = true;
        else if (name.equals("--quiet")) f.vault.quiet = true;
        else if (name.equals("--no-daemon")) f.vault.noDaemon = true; // read by DaemonClient
        else f.vault.verbose = true; // the log level was set from the arguments by Main
        continue;
      }
      if (!VALUED.contains(name)) return null; // help, version, typos: picocli's job
      if (value == null) {
        if (i + 1 >= args.length || args[i + 1].startsWith("-")) return null;
        value = args[++i];
      }
      if (!f.set(name, value)) return null;
    }
    for (; i < args.length; i++) f.search.query.add(args[i]);
    if (f.json && f.vimgrep) return null; // SearchCommand refuses the pair
    return f.search.query.isEmpty() ? null : f;
  }

  private boolean set(String name, String value) {
    switch (name) {
      case "--vault":
        try {
          vault.vault = Path.of(value);
          return true;
        } catch (InvalidPathException e) {
          return false;
        }
      case "--mode": search.mode = value; return true;
      case "--scope": search.scope = value; return true;
      case "--from": search.from = value; return true;
      case "--to": search.to = value; return true;
      case "--engine": search.engine.engine = value; return true;
      case "--layout": vault.layout.layout = value; return true;
      case "--model": vault.model.folder = value; return true;
      case "--color":
        for (ResultPrinter.ColorChoice c : ResultPrinter.ColorChoice.values()) {
          if (c.toString().equalsIgnoreCase(value)) {
            color = c;
            return true;
          }
        }
        return false; // picocli's message lists the valid values
      case "--limit":
        try {
          search.limit = Integer.parseInt(value);
          return true;
        } catch (NumberFormatException e) {
          return false; // picocli's message: "Invalid value for option '--limit'"
        }
      default: return false;
    }
  }
}
