package org.qmd4j.find;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.InvalidFindException;

/**
 * One {@code find_notes} call: any mix of a text query, a folder, frontmatter conditions and
 * a file-date period, with a sort, the frontmatter fields to return and a page. Immutable;
 * build one with {@link #newBuilder()}.
 *
 * <pre>{@code
 * FindRequest request = FindRequest.newBuilder()
 *     .folder("projects/startup-x").recursive(true)
 *     .where("type eq réunion")
 *     .dateStart("3 months ago")
 *     .includeFields("type", "tags")
 *     .build();
 * }</pre>
 *
 * <p>Only indexed files are found (see {@link org.qmd4j.vault.VaultLayout}), as with
 * {@code search}: find is discovery over what search covers, so {@code inbox/},
 * {@code overview.md} and other unindexed notes are never returned.
 *
 * @param query the text to look for; empty for none ({@code "*"} matches every chunk)
 * @param mode how the query is matched
 * @param folder a vault-relative folder ({@code /} separators, {@code ""} for the root);
 *     empty for anywhere
 * @param recursive whether files in sub-folders of {@code folder} count too
 * @param where frontmatter conditions, all of which must pass
 * @param dateStart inclusive lower bound on the file's {@code dateType} date, if any
 * @param dateEnd inclusive upper bound on the file's {@code dateType} date, if any
 * @param dateType which file date the bounds and the date sorts use
 * @param sort the order; empty means relevance with a query, modified without
 * @param includeFields frontmatter fields to return with each result
 * @param limit maximum number of results ({@code n_results}), at least 1
 * @param offset how many results to skip, at least 0
 * @since 0.2
 */
public record FindRequest(
    Optional<String> query,
    FindMode mode,
    Optional<String> folder,
    boolean recursive,
    List<Condition> where,
    Optional<DateSpec> dateStart,
    Optional<DateSpec> dateEnd,
    DateType dateType,
    Optional<FindSort> sort,
    List<String> includeFields,
    int limit,
    int offset) {

  /** The number of results returned when no limit is given. */
  public static final int DEFAULT_LIMIT = 20;

  /**
   * Validates the request; a blank query counts as none.
   *
   * @throws InvalidFindException if there is no criterion (query, folder, condition or date
   *     bound), sort is relevance without a query, the folder leaves the vault, the limit is
   *     below 1 or the offset below 0
   */
  public FindRequest {
    Objects.requireNonNull(query, "query == null");
    Objects.requireNonNull(mode, "mode == null");
    Objects.requireNonNull(folder, "folder == null");
    where = List.copyOf(Objects.requireNonNull(where, "where == null"));
    Objects.requireNonNull(dateStart, "dateStart == null");
    Objects.requireNonNull(dateEnd, "dateEnd == null");
    Objects.requireNonNull(dateType, "dateType == null");
    Objects.requireNonNull(sort, "sort == null");
    includeFields = fields(Objects.requireNonNull(includeFields, "includeFields == null"));
    query = query.map(String::strip).filter(q -> !q.isEmpty());
    folder = folder.map(FindRequest::normalizeFolder);
    if (query.isEmpty() && folder.isEmpty() && where.isEmpty() && dateStart.isEmpty()
        && dateEnd.isEmpty()) {
      throw new InvalidFindException("find_notes needs at least one criterion: a query, a "
          + "folder, a frontmatter condition, date_start or date_end");
    }
    if (sort.equals(Optional.of(FindSort.RELEVANCE)) && query.isEmpty()) {
      throw new InvalidFindException("sort=relevance needs a query; without one, sort by "
          + "modified, created or name");
    }
    if (limit < 1) {
      throw new InvalidFindException("n_results must be at least 1 but was " + limit);
    }
    if (offset < 0) {
      throw new InvalidFindException("offset must be 0 or more but was " + offset);
    }
  }

  /** A builder with no criterion yet, keyword mode, modified dates, 20 results. */
  public static Builder newBuilder() {
    return new Builder();
  }

  /** A builder holding this request's values, to derive a variant. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** The sort that applies: the one given, else relevance with a query, modified without. */
  public FindSort effectiveSort() {
    return sort.orElse(query.isPresent() ? FindSort.RELEVANCE : FindSort.MODIFIED);
  }

  private static String normalizeFolder(String folder) {
    String f = folder.strip().replace('\\', '/');
    if (f.startsWith("/") || f.matches("^[A-Za-z]:.*")) {
      throw new InvalidFindException("folder must be relative to the vault, e.g. "
          + "projects/startup-x, but was '" + folder + "'");
    }
    List<String> parts = new ArrayList<>();
    for (String part : f.split("/")) {
      if (part.isEmpty() || part.equals(".")) continue;
      if (part.equals("..")) {
        throw new InvalidFindException("folder must stay inside the vault (no '..') but was '"
            + folder + "'");
      }
      parts.add(part);
    }
    return String.join("/", parts);
  }

  private static List<String> fields(List<String> fields) {
    List<String> out = new ArrayList<>();
    for (String f : fields) {
      String name = Objects.requireNonNull(f, "includeFields item == null").strip();
      if (!name.isEmpty() && !out.contains(name)) out.add(name);
    }
    return List.copyOf(out);
  }

  /**
   * Builds a {@link FindRequest}. Setters taking strings parse them as the command line
   * does and throw the same typed errors. Not thread-safe.
   */
  public static final class Builder {
    private String query;
    private FindMode mode = FindMode.KEYWORD;
    private String folder;
    private boolean recursive;
    private final List<Condition> where = new ArrayList<>();
    private DateSpec dateStart;
    private DateSpec dateEnd;
    private DateType dateType = DateType.MODIFIED;
    private FindSort sort;
    private final List<String> includeFields = new ArrayList<>();
    private int limit = DEFAULT_LIMIT;
    private int offset;

    private Builder() {}

    private Builder(FindRequest r) {
      query = r.query.orElse(null);
      mode = r.mode;
      folder = r.folder.orElse(null);
      recursive = r.recursive;
      where.addAll(r.where);
      dateStart = r.dateStart.orElse(null);
      dateEnd = r.dateEnd.orElse(null);
      dateType = r.dateType;
      sort = r.sort.orElse(null);
      includeFields.addAll(r.includeFields);
      limit = r.limit;
      offset = r.offset;
    }

    /** The text to look for; {@code null} or blank for none. */
    public Builder query(String query) {
      this.query = query;
      return this;
    }

    public Builder mode(FindMode mode) {
      this.mode = Objects.requireNonNull(mode, "mode == null");
      return this;
    }

    /** Parses {@code hybrid}, {@code semantic} or {@code keyword}. */
    public Builder mode(String mode) {
      return mode(FindMode.parse(mode));
    }

    /** A vault-relative folder; {@code null} for anywhere, {@code ""} for the root. */
    public Builder folder(String folder) {
      this.folder = folder;
      return this;
    }

    public Builder recursive(boolean recursive) {
      this.recursive = recursive;
      return this;
    }

    /** Adds a condition; all conditions must pass. */
    public Builder where(Condition condition) {
      where.add(Objects.requireNonNull(condition, "condition == null"));
      return this;
    }

    /** Adds a condition written {@code FIELD OP VALUE}; see {@link Condition#parse}. */
    public Builder where(String condition) {
      return where(Condition.parse(condition));
    }

    public Builder dateStart(DateSpec dateStart) {
      this.dateStart = dateStart;
      return this;
    }

    /** Parses a date bound ({@link DateSpec}); {@code null} or blank for none. */
    public Builder dateStart(String dateStart) {
      this.dateStart = dateSpec(dateStart, "date_start");
      return this;
    }

    public Builder dateEnd(DateSpec dateEnd) {
      this.dateEnd = dateEnd;
      return this;
    }

    /** Parses a date bound ({@link DateSpec}); {@code null} or blank for none. */
    public Builder dateEnd(String dateEnd) {
      this.dateEnd = dateSpec(dateEnd, "date_end");
      return this;
    }

    public Builder dateType(DateType dateType) {
      this.dateType = Objects.requireNonNull(dateType, "dateType == null");
      return this;
    }

    /** Parses {@code modified} or {@code created}. */
    public Builder dateType(String dateType) {
      return dateType(DateType.parse(dateType));
    }

    /** The order; {@code null} for the default. */
    public Builder sort(FindSort sort) {
      this.sort = sort;
      return this;
    }

    /** Parses {@code relevance}, {@code modified}, {@code created} or {@code name}. */
    public Builder sort(String sort) {
      return sort(sort == null || sort.isBlank() ? null : FindSort.parse(sort));
    }

    /** Adds frontmatter fields to return with each result. */
    public Builder includeFields(String... fields) {
      return includeFields(List.of(fields));
    }

    /** Adds frontmatter fields to return with each result. */
    public Builder includeFields(List<String> fields) {
      includeFields.addAll(fields);
      return this;
    }

    /** Maximum number of results ({@code n_results}). */
    public Builder limit(int limit) {
      this.limit = limit;
      return this;
    }

    public Builder offset(int offset) {
      this.offset = offset;
      return this;
    }

    /**
     * The request.
     *
     * @throws InvalidFindException as {@link FindRequest#FindRequest} does
     */
    public FindRequest build() {
      return new FindRequest(Optional.ofNullable(query), mode, Optional.ofNullable(folder),
          recursive, where, Optional.ofNullable(dateStart), Optional.ofNullable(dateEnd),
          dateType, Optional.ofNullable(sort), includeFields, limit, offset);
    }

    private static DateSpec dateSpec(String text, String parameter) {
      return text == null || text.isBlank() ? null : DateSpec.parse(text, parameter);
    }
  }
}
