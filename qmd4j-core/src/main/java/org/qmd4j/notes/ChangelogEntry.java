package org.qmd4j.notes;

import java.time.LocalDate;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.LineRange;

/**
 * One entry of a changelog: an H2 section such as {@code ## [décision] Abandon de l'API
 * externe} under its day heading {@code # 2025-07-14}. A day with no H2 is one entry titled
 * with its heading.
 *
 * @param path the changelog's vault-relative path
 * @param project the project, empty for the root changelog
 * @param lines the entry's lines in the file, from its heading
 * @param date the day it belongs to; empty when the day heading is not a date
 * @param tag the tag in brackets at the start of the title, as written ({@code décision});
 *     empty when there is none
 * @param title the heading's text after the tag
 * @param text the entry, heading included
 * @param score the relevance of the chunk holding it
 * @since 0.2
 */
public record ChangelogEntry(String path, Optional<String> project, LineRange lines,
    Optional<LocalDate> date, Optional<String> tag, String title, String text, double score)
    implements Note {
  public ChangelogEntry {
    Objects.requireNonNull(path, "path == null");
    Objects.requireNonNull(project, "project == null");
    Objects.requireNonNull(lines, "lines == null");
    Objects.requireNonNull(date, "date == null");
    Objects.requireNonNull(tag, "tag == null");
    Objects.requireNonNull(title, "title == null");
    Objects.requireNonNull(text, "text == null");
    Scores.check(score);
  }

  /**
   * This entry as the CLI's {@code --json}, the MCP {@code changelog} tool and the web's
   * {@code /api/changelog} write it:
   * {@code {path, project, lines, date, tag, title, text, score}}.
   *
   * @since 0.3
   */
  @Override
  public Map<String, Object> toWire() {
    return new Wire(path, project, lines).put("date", date).put("tag", tag)
        .put("title", title).end(text, score);
  }

  @Override
  public String toString() {
    return path + ":" + lines + " " + date.map(LocalDate::toString).orElse("?") + " "
        + tag.map(t -> "[" + t + "] ").orElse("") + title;
  }
}
