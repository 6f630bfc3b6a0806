package org.qmd4j.catalogue;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;
import org.qmd4j.notes.ProjectState;


/**
 * The arguments of {@code states}: the filters of {@link Kind#STATES}.
 *
 * @since 0.6
 */
public record StatesArgs(
    @Param(value = "Words to rank the states by (folded like search: bloque = bloqué). Omit, or "
        + "'*', for every state, newest first.", defaultValue = "*")
    String query,
    @Param("Only this project's state (projects/<name>/state.md). Omit for every project.")
    String project,
    @Param("Only states whose frontmatter 'updated' is on or after this day; a state without "
        + "'updated' is then left out. Forms: 2025-07-14, 14/07/2025, today, yesterday, 'N "
        + "days|weeks|months|years ago', this|last week|month|year, or the French forms "
        + "(aujourd'hui, hier, 'il y a N jours', le mois dernier ...).")
    String dateFrom,
    @Param("Only states whose frontmatter 'updated' is on or before this day; same forms.")
    String dateTo,
    @Param(value = Descriptions.TYPED_LIMIT, defaultValue = "20", minimum = 1)
    int limit,
    @Param(value = Descriptions.TYPED_MODE, defaultValue = "fast", allowed = {"fast", "deep"})
    String mode) {

  /**
   * The query.
   *
   * @throws IllegalArgumentException if the query is over {@link Arguments#MAX_QUERY_CHARS}
   * @throws org.qmd4j.search.InvalidRequestException if a filter, date or mode is not valid
   */
  public NoteQuery<ProjectState> toQuery() {
    return NoteQuery.newBuilder(Kind.STATES).query(Arguments.words(query)).project(project)
        .from(dateFrom).to(dateTo)
        .limit(limit).mode(Arguments.mode(mode)).build();
  }
}
