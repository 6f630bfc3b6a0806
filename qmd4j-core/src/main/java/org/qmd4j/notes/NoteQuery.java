package org.qmd4j.notes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.InvalidQueryException;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.InvalidScopeException;
import org.qmd4j.search.Mode;
import org.qmd4j.search.SearchRequest;

/**
 * A query of the typed facade: the records of one {@link Kind} that hold some words, of one
 * project or all, with the kind's own conditions. {@link org.qmd4j.Searcher#list(NoteQuery)}
 * runs it and counts what the limit left out.
 *
 * <pre>{@code
 * Listing<Task> blocked = searcher.list(NoteQuery.newBuilder(Kind.TASKS)
 *     .status("bloqué").priority("haute").build());
 * System.out.println(blocked.results().size() + " of " + blocked.total() + " tasks");
 * NoteQuery<ChangelogEntry> decisions = NoteQuery.newBuilder(Kind.CHANGELOG)
 *     .project("startup-x").tag("décision").from("3 months ago").limit(5).build();
 * NoteQuery<BucketItem> meetings = NoteQuery.newBuilder(Kind.BUCKETS)
 *     .type("réunion").tags("devis").build();
 * }</pre>
 *
 * @param kind the records listed
 * @param query the words to look for; {@code "*"} (the default) for every record of the
 *     kind, newest first
 * @param project only this project's records; empty for every project (and the root file,
 *     if any)
 * @param fields the kind's text conditions by name ({@code status}, {@code priority},
 *     {@code tag}, {@code type}; see {@link Kind}): only records with this value, ignoring
 *     case and accents; a changelog tag may be written {@code [décision]}
 * @param tags only bucket notes whose frontmatter {@code tags} hold all of these
 * @param from inclusive lower bound on the kind's date (a task's deadline, a changelog
 *     entry's day, frontmatter {@code updated}; a period counts from its first day)
 * @param to inclusive upper bound on the kind's date (a period counts to its last day)
 * @param limit the most records listed, at least 1
 * @param mode {@link Mode#FAST} (default) or {@link Mode#DEEP}
 * @param <T> the record listed
 * @since 0.6
 */
public record NoteQuery<T extends Note>(Kind<T> kind, String query, Optional<String> project,
    Map<String, String> fields, List<String> tags, Optional<DateSpec> from,
    Optional<DateSpec> to, int limit, Mode mode) {
  /**
   * Validates the query.
   *
   * @throws InvalidQueryException if the query is blank
   * @throws InvalidScopeException if the project is blank or holds a {@code /}
   * @throws InvalidRequestException if the limit is below 1, or a condition is not one of
   *     the kind's
   */
  public NoteQuery {
    Objects.requireNonNull(kind, "kind == null");
    Objects.requireNonNull(query, "query == null");
    if (query.isBlank()) {
      throw new InvalidQueryException(
          "The query is empty; pass some words, or \"*\" for every note");
    }
    Objects.requireNonNull(project, "project == null");
    if (project.isPresent() && (project.get().isBlank() || project.get().contains("/"))) {
      throw new InvalidScopeException("Expected a project name such as startup-x but was '"
          + project.get() + "'");
    }
    project = project.map(String::strip);
    Map<String, String> f = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : Objects.requireNonNull(fields, "fields == null")
        .entrySet()) {
      String value = Objects.requireNonNull(e.getValue(), e.getKey() + " == null").strip();
      if (value.isEmpty()) continue;
      takes(kind, e.getKey(), kind.fields.containsKey(e.getKey()));
      // A changelog tag is written [décision] in the vault; both forms are accepted.
      f.put(e.getKey(), e.getKey().equals("tag")
          ? value.replaceAll("^\\[|\\]$", "").strip() : value);
    }
    fields = Map.copyOf(f);
    List<String> t = new ArrayList<>();
    for (String tag : Objects.requireNonNull(tags, "tags == null")) {
      String s = Objects.requireNonNull(tag, "tag == null").strip();
      if (!s.isEmpty()) t.add(s);
    }
    if (!t.isEmpty()) takes(kind, "tags", kind.tags != null);
    tags = List.copyOf(t);
    Objects.requireNonNull(from, "from == null");
    Objects.requireNonNull(to, "to == null");
    if (from.isPresent() || to.isPresent()) takes(kind, "date_from", kind.fromName != null);
    if (limit < 1) {
      throw new InvalidRequestException("Expected a limit of at least 1 but was " + limit);
    }
    Objects.requireNonNull(mode, "mode == null");
  }

  /** Refuses a condition that {@code kind} does not take, listing those it takes. */
  private static void takes(Kind<?> kind, String condition, boolean taken) {
    if (!taken) {
      List<String> valid = kind.conditions();
      throw new InvalidRequestException(kind.plural + " take no '" + condition
          + "' condition; theirs: " + (valid.isEmpty() ? "none" : String.join(", ", valid)));
    }
  }

  /** The value of the text condition {@code name} ({@code status} ...), if given. */
  public Optional<String> field(String name) {
    return Optional.ofNullable(fields.get(name));
  }

  /** Every record of {@code kind} matching {@code query}. */
  public static <T extends Note> NoteQuery<T> of(Kind<T> kind, String query) {
    return newBuilder(kind).query(query).build();
  }

  /** A builder of a query of {@code kind}: every record, newest first, 20 at most. */
  public static <T extends Note> Builder<T> newBuilder(Kind<T> kind) {
    return new Builder<>(Objects.requireNonNull(kind, "kind == null"));
  }

  /**
   * Builds a {@link NoteQuery}; not thread-safe. A setter given {@code null} removes its
   * condition; {@link #build()} refuses a condition the kind does not take.
   *
   * @param <T> the record listed
   */
  public static final class Builder<T extends Note> {
    private final Kind<T> kind;
    private String query = SearchRequest.WILDCARD;
    private String project;
    private final Map<String, String> fields = new LinkedHashMap<>();
    private final List<String> tags = new ArrayList<>();
    private DateSpec from;
    private DateSpec to;
    private int limit = SearchRequest.DEFAULT_LIMIT;
    private Mode mode = Mode.FAST;

    private Builder(Kind<T> kind) {
      this.kind = kind;
    }

    public Builder<T> query(String query) {
      this.query = query;
      return this;
    }

    /** One project's records; {@code null} for all. */
    public Builder<T> project(String project) {
      this.project = project;
      return this;
    }

    /** Tasks with this {@code status:} only. */
    public Builder<T> status(String status) {
      return field("status", status);
    }

    /** Tasks with this {@code prio:} only. */
    public Builder<T> priority(String priority) {
      return field("priority", priority);
    }

    /** Changelog entries with this tag only ({@code décision} or {@code [décision]}). */
    public Builder<T> tag(String tag) {
      return field("tag", tag);
    }

    /** Bucket notes of this frontmatter {@code type} only. */
    public Builder<T> type(String type) {
      return field("type", type);
    }

    /** Adds frontmatter tags that every bucket note listed must have. */
    public Builder<T> tags(String... tags) {
      this.tags.addAll(List.of(tags));
      return this;
    }

    private Builder<T> field(String name, String value) {
      if (value == null) {
        fields.remove(name);
      } else {
        fields.put(name, value);
      }
      return this;
    }

    /** Records dated on or after this day only (tasks: their deadline). */
    public Builder<T> from(DateSpec from) {
      this.from = from;
      return this;
    }

    /**
     * Parses a {@link DateSpec} ({@code 2025-10-15}, {@code 15/10/2025}, {@code 3 months ago}
     * ...); {@code null} for any.
     *
     * @throws org.qmd4j.search.InvalidDateException if it is not a date, naming the kind's
     *     parameter ({@code date_from}, {@code deadline_after})
     */
    public Builder<T> from(String from) {
      this.from = from == null ? null : DateSpec.parse(from,
          kind.fromName != null ? kind.fromName : "date_from");
      return this;
    }

    /** Records dated on or before this day only (tasks: their deadline). */
    public Builder<T> to(DateSpec to) {
      this.to = to;
      return this;
    }

    /**
     * Parses a {@link DateSpec}; {@code null} for any.
     *
     * @throws org.qmd4j.search.InvalidDateException if it is not a date, naming the kind's
     *     parameter ({@code date_to}, {@code deadline_before})
     */
    public Builder<T> to(String to) {
      this.to = to == null ? null : DateSpec.parse(to,
          kind.toName != null ? kind.toName : "date_to");
      return this;
    }

    public Builder<T> limit(int limit) {
      this.limit = limit;
      return this;
    }

    public Builder<T> mode(Mode mode) {
      this.mode = mode;
      return this;
    }

    /**
     * The query.
     *
     * @throws InvalidRequestException if a condition is not one of the kind's, or as {@link
     *     NoteQuery#NoteQuery} says
     */
    public NoteQuery<T> build() {
      return new NoteQuery<>(kind, query, Optional.ofNullable(project), fields, tags,
          Optional.ofNullable(from), Optional.ofNullable(to), limit, mode);
    }
  }
}
