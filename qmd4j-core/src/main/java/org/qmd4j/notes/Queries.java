package org.qmd4j.notes;

import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.InvalidQueryException;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.InvalidScopeException;
import org.qmd4j.search.SearchRequest;

/** Checks shared by the typed queries. */
final class Queries {
  private Queries() {}

  static String query(String query) {
    Objects.requireNonNull(query, "query == null");
    if (query.isBlank()) {
      throw new InvalidQueryException(
          "The query is empty; pass some words, or \"*\" for every note");
    }
    return query;
  }

  static Optional<String> project(Optional<String> project) {
    Objects.requireNonNull(project, "project == null");
    if (project.isPresent() && (project.get().isBlank() || project.get().contains("/"))) {
      throw new InvalidScopeException("Expected a project name such as startup-x but was '"
          + project.get() + "'");
    }
    return project.map(String::strip);
  }

  static Optional<String> filter(Optional<String> value, String name) {
    Objects.requireNonNull(value, name + " == null");
    return value.map(String::strip).filter(v -> !v.isEmpty());
  }

  static int limit(int limit) {
    if (limit < 1) {
      throw new InvalidRequestException("Expected a limit of at least 1 but was " + limit);
    }
    return limit;
  }

  static final String WILDCARD = SearchRequest.WILDCARD;
  static final int DEFAULT_LIMIT = SearchRequest.DEFAULT_LIMIT;
}
