package org.qmd4j.catalogue;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;
import org.qmd4j.notes.Task;


/**
 * The arguments of {@code tasks}: the filters of {@link Kind#TASKS}.
 *
 * @since 0.6
 */
public record TasksArgs(
    @Param(value = "Words to rank the tasks by (folded like search: bloque = bloqué). Omit, or "
        + "'*', for every task, newest first.", defaultValue = "*")
    String query,
    @Param("Only this project's tasks (projects/<name>/tasks.md), e.g. 'startup-x'. Omit for "
        + "every tasks.md, the root one too.")
    String project,
    @Param(value = "Only tasks whose 'status:' line has this value, ignoring case and accents "
        + "(bloque = bloqué). The vault's own words; the usual ones are à-faire, en-cours, bloqué, "
        + "fait.", examples = {"à-faire", "en-cours", "bloqué", "fait"})
    String status,
    @Param(value = "Only tasks whose 'prio:' (or 'priority:') line has this value, ignoring case "
        + "and accents; usually haute, moyenne or basse.", examples = {"haute", "moyenne", "basse"})
    String priority,
    @Param("Only tasks whose 'deadline:' is on or before this day (a period such as 'this "
        + "month' counts to its last day). Forms: 2025-07-14, 14/07/2025, today, yesterday, "
        + "'N days|weeks|months|years ago', this|last week|month|year, or the French forms "
        + "(aujourd'hui, hier, 'il y a N jours', le mois dernier ...). A task without a "
        + "deadline is left out as soon as deadline_before or deadline_after is given.")
    String deadlineBefore,
    @Param("Only tasks whose 'deadline:' is on or after this day (a period counts from its "
        + "first day); same forms as deadline_before. Must not be after deadline_before.")
    String deadlineAfter,
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
  public NoteQuery<Task> toQuery() {
    return NoteQuery.newBuilder(Kind.TASKS).query(Arguments.words(query)).project(project)
        .status(status)
        .priority(priority).to(deadlineBefore).from(deadlineAfter)
        .limit(limit).mode(Arguments.mode(mode)).build();
  }
}
