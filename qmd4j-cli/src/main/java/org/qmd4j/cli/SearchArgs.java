package org.qmd4j.cli;

import java.util.List;
import org.qmd4j.SearchOptions;
import org.qmd4j.search.SearchRequest;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The search options and query shared by {@code search} and {@code brief}. */
final class SearchArgs {
  @Option(names = "--mode", defaultValue = "fast", paramLabel = "fast|deep",
      description = "fast: BM25 keyword search, milliseconds. deep: qmd's hybrid search "
          + "(keyword lists fused by rank with the embedded engine).")
  String mode;

  @Option(names = "--scope", paramLabel = "SCOPE",
      description = HelpTexts.SCOPES)
  String scope;

  @Option(names = "--from", paramLabel = "DATE",
      description = "Inclusive lower date. Changelog chunks use their day; other files their "
          + "'updated' (notes: 'updated', 'date' or 'created', else the file's time). "
          + HelpTexts.DATES)
  String from;

  @Option(names = "--to", paramLabel = "DATE", description = "Inclusive upper date; same forms.")
  String to;

  @Option(names = "--limit", defaultValue = "20", paramLabel = "N",
      description = "Maximum number of results.")
  int limit;

  @Mixin EngineOption engine;

  @Parameters(arity = "1..*", paramLabel = "QUERY",
      description = "Words to look for; several arguments are joined with spaces. "
          + "\"two words\": adjacent, in this order. -word, -\"two words\": leave out the "
          + "chunks holding them; put such a query after -- or in one quoted argument "
          + "(qmd4j search -- budget -brouillon). Syntax: docs/query-syntax.md.")
  List<String> query;

  /** The request these options describe. */
  SearchRequest request() {
    return SearchRequest.parse(String.join(" ", query), mode, scope, from, to).withLimit(limit);
  }

  /** The searcher options: {@code base} with the chosen engine. */
  SearchOptions options(SearchOptions base) {
    return engine.applyTo(base);
  }
}
