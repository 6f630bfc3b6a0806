package org.qmd4j.spi;

import java.util.Objects;
import org.qmd4j.search.Mode;

/**
 * A search as an engine receives it: validated, its text cleaned, its dates resolved against
 * the clock and checked for order, its scope compiled into a {@link ChunkFilter}. Built once
 * per call by the {@code Searcher}, for {@code search}, {@code find} and the typed facade alike.
 *
 * @param text the query text, one line, stripped; {@link #WILDCARD} lists every chunk
 * @param mode fast or deep
 * @param filter the chunks that may be returned
 * @param limit the most chunks to return, at least 1
 * @since 0.2
 */
public record EngineQuery(String text, Mode mode, ChunkFilter filter, int limit) {
  /** The query that lists every chunk passing the filter, newest first. */
  public static final String WILDCARD = "*";

  /** Checks the components: non-blank one-line text, a positive limit. */
  public EngineQuery {
    Objects.requireNonNull(text, "text == null");
    Objects.requireNonNull(mode, "mode == null");
    Objects.requireNonNull(filter, "filter == null");
    if (text.isBlank() || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
      throw new IllegalArgumentException(
          "Expected a non-blank one-line query text but was '" + text + "'");
    }
    if (limit < 1) throw new IllegalArgumentException("Expected a limit >= 1 but was " + limit);
  }

  /** Whether this query lists every chunk ({@code *}) instead of ranking by relevance. */
  public boolean isWildcard() {
    return text.equals(WILDCARD);
  }
}
