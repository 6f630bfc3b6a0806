package org.qmd4j.notes;

import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.Mode;

/**
 * What {@link org.qmd4j.Searcher#descriptions} looks for: project descriptions, of every
 * project or of one.
 *
 * @param query the words to look for; {@code "*"} (the default) for every description
 * @param project only this project's description; empty for every project
 * @param limit maximum number of descriptions, at least 1
 * @param mode {@link Mode#FAST} (default) or {@link Mode#DEEP}
 * @since 0.2
 */
public record DescriptionQuery(String query, Optional<String> project, int limit, Mode mode)
    implements NoteQuery<Description> {
  /**
   * Validates the query.
   *
   * @throws org.qmd4j.search.InvalidQueryException if the query is blank
   * @throws org.qmd4j.search.InvalidScopeException if the project is blank or holds a {@code /}
   * @throws org.qmd4j.search.InvalidRequestException if the limit is below 1
   */
  public DescriptionQuery {
    query = Queries.query(query);
    project = Queries.project(project);
    Queries.limit(limit);
    Objects.requireNonNull(mode, "mode == null");
  }

  /** Every description matching {@code query}. */
  public static DescriptionQuery of(String query) {
    return newBuilder().query(query).build();
  }

  public static Builder newBuilder() {
    return new Builder();
  }

  /** Builds a {@link DescriptionQuery}; not thread-safe. */
  public static final class Builder {
    private String query = Queries.WILDCARD;
    private String project;
    private int limit = Queries.DEFAULT_LIMIT;
    private Mode mode = Mode.FAST;

    private Builder() {}

    public Builder query(String query) {
      this.query = query;
      return this;
    }

    /** One project's description; {@code null} for all. */
    public Builder project(String project) {
      this.project = project;
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

    public DescriptionQuery build() {
      return new DescriptionQuery(query, Optional.ofNullable(project), limit, mode);
    }
  }
}
