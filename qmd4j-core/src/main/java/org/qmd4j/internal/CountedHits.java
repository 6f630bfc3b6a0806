package org.qmd4j.internal;

import java.util.List;
import org.qmd4j.search.Total;
import org.qmd4j.spi.Hit;

/**
 * The hits of one search, at most its limit, and how many chunks passed in all.
 *
 * @param hits the hits, best first
 * @param total how many chunks pass the search, exactly or at least; never below the hits
 */
public record CountedHits(List<Hit> hits, Total total) {
  public CountedHits {
    hits = List.copyOf(hits);
    if (total.value() < hits.size()) {
      throw new IllegalArgumentException("Expected a total of at least " + hits.size()
          + " but was " + total);
    }
  }
}
