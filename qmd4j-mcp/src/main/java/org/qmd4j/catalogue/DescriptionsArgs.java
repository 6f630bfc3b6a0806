package org.qmd4j.catalogue;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;
import org.qmd4j.notes.Description;


/**
 * The arguments of {@code descriptions}: the filters of {@link Kind#DESCRIPTIONS}.
 *
 * @since 0.6
 */
public record DescriptionsArgs(
    @Param(value = "Words to rank the descriptions by (folded like search: bloque = bloqué). Omit, "
        + "or '*', for every description, newest first.", defaultValue = "*")
    String query,
    @Param("Only this project's description (projects/<name>/description.md). Omit for every "
        + "project.")
    String project,
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
  public NoteQuery<Description> toQuery() {
    return NoteQuery.newBuilder(Kind.DESCRIPTIONS).query(Arguments.words(query)).project(project)
        .limit(limit).mode(Arguments.mode(mode)).build();
  }
}
