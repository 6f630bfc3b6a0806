package org.qmd4j.notes;

import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.Mode;

/**
 * What {@link org.qmd4j.Searcher#states} looks for: project states, of every project or of
 * one, updated in a period.
 *
 * @param query the words to look for; {@code "*"} (the default) for every state, newest first
 * @param project only this project's state; empty for every project
 * @param from inclusive lower bound on frontmatter {@code updated}; a state without a valid
 *     {@code updated} is left out as soon as a bound is given
 * @param to inclusive upper bound on frontmatter {@code updated}
 * @param limit maximum number of states, at least 1
 * @param mode {@link Mode#FAST} (default) or {@link Mode#DEEP}
 * @since 0.2
 */
public record StateQuery(String query, Optional<String> project, Optional<DateSpec> from,
    Optional<DateSpec> to, int limit, Mode mode) implements NoteQuery<ProjectState> {
  /**
   * Validates the query.
   *
   * @throws org.qmd4j.search.InvalidQueryException if the query is blank
   * @throws org.qmd4j.search.InvalidScopeException if the project is blank or holds a {@code /}
   * @throws org.qmd4j.search.InvalidRequestException if the limit is below 1
   */
  public StateQuery {
    query = Queries.query(query);
    project = Queries.project(project);
    Objects.requireNonNull(from, "from == null");
    Objects.requireNonNull(to, "to == null");
    Queries.limit(limit);
    Objects.requireNonNull(mode, "mode == null");
  }

  /** Every state matching {@code query}. */
  public static StateQuery of(String query) {
    return newBuilder().query(query).build();
  }

  public static Builder newBuilder() {
    return new Builder();
  }

  /** Builds a {@link StateQuery}; not thread-safe. */
  public static final class Builder {
    private String query = Queries.WILDCARD;
    private String project;
    private DateSpec from;
    private DateSpec to;
    private int limit = Queries.DEFAULT_LIMIT;
    private Mode mode = Mode.FAST;

    private Builder() {}

    public Builder query(String query) {
      this.query = query;
      return this;
    }

    /** One project's state; {@code null} for all. */
    public Builder project(String project) {
      this.project = project;
      return this;
    }

    public Builder from(DateSpec from) {
      this.from = from;
      return this;
    }

    /** Parses a {@link DateSpec}. */
    public Builder from(String from) {
      this.from = from == null ? null : DateSpec.parse(from, "date_from");
      return this;
    }

    public Builder to(DateSpec to) {
      this.to = to;
      return this;
    }

    /** Parses a {@link DateSpec}. */
    public Builder to(String to) {
      this.to = to == null ? null : DateSpec.parse(to, "date_to");
      return this;
    }

    public Builder limit(int limit) {
      this.limit = limit;
      return this;
    }

    public Builder mode(Mode mode) {
      this.mode = mode;
      return this;
    }

    public StateQuery build() {
      return new StateQuery(query, Optional.ofNullable(project), Optional.ofNullable(from),
          Optional.ofNullable(to), limit, mode);
    }
  }
}
