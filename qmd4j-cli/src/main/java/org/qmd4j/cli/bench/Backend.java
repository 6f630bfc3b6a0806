package org.qmd4j.cli.bench;

import java.util.List;

/** One way of answering a fixture's queries: an engine in a mode, or qmd's own search. */
public interface Backend {
  /** Its name in the table and the JSON, e.g. {@code embedded/fast} or {@code qmd-search}. */
  String name();

  /**
   * The files that answer {@code query}, best first, each once, at most {@code limit}.
   *
   * @throws org.qmd4j.search.SearchException if the engine fails or refuses the query
   */
  List<String> files(String query, int limit);
}
