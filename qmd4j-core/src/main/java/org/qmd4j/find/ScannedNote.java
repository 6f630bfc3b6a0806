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
 * @param modified its {@link DateType#MODIFIED} date; empty when the call did not need it
 * @param created its {@link DateType#CREATED} date; empty when the call did not need it
 */
record ScannedNote(String path, Frontmatter frontmatter, Optional<LocalDate> modified,
    Optional<LocalDate> created) {
  /** Its date of {@code type}; empty when the call did not need it. */
  Optional<LocalDate> date(DateType type) {
    return type == DateType.MODIFIED ? modified : created;
  }

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
