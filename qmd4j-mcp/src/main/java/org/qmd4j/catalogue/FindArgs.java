package org.qmd4j.catalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.qmd4j.find.FindRequest;

/**
 * The arguments of {@code find_notes}: the filters, sort and page of {@link FindRequest}.
 *
 * @since 0.6
 */
public record FindArgs(
    @Param("Text to look for (same matching as search). With filters, only chunks of notes "
        + "that pass every filter are kept (search first, then intersect).")
    String query,
    @Param(value = "keyword = fast BM25; hybrid and semantic = deep search (qmd's models). The "
        + "embedded engine has no semantic model: the result's 'notes' say so.",
        defaultValue = "keyword", allowed = {"keyword", "hybrid", "semantic"})
    String mode,
    @Param("Vault-relative folder whose notes are considered, e.g. 'projects/startup-x' or "
        + "'bucket'.")
    String folder,
    @Param(value = "Include the folder's sub-folders.", defaultValue = "false")
    Boolean recursive,
    @Param(value = "Conditions on frontmatter, all required (AND). Each is a string 'FIELD OP "
        + "VALUE' (e.g. 'status eq en-cours', 'tags contains devis', 'updated gte 2025-06-01', "
        + "'prio in haute,moyenne', 'deadline exists') or an object {field, op, value}. Operators: "
        + "eq, ne, contains, in, exists, missing, gt, gte, lt, lte (comparisons work on ISO "
        + "dates and numbers). The fields status, prio, priority and deadline judge tasks.md "
        + "files task by task, and tag judges changelogs entry by entry ('status eq bloqué', "
        + "'tag eq décision'): the passing tasks and entries are the results, with their own "
        + "lines. For tasks with typed fields, the tasks tool is the direct way.",
        shape = FindArgs.Condition[].class)
    Object frontmatter,
    @Param("Inclusive lower date on date_type: 2025-07-14, 14/07/2025, today, yesterday, 'N "
        + "days|weeks|months|years ago', this|last week|month|year, aujourd'hui, hier, "
        + "avant-hier, 'il y a N jours|semaines|mois|ans', cette semaine, la semaine "
        + "dernière, ce mois-ci, le mois dernier, cette année, l'année dernière.")
    String dateStart,
    @Param("Inclusive upper date, same forms.")
    String dateEnd,
    @Param(value = "modified = frontmatter 'updated' (else the file's modification time); created "
        + "= frontmatter 'created' (else the file's creation time).", defaultValue = "modified",
        allowed = {"modified", "created"})
    String dateType,
    @Param(value = "relevance needs a query (default with a query); modified is the default "
        + "without.",
        allowed = {"relevance", "modified", "created", "name"})
    String sort,
    @Param(value = "Frontmatter fields to return with each note.", shape = String[].class)
    Object includeFields,
    @Param(value = "Page size.", defaultValue = "20", minimum = 1)
    int nResults,
    @Param(value = "Results to skip (pagination).", defaultValue = "0", minimum = 0)
    int offset) {

  /**
   * A frontmatter condition in object form, {@code {field, op, value}}; it may also be given
   * as one string ({@code "status eq en-cours"}).
   *
   * @param field the frontmatter field
   * @param op the operator
   * @param value the value compared with
   */
  @OrString
  public record Condition(
      @Param(required = true) String field,
      @Param(required = true) String op,
      @Param("The value to compare with: a string, a number, or a list of strings for in.")
      Value value) {}

  /** The value of a condition: a string, a number, a boolean or a list of strings. */
  @AnyOf({String.class, Number.class, Boolean.class, String[].class})
  public interface Value {}

  /**
   * The request.
   *
   * @throws IllegalArgumentException if an argument has the wrong shape or the query is over
   *     {@link Arguments#MAX_QUERY_CHARS}
   * @throws org.qmd4j.search.InvalidRequestException if a filter, date, sort or mode is not
   *     valid
   */
  public FindRequest toRequest() {
    FindRequest.Builder b = FindRequest.newBuilder();
    String q = Arguments.query(query);
    if (q != null) b.query(q);
    if (mode != null) b.mode(mode);
    if (folder != null) b.folder(folder);
    if (recursive != null) b.recursive(recursive);
    for (org.qmd4j.find.Condition c : conditions(frontmatter)) b.where(c);
    if (dateStart != null) b.dateStart(dateStart);
    if (dateEnd != null) b.dateEnd(dateEnd);
    if (dateType != null) b.dateType(dateType);
    if (sort != null) b.sort(sort);
    if (includeFields != null) b.includeFields(strings(includeFields, "include_fields"));
    return b.limit(nResults).offset(offset).build();
  }

  private static List<org.qmd4j.find.Condition> conditions(Object raw) {
    List<org.qmd4j.find.Condition> out = new ArrayList<>();
    if (raw == null) return out;
    if (!(raw instanceof List)) {
      throw new IllegalArgumentException("Argument 'frontmatter' must be a list of conditions "
          + "such as \"status eq en-cours\" or {field, op, value}");
    }
    for (Object item : (List<?>) raw) {
      if (item instanceof String) {
        out.add(org.qmd4j.find.Condition.parse((String) item));
      } else if (item instanceof Map) {
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) item;
        String field = Arguments.string(m, "field");
        String op = Arguments.string(m, "op");
        if (field == null || op == null) {
          throw new IllegalArgumentException("A frontmatter condition needs 'field' and 'op'"
              + " (and 'value' except for exists/missing): " + item);
        }
        Object value = m.get("value");
        out.add(org.qmd4j.find.Condition.parse(field + " " + op
            + (value == null ? "" : " " + (value instanceof List
                ? String.join(",", strings(value, "value")) : value))));
      } else {
        throw new IllegalArgumentException("A frontmatter condition must be a string or an "
            + "object but was " + item);
      }
    }
    return out;
  }

  private static List<String> strings(Object raw, String name) {
    if (!(raw instanceof List)) {
      throw new IllegalArgumentException("Argument '" + name + "' must be a list of strings");
    }
    List<String> out = new ArrayList<>();
    for (Object o : (List<?>) raw) out.add(String.valueOf(o));
    return out;
  }
}
