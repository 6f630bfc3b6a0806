package org.qmd4j.notes;

import java.time.LocalDate;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.LineRange;

/**
 * The description of a project: {@code projects/<name>/description.md}, or the part of it
 * in one chunk.
 *
 * @param path the file's vault-relative path
 * @param project the project's name
 * @param lines the lines of {@code text} in the file
 * @param updated the frontmatter {@code updated} date, if it is a valid date
 * @param text the text without frontmatter
 * @param score the relevance of its chunk
 * @since 0.2
 */
public record Description(String path, String project, LineRange lines,
    Optional<LocalDate> updated, String text, double score) implements Note {
  public Description {
    Objects.requireNonNull(path, "path == null");
    Objects.requireNonNull(project, "project == null");
    Objects.requireNonNull(lines, "lines == null");
    Objects.requireNonNull(updated, "updated == null");
    Objects.requireNonNull(text, "text == null");
    Scores.check(score);
  }

  /**
   * This description as the CLI's {@code --json}, the MCP {@code descriptions} tool and the web's
   * {@code /api/descriptions} write it:
   * {@code {path, project, lines, updated, text, score}}.
   *
   * @since 0.3
   */
  @Override
  public Map<String, Object> toWire() {
    return new Wire(path, project, lines).put("updated", updated).end(text, score);
  }

  @Override
  public String toString() {
    return path + ":" + lines;
  }
}
