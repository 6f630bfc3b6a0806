package org.qmd4j.catalogue;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;
import org.qmd4j.notes.ChangelogEntry;


/**
 * The arguments of {@code changelog}: the filters of {@link Kind#CHANGELOG}.
 *
 * @since 0.6
 */
public record ChangelogArgs(
    @Param(value = "Words to rank the entries by (folded like search: bloque = bloqué). Omit, or "
        + "'*', for every entry, newest first.", defaultValue = "*")
    String query,
    @Param("Only this project's changelog (projects/<name>/changelog.md). Omit for every "
        + "changelog, the root one too.")
    String project,
    @Param(value = "Only entries whose title starts with this tag in brackets ('## [décision] "
        + "...'); with or without the brackets, ignoring case and accents.",
        examples = {"décision", "blocage", "livraison", "idée", "note"})
    String tag,
    @Param("Only entries of this day or later (the '# YYYY-MM-DD' heading above them). Forms: "
        + "2025-07-14, 14/07/2025, today, yesterday, 'N days|weeks|months|years ago', "
        + "this|last week|month|year, or the French forms (aujourd'hui, hier, 'il y a N "
        + "jours', le mois dernier ...).")
    String dateFrom,
    @Param("Only entries of this day or earlier; same forms as date_from.")
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
  public NoteQuery<ChangelogEntry> toQuery() {
    return NoteQuery.newBuilder(Kind.CHANGELOG).query(Arguments.words(query)).project(project)
        .tag(tag)
        .from(dateFrom).to(dateTo)
        .limit(limit).mode(Arguments.mode(mode)).build();
  }
}
