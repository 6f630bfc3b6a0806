package org.qmd4j.notes;

import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.Mode;

/**
 * What {@link org.qmd4j.Searcher#tasks} looks for: tasks of every {@code tasks.md}, or of one
 * project's, with a status, a priority and a deadline in a period.
 *
 * <pre>{@code
 * TaskQuery q = TaskQuery.newBuilder().status("bloqué").priority("haute").build();
 * TaskQuery soon = TaskQuery.newBuilder().deadlineAfter("today").deadlineBefore("2025-12-31")
 *     .build();
 * }</pre>
 *
 * @param query the words to look for; {@code "*"} (the default) for every task
 * @param project only this project's tasks; empty for every tasks file, the root one too
 * @param status only tasks with this {@code status:}, ignoring case and accents
 *     ({@code bloque} matches {@code bloqué})
 * @param priority only tasks with this {@code prio:}, ignoring case and accents
 * @param deadlineBefore only tasks whose {@code deadline:} is on or before this day (an upper
 *     bound: {@code last month} means its last day); a task without a deadline is left out as
 *     soon as either deadline bound is given
 * @param deadlineAfter only tasks whose {@code deadline:} is on or after this day (a lower
 *     bound: {@code last month} means its first day); relative bounds are resolved against the
 *     searcher's clock, like {@link ChangelogQuery#from()}
 * @param limit maximum number of tasks, at least 1
 * @param mode {@link Mode#FAST} (default) or {@link Mode#DEEP}
 * @since 0.2
 */
public record TaskQuery(String query, Optional<String> project, Optional<String> status,
    Optional<String> priority, Optional<DateSpec> deadlineBefore,
    Optional<DateSpec> deadlineAfter, int limit, Mode mode) implements NoteQuery<Task> {
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
    Objects.requireNonNull(deadlineBefore, "deadlineBefore == null");
    Objects.requireNonNull(deadlineAfter, "deadlineAfter == null");
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
    private DateSpec deadlineBefore;
    private DateSpec deadlineAfter;
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

    /** Tasks due on or before this day only; {@code null} for any. */
    public Builder deadlineBefore(DateSpec deadlineBefore) {
      this.deadlineBefore = deadlineBefore;
      return this;
    }

    /**
     * Parses a {@link DateSpec} ({@code 2025-10-15}, {@code 15/10/2025}, {@code this month}
     * ...); {@code null} for any.
     *
     * @throws org.qmd4j.search.InvalidDateException if it is not a date, naming
     *     {@code deadline_before}
     */
    public Builder deadlineBefore(String deadlineBefore) {
      this.deadlineBefore = deadlineBefore == null ? null
          : DateSpec.parse(deadlineBefore, "deadline_before");
      return this;
    }

    /** Tasks due on or after this day only; {@code null} for any. */
    public Builder deadlineAfter(DateSpec deadlineAfter) {
      this.deadlineAfter = deadlineAfter;
      return this;
    }

    /**
     * Parses a {@link DateSpec}; {@code null} for any.
     *
     * @throws org.qmd4j.search.InvalidDateException if it is not a date, naming
     *     {@code deadline_after}
     */
    public Builder deadlineAfter(String deadlineAfter) {
      this.deadlineAfter = deadlineAfter == null ? null
          : DateSpec.parse(deadlineAfter, "deadline_after");
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
          Optional.ofNullable(priority), Optional.ofNullable(deadlineBefore),
          Optional.ofNullable(deadlineAfter), limit, mode);
    }
  }
}
