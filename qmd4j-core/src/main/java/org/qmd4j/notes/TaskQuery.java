package org.qmd4j.notes;

import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.Mode;

/**
 * What {@link org.qmd4j.Searcher#tasks} looks for: tasks of every {@code tasks.md}, or of one
 * project's, with a status and a priority.
 *
 * <pre>{@code
 * TaskQuery q = TaskQuery.newBuilder().status("bloqué").priority("haute").build();
 * }</pre>
 *
 * @param query the words to look for; {@code "*"} (the default) for every task
 * @param project only this project's tasks; empty for every tasks file, the root one too
 * @param status only tasks with this {@code status:}, ignoring case and accents
 *     ({@code bloque} matches {@code bloqué})
 * @param priority only tasks with this {@code prio:}, ignoring case and accents
 * @param limit maximum number of tasks, at least 1
 * @param mode {@link Mode#FAST} (default) or {@link Mode#DEEP}
 * @since 0.2
 */
public record TaskQuery(String query, Optional<String> project, Optional<String> status,
    Optional<String> priority, int limit, Mode mode) {
  /**
   * Validates the query.
   *
   * @throws org.qmd4j.search.InvalidQueryException if the query is blank
   * @throws org.qmd4j.search.InvalidScopeException if the project is blank or holds a {@code /}
   * @throws org.qmd4j.search.InvalidRequestException if the limit is below 1
   */
  public TaskQuery {
    query = Queries.query(query);
    project = Queries.project(project);
    status = Queries.filter(status, "status");
    priority = Queries.filter(priority, "priority");
    Queries.limit(limit);
    Objects.requireNonNull(mode, "mode == null");
  }

  /** Every task matching {@code query}. */
  public static TaskQuery of(String query) {
    return newBuilder().query(query).build();
  }

  public static Builder newBuilder() {
    return new Builder();
  }

  /** Builds a {@link TaskQuery}; not thread-safe. */
  public static final class Builder {
    private String query = Queries.WILDCARD;
    private String project;
    private String status;
    private String priority;
    private int limit = Queries.DEFAULT_LIMIT;
    private Mode mode = Mode.FAST;

    private Builder() {}

    public Builder query(String query) {
      this.query = query;
      return this;
    }

    /** One project's tasks; {@code null} for all. */
    public Builder project(String project) {
      this.project = project;
      return this;
    }

    /** Tasks with this status only; {@code null} for any. */
    public Builder status(String status) {
      this.status = status;
      return this;
    }

    /** Tasks with this priority only; {@code null} for any. */
    public Builder priority(String priority) {
      this.priority = priority;
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

    public TaskQuery build() {
      return new TaskQuery(query, Optional.ofNullable(project), Optional.ofNullable(status),
          Optional.ofNullable(priority), limit, mode);
    }
  }
}
