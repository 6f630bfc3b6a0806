package org.qmd4j.find;

import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.qmd4j.vault.Frontmatter;

/**
 * An indexed file that passed the vault scan of a {@code find_notes} call.
 *
 * @param path vault-relative path
 * @param frontmatter its frontmatter; {@link Frontmatter#NONE} when the call did not need it
 * @param date its {@link DateType} date; empty when the call did not need it
 */
record ScannedNote(String path, Frontmatter frontmatter, Optional<LocalDate> date) {
  /** The file name: the last segment of the path. */
  String name() {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /** The requested fields, in request order, {@code null} for those the file lacks. */
  Map<String, Object> fields(List<String> names) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (String name : names) out.put(name, frontmatter.fields().get(name));
    return out;
  }
}
