package org.qmd4j.catalogue;

import org.qmd4j.search.SearchRequest;

/**
 * The arguments of {@code search}: a query, and the mode, scope, period and limit of
 * {@link SearchRequest}.
 *
 * @since 0.6
 */
public record SearchArgs(
    @Param(value = "Words to look for. Case, accents, French elisions and plurals are folded "
        + "(bloque = bloqué, l'API = api). Tags such as [décision] and lines such as 'status: "
        + "bloqué' rank their exact form first. Identifiers and dates are found as written "
        + "(startup-x, 2025-07-14). '*' returns every chunk of the scope and period, newest "
        + "first. \"two words\" finds them adjacent, in this order; -word, -\"two words\", -[tag] "
        + "and -#tag leave out the chunks holding them (a query of exclusions alone is an "
        + "error). Full syntax: docs/query-syntax.md.", required = true)
    String query,
    @Param(value = Descriptions.SEARCH_MODE, defaultValue = "fast", allowed = {"fast", "deep"})
    String mode,
    @Param(Descriptions.SCOPE)
    String scope,
    @Param(Descriptions.DATE_FROM)
    String dateFrom,
    @Param(Descriptions.DATE_TO)
    String dateTo,
    @Param(value = "Maximum number of chunks returned.", defaultValue = "20", minimum = 1)
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
