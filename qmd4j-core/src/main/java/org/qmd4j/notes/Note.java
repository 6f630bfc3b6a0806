package org.qmd4j.notes;

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
}
