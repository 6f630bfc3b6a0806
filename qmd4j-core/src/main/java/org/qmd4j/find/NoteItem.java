package org.qmd4j.find;

import java.util.Map;
import java.util.Objects;
import org.qmd4j.internal.Frozen;

/**
 * A note (file) found by a {@code find_notes} call without a query.
 *
 * @param path the file's vault-relative path
 * @param fields the requested frontmatter fields (see {@link FindItem#fields()})
 * @since 0.2
 */
public record NoteItem(String path, Map<String, Object> fields) implements FindItem {
  public NoteItem {
    Objects.requireNonNull(path, "path == null");
    fields = Frozen.map(Objects.requireNonNull(fields, "fields == null"));
  }

  /** A note without fields. */
  public static NoteItem of(String path) {
    return new NoteItem(path, Map.of());
  }

  @Override
  public String toString() {
    return fields.isEmpty() ? path : path + " " + fields;
  }
}
