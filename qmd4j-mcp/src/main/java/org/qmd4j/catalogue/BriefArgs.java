package org.qmd4j.catalogue;

import org.qmd4j.search.SearchRequest;

/**
 * The arguments of {@code brief}: those of {@code search}, for the hits the brief is built
 * from.
 *
 * @since 0.6
 */
public record BriefArgs(
    @Param(value = "The question or words to look for (same matching as search). The brief "
        + "searches, keeps whole short files (states, descriptions) and line ranges around the "
        + "hits of long ones (changelogs), and writes an overview.", required = true)
    String query,
    @Param(value = Descriptions.SEARCH_MODE, defaultValue = "fast", allowed = {"fast", "deep"})
    String mode,
    @Param(Descriptions.SCOPE)
    String scope,
    @Param(Descriptions.DATE_FROM)
    String dateFrom,
    @Param(Descriptions.DATE_TO)
    String dateTo,
    @Param(value = "Maximum number of search hits the brief is built from.", defaultValue = "20",
        minimum = 1)
    int limit) {

  /**
   * The search request.
   *
   * @throws IllegalArgumentException if the query is over {@link Arguments#MAX_QUERY_CHARS}
   * @throws org.qmd4j.search.InvalidRequestException if a mode, scope or date is not valid
   */
  public SearchRequest toRequest() {
    String q = Arguments.query(query);
    return SearchRequest.parse(q == null ? "" : q, mode, scope, dateFrom, dateTo)
        .withLimit(limit);
  }
}
