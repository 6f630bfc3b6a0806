package org.qmd4j.notes;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.Mode;

/**
 * What {@link org.qmd4j.Searcher#buckets} looks for: bucket notes of every bucket or of one
 * project's, of a type, with tags, updated in a period.
 *
 * <pre>{@code
 * BucketQuery q = BucketQuery.newBuilder().type("réunion").tags("devis").build();
 * }</pre>
 *
 * @param query the words to look for; {@code "*"} (the default) for every note, newest first
 * @param project only this project's bucket; empty for every bucket, the root one too
 * @param type only notes whose frontmatter {@code type} is this, ignoring case and accents
 *     ({@code reunion} matches {@code réunion})
 * @param tags only notes whose frontmatter {@code tags} hold all of these, ignoring case and
 *     accents
 * @param from inclusive lower bound on frontmatter {@code updated}; a note without a valid
 *     {@code updated} is left out as soon as a bound is given
 * @param to inclusive upper bound on frontmatter {@code updated}
 * @param limit maximum number of notes, at least 1
 * @param mode {@link Mode#FAST} (default) or {@link Mode#DEEP}
 * @since 0.2
 */
public record BucketQuery(String query, Optional<String> project, Optional<String> type,
    List<String> tags, Optional<DateSpec> from, Optional<DateSpec> to, int limit, Mode mode)
    implements NoteQuery<BucketItem> {
  /**
   * Validates the query.
   *
   * @throws org.qmd4j.search.InvalidQueryException if the query is blank
   * @throws org.qmd4j.search.InvalidScopeException if the project is blank or holds a {@code /}
   * @throws org.qmd4j.search.InvalidRequestException if the limit is below 1
   */
  public BucketQuery {
    query = Queries.query(query);
    project = Queries.project(project);
    type = Queries.filter(type, "type");
    List<String> t = new ArrayList<>();
    for (String tag : Objects.requireNonNull(tags, "tags == null")) {
      String s = Objects.requireNonNull(tag, "tag == null").strip();
      if (!s.isEmpty()) t.add(s);
    }
    tags = List.copyOf(t);
    Objects.requireNonNull(from, "from == null");
    Objects.requireNonNull(to, "to == null");
    Queries.limit(limit);
    Objects.requireNonNull(mode, "mode == null");
  }

  /** Every bucket note matching {@code query}. */
  public static BucketQuery of(String query) {
    return newBuilder().query(query).build();
  }

  public static Builder newBuilder() {
    return new Builder();
  }

  /** Builds a {@link BucketQuery}; not thread-safe. */
  public static final class Builder {
    private String query = Queries.WILDCARD;
    private String project;
    private String type;
    private final List<String> tags = new ArrayList<>();
    private DateSpec from;
    private DateSpec to;
    private int limit = Queries.DEFAULT_LIMIT;
    private Mode mode = Mode.FAST;

    private Builder() {}

    public Builder query(String query) {
      this.query = query;
      return this;
    }

    /** One project's bucket; {@code null} for all. */
    public Builder project(String project) {
      this.project = project;
      return this;
    }

    /** Notes of this type only; {@code null} for any. */
    public Builder type(String type) {
      this.type = type;
      return this;
    }

    /** Adds tags that every returned note must have. */
    public Builder tags(String... tags) {
      this.tags.addAll(List.of(tags));
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

    public BucketQuery build() {
      return new BucketQuery(query, Optional.ofNullable(project), Optional.ofNullable(type),
          tags, Optional.ofNullable(from), Optional.ofNullable(to), limit, mode);
    }
  }
}
