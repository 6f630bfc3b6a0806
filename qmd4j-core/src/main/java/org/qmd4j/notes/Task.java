package org.qmd4j.notes;

import java.time.LocalDate;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.LineRange;

/**
 * A task of a {@code tasks.md}: an H1 title followed by {@code status:}, {@code prio:} and
 * {@code deadline:} lines.
 *
 * <pre>
 * # Signer la term sheet
 * status: bloqué
 * prio: haute
 * deadline: 2025-10-15
 * </pre>
 *
 * <p>The key lines are read anywhere in the task outside code blocks, first one wins, keys
 * ignoring case ({@code priority:} is read as {@code prio:}).
 *
 * @param path the tasks file's vault-relative path
 * @param project the project, empty for the root {@code tasks.md}
 * @param lines the task's lines in the file, from its title
 * @param title the H1 text
 * @param status the {@code status:} value as written ({@code bloqué}), if any
 * @param priority the {@code prio:} value as written ({@code haute}), if any
 * @param deadline the {@code deadline:} value when it is an ISO date
 * @param text the task, title included
 * @param score the relevance of its chunk
 * @since 0.2
 */
public record Task(String path, Optional<String> project, LineRange lines, String title,
    Optional<String> status, Optional<String> priority, Optional<LocalDate> deadline,
    String text, double score) implements Note {
  public Task {
    Objects.requireNonNull(path, "path == null");
    Objects.requireNonNull(project, "project == null");
    Objects.requireNonNull(lines, "lines == null");
    Objects.requireNonNull(title, "title == null");
    Objects.requireNonNull(status, "status == null");
    Objects.requireNonNull(priority, "priority == null");
    Objects.requireNonNull(deadline, "deadline == null");
    Objects.requireNonNull(text, "text == null");
    Scores.check(score);
  }

  /**
   * This task as the CLI's {@code --json}, the MCP {@code tasks} tool and the web's
   * {@code /api/tasks} write it:
   * {@code {path, project, lines, title, status, priority, deadline, text, score}}.
   *
   * @since 0.3
   */
  @Override
  public Map<String, Object> toWire() {
    return new Wire(path, project, lines).put("title", title).put("status", status)
        .put("priority", priority).put("deadline", deadline).end(text, score);
  }

  @Override
  public String toString() {
    return path + ":" + lines + " " + title + " (" + status.orElse("?") + ", "
        + priority.orElse("?") + deadline.map(d -> ", " + d).orElse("") + ")";
  }
}
