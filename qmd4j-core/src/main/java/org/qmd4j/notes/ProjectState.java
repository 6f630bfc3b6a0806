package org.qmd4j.notes;

import java.time.LocalDate;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.LineRange;

/**
 * The state of a project: {@code projects/<name>/state.md}, or the part of it in one chunk
 * when the file is large enough to be split.
 *
 * @param path the file's vault-relative path
 * @param project the project's name
 * @param lines the lines of {@code text} in the file
 * @param updated the frontmatter {@code updated} date, if it is a valid date
 * @param sections every heading of the text (ATX or setext, any level) mapped to the text
 *     under it up to the next heading, blank lines around it dropped, in file order; a
 *     repeated heading gets a suffix {@code " (2)"}, {@code " (3)"} ...
 * @param text the text without frontmatter
 * @param score the relevance of its chunk
 * @since 0.2
 */
public record ProjectState(String path, String project, LineRange lines,
    Optional<LocalDate> updated, Map<String, String> sections, String text, double score)
    implements Note {
  public ProjectState {
    Objects.requireNonNull(path, "path == null");
    Objects.requireNonNull(project, "project == null");
    Objects.requireNonNull(lines, "lines == null");
    Objects.requireNonNull(updated, "updated == null");
    sections = Scores.orderedCopy(Objects.requireNonNull(sections, "sections == null"));
    Objects.requireNonNull(text, "text == null");
    Scores.check(score);
  }

  /** The text under {@code heading}, ignoring case and accents; empty if there is none. */
  public Optional<String> section(String heading) {
    Objects.requireNonNull(heading, "heading == null");
    for (Map.Entry<String, String> e : sections.entrySet()) {
      if (org.qmd4j.internal.Texts.sameFolded(e.getKey(), heading)) {
        return Optional.of(e.getValue());
      }
    }
    return Optional.empty();
  }

  /**
   * This state as the CLI's {@code --json}, the MCP {@code states} tool and the web's
   * {@code /api/states} write it:
   * {@code {path, project, lines, updated, sections, text, score}}.
   *
   * @since 0.3
   */
  @Override
  public Map<String, Object> toWire() {
    return new Wire(path, project, lines).put("updated", updated).put("sections", sections)
        .end(text, score);
  }

  @Override
  public String toString() {
    return path + ":" + lines + " " + sections.keySet();
  }
}
