package org.qmd4j.search;

import java.util.Locale;

/** The kind of an indexed vault file, which decides how it is chunked and dated. */
public enum FileKind {
  /** {@code changelog.md}: one chunk per {@code # YYYY-MM-DD} day, dated by that day. */
  CHANGELOG,
  /** {@code tasks.md}: one chunk per H1 task, dated by frontmatter {@code updated}. */
  TASKS,
  /** {@code projects/<name>/state.md}. */
  STATE,
  /** {@code projects/<name>/description.md}. */
  DESCRIPTION,
  /** Any markdown file under {@code bucket/} or {@code projects/<name>/bucket/}. */
  BUCKET,
  /**
   * Any markdown file of a vault in the {@link Layout#NOTES notes} layout: chunked by size,
   * dated by frontmatter {@code updated}, else {@code date}, else {@code created}, else the
   * file's modification day.
   *
   * @since 0.4
   */
  NOTE;

  /** Lower-case name, as written in JSON. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
