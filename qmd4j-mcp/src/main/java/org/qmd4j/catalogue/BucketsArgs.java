package org.qmd4j.catalogue;

import java.util.ArrayList;
import java.util.List;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;
import org.qmd4j.notes.BucketItem;

/**
 * The arguments of {@code buckets}: the filters of {@link Kind#BUCKETS}.
 *
 * @since 0.6
 */
public record BucketsArgs(
    @Param(value = "Words to rank the notes by (folded like search: bloque = bloqué). Omit, or "
        + "'*', for every note, newest first.", defaultValue = "*")
    String query,
    @Param("Only this project's bucket (projects/<name>/bucket/**). Omit for every bucket, the "
        + "root one too.")
    String project,
    @Param(value = "Only notes whose frontmatter 'type' is this, ignoring case and accents "
        + "(reunion = réunion).",
        examples = {"réunion", "idée", "référence", "lien", "recette"})
    String type,
    @Param(value = "Only notes whose frontmatter 'tags' hold every one of these, ignoring case and "
        + "accents.", shape = String[].class)
    Object tags,
    @Param("Only notes whose frontmatter 'updated' is on or after this day; a note without "
        + "'updated' is then left out. Forms: 2025-07-14, 14/07/2025, today, yesterday, 'N "
        + "days|weeks|months|years ago', this|last week|month|year, or the French forms "
        + "(aujourd'hui, hier, 'il y a N jours', le mois dernier ...).")
    String dateFrom,
    @Param("Only notes whose frontmatter 'updated' is on or before this day; same forms.")
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
  public NoteQuery<BucketItem> toQuery() {
    return NoteQuery.newBuilder(Kind.BUCKETS).query(Arguments.words(query)).project(project)
        .type(type)
        .tags(tagList().toArray(new String[0])).from(dateFrom).to(dateTo)
        .limit(limit).mode(Arguments.mode(mode)).build();
  }

  /** {@code tags}: a list of strings, or one string of comma-separated tags. */
  private List<String> tagList() {
    List<String> out = new ArrayList<>();
    if (tags == null) return out;
    if (tags instanceof String) {
      for (String t : ((String) tags).split(",")) {
        if (!t.isBlank()) out.add(t.strip());
      }
      return out;
    }
    if (!(tags instanceof List)) {
      throw new IllegalArgumentException("Argument 'tags' must be a list of strings such as "
          + "[\"dupont\", \"facturation\"] but was " + tags);
    }
    for (Object o : (List<?>) tags) {
      if (!(o instanceof String)) {
        throw new IllegalArgumentException("Argument 'tags' must hold strings but held " + o);
      }
      out.add((String) o);
    }
    return out;
  }
}
