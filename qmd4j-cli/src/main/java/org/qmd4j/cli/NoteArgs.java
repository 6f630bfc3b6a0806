package org.qmd4j.cli;

import java.util.ArrayList;
import java.util.List;
import org.qmd4j.search.SearchRequest;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options every typed command shares ({@code tasks}, {@code changelog}, {@code states},
 * {@code descriptions}, {@code buckets}): the query, the project, the limit, the mode and
 * {@code --json}. The names are the MCP tools' own, spelled as options.
 */
final class NoteArgs {
  @Option(names = "--project", paramLabel = "NAME",
      description = "Only this project's notes (projects/NAME/...), e.g. startup-x. Default: "
          + "every project, and the vault's root file too where there is one.")
  String project;

  @Option(names = "--limit", defaultValue = "20", paramLabel = "N",
      description = "Maximum number of results.")
  int limit;

  @Option(names = "--mode", defaultValue = "fast", paramLabel = "fast|deep",
      description = "fast: BM25 ranking of QUERY. deep: qmd's hybrid search (keyword lists "
          + "fused by rank with the embedded engine).")
  String mode;

  @Option(names = "--json", description = "Print {results, total, totalExact} as JSON and "
      + "nothing else: one object per record with the Java record's fields (absent values "
      + "null), and how many there are before --limit (totalExact false: at least that many).")
  boolean json;

  @Parameters(arity = "0..*", paramLabel = "QUERY", showDefaultValue = Visibility.NEVER,
      description = "Words to rank the results by; several arguments are joined with spaces. "
          + "Default: '*', every result of the filters, newest first.")
  List<String> query = new ArrayList<>();

  /** The query: the words joined, or {@code "*"} when none is given. */
  String query() {
    return query.isEmpty() ? SearchRequest.WILDCARD : String.join(" ", query);
  }
}
