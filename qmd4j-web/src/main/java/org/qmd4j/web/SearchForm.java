package org.qmd4j.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.Mode;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;

/**
 * A search as a form or a URL gives it, every value a raw string ({@code null} when absent),
 * turned into a {@link SearchRequest} one field at a time so that an error names its field.
 *
 * @param query the words; {@code null} when the page was opened without a search
 * @param mode fast or deep
 * @param scope a scope name, blank for the whole vault
 * @param from the lower date bound
 * @param to the upper date bound
 * @param limit the maximum number of results
 */
record SearchForm(String query, String mode, String scope, String from, String to,
    String limit) {

  /**
   * The form of the page's URL: {@code q, mode, scope, from, to, limit}. An HTML form sends
   * every field, so an empty mode or scope here is a field left at "whole vault" or the
   * default mode, not a value; the API, like MCP and the CLI, refuses an empty one.
   */
  static SearchForm fromPage(HttpServletRequest r) {
    return new SearchForm(r.getParameter("q"), absentIfBlank(r.getParameter("mode")),
        absentIfBlank(r.getParameter("scope")), r.getParameter("from"), r.getParameter("to"),
        r.getParameter("limit"));
  }

  private static String absentIfBlank(String value) {
    return value == null || value.isBlank() ? null : value;
  }

  /** The form of the API, with MCP's names: {@code query, mode, scope, date_from, ...}. */
  static SearchForm fromApi(HttpServletRequest r) {
    return new SearchForm(r.getParameter("query"), r.getParameter("mode"),
        r.getParameter("scope"), r.getParameter("date_from"), r.getParameter("date_to"),
        r.getParameter("limit"));
  }

  /**
   * The request; a bad value throws {@link FieldException} naming the page's field
   * ({@code q, mode, scope, from, to, limit}) with the library's message.
   */
  SearchRequest toRequest() {
    return toRequest(Map.of());
  }

  /** The page's field names for the library's date parameters, as its messages show them. */
  static final Map<String, String> PAGE_NAMES = Map.of("date_from", "From", "date_to", "To");

  /** {@link #toRequest()} for the page: messages name its fields by their labels ({@code From}, {@code To}). */
  SearchRequest toPageRequest() {
    return toRequest(PAGE_NAMES);
  }

  private SearchRequest toRequest(Map<String, String> names) {
    List<FieldException> problems = problems(names);
    if (!problems.isEmpty()) throw problems.get(0);
    int max = blank(limit) ? SearchRequest.DEFAULT_LIMIT : Integer.parseInt(limit.strip());
    SearchRequest request;
    try {
      request = SearchRequest.parse(query == null ? "" : query, mode, scope, from, to);
    } catch (RuntimeException e) {
      throw new FieldException("q", e);
    }
    try {
      return request.withLimit(max);
    } catch (RuntimeException e) {
      throw new FieldException("limit", e);
    }
  }

  /**
   * Every field's error, each field checked alone, in the form's order (mode, scope, from,
   * to, limit), the page's names in the date messages: the page shows them all at once. The
   * words are checked by the request itself.
   */
  List<FieldException> pageProblems() {
    return problems(PAGE_NAMES);
  }

  private List<FieldException> problems(Map<String, String> names) {
    List<FieldException> out = new ArrayList<>();
    try {
      if (!blank(mode)) Mode.parse(mode);
    } catch (RuntimeException e) {
      out.add(new FieldException("mode", e));
    }
    try {
      Scope.parse(scope);
    } catch (RuntimeException e) {
      out.add(new FieldException("scope", e));
    }
    date(out, "from", from, "date_from", names);
    date(out, "to", to, "date_to", names);
    try {
      if (!blank(limit)) Integer.parseInt(limit.strip());
    } catch (NumberFormatException e) {
      out.add(new FieldException("limit", new IllegalArgumentException(
          "Expected a whole number of results, at least 1, but was '" + limit + "'")));
    }
    return out;
  }

  private static void date(List<FieldException> out, String field, String value,
      String parameter, Map<String, String> names) {
    try {
      if (!blank(value)) DateSpec.parse(value, parameter);
    } catch (InvalidDateException e) {
      out.add(new FieldException(field, e.named(names)));
    } catch (RuntimeException e) {
      out.add(new FieldException(field, e));
    }
  }

  /** This search with other words. */
  SearchForm withQuery(String words) {
    return new SearchForm(words, mode, scope, from, to, limit);
  }

  /** The page's query string for this search, without the leading {@code ?}. */
  String pageQuery() {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("q", query);
    params.put("mode", mode);
    params.put("scope", scope);
    params.put("from", from);
    params.put("to", to);
    params.put("limit", limit);
    StringBuilder sb = new StringBuilder();
    params.forEach((k, v) -> {
      if (blank(v)) return;
      if (sb.length() > 0) sb.append('&');
      sb.append(k).append('=').append(Html.url(v));
    });
    return sb.toString();
  }

  /** The value, or the empty string when absent. */
  static String or(String value) {
    return value == null ? "" : value;
  }

  static boolean blank(String s) {
    return s == null || s.isBlank();
  }
}
