package org.qmd4j.notes;

import java.util.Map;
import org.qmd4j.search.LineRange;

/**
 * A typed search result: one record per kind of vault file, parsed from a ranked chunk and
 * its file's frontmatter. Values are immutable.
 *
 * <pre>{@code
 * for (Note note : notes) {
 *   if (note instanceof Task) {
 *     Task task = (Task) note;
 *     System.out.println(task.title() + " " + task.status().orElse("?"));
 *   } else if (note instanceof ChangelogEntry) {
 *     ...
 *   }
 * }
 * }</pre>
 *
 * @since 0.2
 */
public sealed interface Note
    permits ChangelogEntry, Task, ProjectState, Description, BucketItem {
  /** The file's vault-relative path. */
  String path();

  /** The 1-based inclusive lines of {@link #text()} in the file. */
  LineRange lines();

  /** The note's own text, as written in the file, without frontmatter. */
  String text();

  /** The relevance of the chunk it comes from, in [0, 1]; 1.0 for the query {@code "*"}. */
  double score();

  /**
   * The one JSON shape of this note, shared by the CLI's {@code --json}, the MCP tools and the
   * web's JSON API: a map (in order) with the record's components as keys ({@code path},
   * {@code project}, {@code lines}, the kind's own fields, {@code text}, {@code score}), an
   * absent value as {@code null} (every row of a kind has the same keys), dates as ISO
   * strings ({@code 2025-10-15}), {@code lines} as {@code "35-39"} and the score with two
   * decimals. Values are strings, numbers, booleans, lists, maps or {@code null}: any JSON
   * writer serializes it.
   *
   * @since 0.3
   */
  Map<String, Object> toWire();
}
