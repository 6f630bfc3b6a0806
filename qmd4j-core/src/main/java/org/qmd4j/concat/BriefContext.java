package org.qmd4j.concat;

import java.util.List;
import java.util.Objects;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * What an {@link OverviewWriter} sees: the question, what the search found and what the
 * brief includes.
 *
 * @param request the search as asked; {@code request.query()} is the question
 * @param results the chunks found, best first; empty when nothing matched
 * @param blocks the blocks the brief includes, in document order
 * @since 0.1
 */
public record BriefContext(SearchRequest request, List<SearchResult> results,
    List<Block> blocks) {
  public BriefContext {
    Objects.requireNonNull(request, "request == null");
    results = List.copyOf(results);
    blocks = List.copyOf(blocks);
  }

  /** The question: the query of the request. */
  public String question() {
    return request.query();
  }
}
