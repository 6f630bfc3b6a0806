package org.qmd4j.find;

import java.util.Map;
import java.util.Objects;
import org.qmd4j.internal.Frozen;
import org.qmd4j.search.LineRange;

/**
 * A ranked chunk found by a {@code find_notes} query.
 *
 * @param source the file's vault-relative path
 * @param content the chunk's text
 * @param heading the chunk's first heading without its {@code #} marks, {@code ""} when it
 *     has none; for an entry of a dense changelog day, that day ({@code 2025-07-14})
 * @param score relevance in [0, 1], higher is better
 * @param lines the chunk's 1-based inclusive line range in the file
 * @param fields the requested frontmatter fields of the file (see {@link FindItem#fields()})
 * @since 0.2
 */
public record ChunkItem(String source, String content, String heading, double score,
    LineRange lines, Map<String, Object> fields) implements FindItem {
  public ChunkItem {
    Objects.requireNonNull(source, "source == null");
    Objects.requireNonNull(content, "content == null");
    Objects.requireNonNull(heading, "heading == null");
    Objects.requireNonNull(lines, "lines == null");
    fields = Frozen.map(Objects.requireNonNull(fields, "fields == null"));
    if (!(score >= 0.0 && score <= 1.0)) {
      throw new IllegalArgumentException("Expected a score in [0, 1] but was " + score);
    }
  }

  /** Same as {@link #source()}. */
  @Override
  public String path() {
    return source;
  }

  @Override
  public String toString() {
    return String.format(java.util.Locale.ROOT, "%s:%s (%.2f)", source, lines, score);
  }
}
