package org.qmd4j.notes;

import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.Mode;

/**
 * What {@link org.qmd4j.Searcher#changelog} looks for: entries of every changelog, or of one
 * project's, with a tag, in a period.
 *
 * <pre>{@code
 * ChangelogQuery q = ChangelogQuery.newBuilder()
 *     .project("startup-x").tag("décision").from("3 months ago").limit(5).build();
 * }</pre>
 *
 * @param query the words to look for; {@code "*"} (the default) for every entry, newest first
 * @param project only this project's changelog; empty for every changelog, the root one too
 * @param tag only entries with this tag ({@code décision} or {@code [décision]}), ignoring
 *     case and accents
 * @param from inclusive lower bound on the entry's day
 * @param to inclusive upper bound on the entry's day
 * @param limit maximum number of entries, at least 1
 * @param mode {@link Mode#FAST} (default) or {@link Mode#DEEP}
 * @since 0.2
 */
public record ChangelogQuery(String query, Optional<String> project, Optional<String> tag,
    Optional<DateSpec> from, Optional<DateSpec> to, int limit, Mode mode)
    implements NoteQuery<ChangelogEntry> {
  /**
   * Validates the query.
   *
   * @throws org.qmd4j.search.InvalidQueryException if the query is blank
   * @throws org.qmd4j.search.InvalidScopeException if the project is blank or holds a {@code /}
   * @throws org.qmd4j.search.InvalidRequestException if the limit is below 1
   */
  public ChangelogQuery {
    query = Queries.query(query);
    project = Queries.project(project);
    tag = Queries.filter(tag, "tag").map(t -> t.replaceAll("^\\[|\\]$", "").strip());
    Objects.requireNonNull(from, "from == null");
    Objects.requireNonNull(to, "to == null");
    Queries.limit(limit);
    Objects.requireNonNull(mode, "mode == null");
  }

  /** Every entry matching {@code query}, any project, any tag, any day. */
  public static ChangelogQuery of(String query) {
    return newBuilder().query(query).build();
  }

  public static Builder newBuilder() {
    return new Builder();
  }

  /** Builds a {@link ChangelogQuery}; not thread-safe. */
  public static final class Builder {
    private String query = Queries.WILDCARD;
    private String project;
    private String tag;
    private DateSpec from;
    private DateSpec to;
    private int limit = Queries.DEFAULT_LIMIT;
    private Mode mode = Mode.FAST;

    private Builder() {}

    public Builder query(String query) {
      this.query = query;
      return this;
    }

    /** One project's changelog; {@code null} for all. */
    public Builder project(String project) {
      this.project = project;
      return this;
    }

    /** Entries with this tag only; {@code null} for any. */
    public Builder tag(String tag) {
      this.tag = tag;
      return this;
    }

    public Builder from(DateSpec from) {
      this.from = from;
      return this;
    }

    /** Parses a {@link DateSpec}: {@code 2025-07-14}, {@code 3 months ago} ... */
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

    public ChangelogQuery build() {
      return new ChangelogQuery(query, Optional.ofNullable(project), Optional.ofNullable(tag),
          Optional.ofNullable(from), Optional.ofNullable(to), limit, mode);
    }
  }
}
