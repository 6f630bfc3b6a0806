package org.qmd4j.concat;

import java.util.List;
import java.util.Objects;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * A question turned into a ready-to-read markdown document: the search results, an overview
 * of them, and the files or line ranges around them.
 *
 * @param request the search as asked
 * @param results the chunks found, best first; empty when nothing matched
 * @param document the assembled document (overview, then the blocks)
 * @since 0.1
 */
public record Brief(SearchRequest request, List<SearchResult> results,
    ConcatDocument document) {
  public Brief {
    Objects.requireNonNull(request, "request == null");
    results = List.copyOf(results);
    Objects.requireNonNull(document, "document == null");
  }

  /** The overview written for this brief. */
  public String overview() {
    return document.overview();
  }

  /** The blocks included, with their real line ranges. */
  public List<Block> blocks() {
    return document.blocks();
  }

  /** The whole brief as markdown. */
  public String markdown() {
    return document.markdown();
  }

  @Override
  public String toString() {
    return "Brief[" + request.query() + ": " + results.size() + " results, "
        + document.blocks() + "]";
  }
}
