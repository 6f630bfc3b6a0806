package org.qmd4j.notes;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.internal.Frozen;
import org.qmd4j.search.LineRange;

/**
 * A note of a bucket ({@code bucket/**} or {@code projects/<name>/bucket/**}), or the part
 * of it in one chunk, with its file's frontmatter.
 *
 * @param path the file's vault-relative path
 * @param project the project, empty for the root bucket
 * @param lines the lines of {@code text} in the file; the frontmatter's lines for a note that
 *     has no body
 * @param type the frontmatter {@code type} as written ({@code réunion}), if any
 * @param created the frontmatter {@code created} date, if it is a valid date
 * @param updated the frontmatter {@code updated} date, if it is a valid date
 * @param tags the frontmatter {@code tags}: a YAML list, or one value
 * @param frontmatter every frontmatter field in file order, read-only; empty when the
 *     frontmatter is absent or malformed
 * @param text the text without frontmatter
 * @param score the relevance of its chunk
 * @since 0.2
 */
public record BucketItem(String path, Optional<String> project, LineRange lines,
    Optional<String> type, Optional<LocalDate> created, Optional<LocalDate> updated,
    List<String> tags, Map<String, Object> frontmatter, String text, double score)
    implements Note {
  public BucketItem {
    Objects.requireNonNull(path, "path == null");
    Objects.requireNonNull(project, "project == null");
    Objects.requireNonNull(lines, "lines == null");
    Objects.requireNonNull(type, "type == null");
    Objects.requireNonNull(created, "created == null");
    Objects.requireNonNull(updated, "updated == null");
    tags = List.copyOf(Objects.requireNonNull(tags, "tags == null"));
    frontmatter = Frozen.map(Objects.requireNonNull(frontmatter, "frontmatter == null"));
    Objects.requireNonNull(text, "text == null");
    Scores.check(score);
  }

  /**
   * This note as the CLI's {@code --json}, the MCP {@code buckets} tool and the web's
   * {@code /api/buckets} write it:
   * {@code {path, project, lines, type, created, updated, tags, frontmatter, text, score}}.
   *
   * @since 0.3
   */
  @Override
  public Map<String, Object> toWire() {
    return new Wire(path, project, lines).put("type", type).put("created", created)
        .put("updated", updated).put("tags", tags).put("frontmatter", frontmatter)
        .end(text, score);
  }

  @Override
  public String toString() {
    return path + ":" + lines + " " + type.orElse("?") + " " + tags;
  }
}
