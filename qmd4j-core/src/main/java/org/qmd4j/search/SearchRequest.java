package org.qmd4j.search;

import java.util.Objects;
import java.util.Optional;

/**
 * One search: what to look for, how hard, where and when. Immutable; derive variants with
 * the {@code withX} methods.
 *
 * <pre>{@code
 * SearchRequest request = SearchRequest.of("[décision]")
 *     .withScope(Scope.parse("project:startup-x"))
 *     .withFrom(DateSpec.parse("3 months ago"))
 *     .withLimit(5);
 * }</pre>
 *
 * @param query the text to look for; {@code "*"} for every chunk in the scope and period
 * @param mode {@link Mode#FAST} or {@link Mode#DEEP}
 * @param scope the part of the vault to cover
 * @param from inclusive lower date bound, if any
 * @param to inclusive upper date bound, if any
 * @param limit maximum number of results, at least 1
 */
public record SearchRequest(
    String query,
    Mode mode,
    Scope scope,
    Optional<DateSpec> from,
    Optional<DateSpec> to,
    int limit) {

  /** The number of results returned when no limit is given. */
  public static final int DEFAULT_LIMIT = 20;

  /**
   * The longest query accepted, in characters (about 1,500 words). Longer text is refused
   * before any work is done, so a pasted document fails fast instead of tying up the engine;
   * a shorter long query is answered with its {@code 16} strongest words.
   */
  public static final int MAX_QUERY_LENGTH = 10_000;

  /** The query that returns every chunk in the scope and period, newest first. */
  public static final String WILDCARD = "*";

  /**
   * Validates every field.
   *
   * @throws InvalidQueryException if the query is empty or blank, or longer than {@link
   *     #MAX_QUERY_LENGTH}
   * @throws InvalidRequestException if the limit is below 1
   */
  public SearchRequest {
    Objects.requireNonNull(query, "query == null");
    Objects.requireNonNull(mode, "mode == null");
    Objects.requireNonNull(scope, "scope == null");
    Objects.requireNonNull(from, "from == null");
    Objects.requireNonNull(to, "to == null");
    if (query.length() > MAX_QUERY_LENGTH) {
      throw new InvalidQueryException("The query is " + query.length() + " characters long;"
          + " the limit is " + MAX_QUERY_LENGTH + " characters: search with its key words");
    }
    if (isBlank(query)) {
      throw new InvalidQueryException(
          "The query is empty; pass some words, or \"*\" for every chunk");
    }
    if (limit < 1) {
      throw new InvalidRequestException("Expected a limit of at least 1 but was " + limit);
    }
  }

  // String.isBlank misses no-break spaces (U+00A0, U+202F), which Unicode calls space separators.
  private static boolean isBlank(String s) {
    return s.codePoints().allMatch(c -> Character.isWhitespace(c) || Character.isSpaceChar(c));
  }

  /** A fast search of the whole vault, with no date bounds and the default limit. */
  public static SearchRequest of(String query) {
    return new SearchRequest(
        query, Mode.FAST, Scope.vault(), Optional.empty(), Optional.empty(), DEFAULT_LIMIT);
  }

  /**
   * The request of {@code search(query, mode, scope, date_from, date_to)}, from
   * strings as an agent or a command line passes them; {@code null} means "not given". An
   * empty or blank mode or scope is refused (see {@link Scope#parse}, {@link Mode#parse}); a
   * blank date is "not given".
   *
   * @throws InvalidRequestException (a subclass of it) naming the bad value
   */
  public static SearchRequest parse(
      String query, String mode, String scope, String dateFrom, String dateTo) {
    return new SearchRequest(
        Objects.requireNonNull(query, "query == null"),
        mode == null ? Mode.FAST : Mode.parse(mode),
        Scope.parse(scope),
        Optional.ofNullable(dateFrom).filter(s -> !s.isBlank())
            .map(s -> DateSpec.parse(s, "date_from")),
        Optional.ofNullable(dateTo).filter(s -> !s.isBlank())
            .map(s -> DateSpec.parse(s, "date_to")),
        DEFAULT_LIMIT);
  }

  /** Whether this is the {@code "*"} query. */
  public boolean isWildcard() {
    return query.strip().equals(WILDCARD);
  }

  public SearchRequest withQuery(String query) {
    return new SearchRequest(query, mode, scope, from, to, limit);
  }

  public SearchRequest withMode(Mode mode) {
    return new SearchRequest(query, mode, scope, from, to, limit);
  }

  public SearchRequest withScope(Scope scope) {
    return new SearchRequest(query, mode, scope, from, to, limit);
  }

  public SearchRequest withFrom(DateSpec from) {
    return new SearchRequest(query, mode, scope, Optional.of(from), to, limit);
  }

  public SearchRequest withTo(DateSpec to) {
    return new SearchRequest(query, mode, scope, from, Optional.of(to), limit);
  }

  public SearchRequest withLimit(int limit) {
    return new SearchRequest(query, mode, scope, from, to, limit);
  }
}
