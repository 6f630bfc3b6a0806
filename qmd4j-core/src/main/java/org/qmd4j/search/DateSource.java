package org.qmd4j.search;

/**
 * Where the date of a result comes from: the date that date filters ({@code date_from},
 * {@code date_to}) compare and that {@code *} sorts by, newest first.
 *
 * <table>
 *   <caption>Date sources, in the order a note's date is looked for</caption>
 *   <tr><th>source</th><th>wire name</th><th>used for</th></tr>
 *   <tr><td>{@link #CHANGELOG_DAY}</td><td>{@code changelog day}</td>
 *       <td>a changelog chunk: its {@code # YYYY-MM-DD} heading</td></tr>
 *   <tr><td>{@link #FRONTMATTER_UPDATED}</td><td>{@code frontmatter:updated}</td>
 *       <td>any other file: frontmatter {@code updated}</td></tr>
 *   <tr><td>{@link #FRONTMATTER_DATE}</td><td>{@code frontmatter:date}</td>
 *       <td>a note without {@code updated}: frontmatter {@code date}</td></tr>
 *   <tr><td>{@link #FRONTMATTER_CREATED}</td><td>{@code frontmatter:created}</td>
 *       <td>a note without {@code updated} or {@code date}: frontmatter {@code created}</td></tr>
 *   <tr><td>{@link #FILE_NAME}</td><td>{@code file name}</td>
 *       <td>a note without a frontmatter date: a {@code YYYY-MM-DD} in its file name
 *       (daily notes such as {@code Journal/2026-11-26.md})</td></tr>
 *   <tr><td>{@link #FILE_TIME}</td><td>{@code file time}</td>
 *       <td>a note with none of these: its modification day</td></tr>
 * </table>
 *
 * <p>Notes are the files of the notes layout; in the projects layout, files other than
 * changelogs are dated by frontmatter {@code updated} only.
 *
 * @since 0.9
 */
public enum DateSource {
  /** The {@code # YYYY-MM-DD} heading of a changelog day. */
  CHANGELOG_DAY("changelog day"),
  /** Frontmatter {@code updated}. */
  FRONTMATTER_UPDATED("frontmatter:updated"),
  /** Frontmatter {@code date}. */
  FRONTMATTER_DATE("frontmatter:date"),
  /** Frontmatter {@code created}. */
  FRONTMATTER_CREATED("frontmatter:created"),
  /** A {@code YYYY-MM-DD} in the file's name. */
  FILE_NAME("file name"),
  /** The file's modification day, in the local time zone. */
  FILE_TIME("file time");

  private final String wireName;

  DateSource(String wireName) {
    this.wireName = wireName;
  }

  /** The name written in JSON and shown to a person, e.g. {@code file name}. */
  public String wireName() {
    return wireName;
  }
}
