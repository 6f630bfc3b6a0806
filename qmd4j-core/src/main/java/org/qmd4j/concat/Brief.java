package org.qmd4j.concat;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.search.Total;

/**
 * A question turned into a ready-to-read markdown document: the search results, an overview
 * of them, and the files or line ranges around them.
 *
 * @param request the search as asked
 * @param results the chunks found, best first; empty when nothing matched
 * @param document the assembled document (overview, then the blocks)
 * @param corrected the query words the search corrected (typed to searched), as {@link
 *     org.qmd4j.search.SearchResponse#corrected()}; the overview says so first
 * @param suggestions when nothing matched, queries that would; the overview offers them
 * @param total how many chunks the search found before its limit, as {@link
 *     org.qmd4j.search.SearchResponse#total()}
 * @since 0.1
 */
public record Brief(SearchRequest request, List<SearchResult> results,
    ConcatDocument document, Map<String, String> corrected, List<String> suggestions,
    Total total) {
  public Brief {
    Objects.requireNonNull(request, "request == null");
    results = List.copyOf(results);
    Objects.requireNonNull(document, "document == null");
    corrected = Collections.unmodifiableMap(new LinkedHashMap<>(corrected));
    suggestions = List.copyOf(suggestions);
    Objects.requireNonNull(total, "total == null");
    if (total.value() < results.size()) {
      throw new IllegalArgumentException("Expected a total of at least " + results.size()
          + " but was " + total);
    }
  }

  /** A brief of a search that left no result out. */
  public Brief(SearchRequest request, List<SearchResult> results, ConcatDocument document,
      Map<String, String> corrected, List<String> suggestions) {
    this(request, results, document, corrected, suggestions, Total.exactly(results.size()));
  }

  /** A brief of a search that corrected nothing, suggested nothing and left nothing out. */
  public Brief(SearchRequest request, List<SearchResult> results, ConcatDocument document) {
    this(request, results, document, Map.of(), List.of());
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
