package org.qmd4j.spi;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.LineRange;

/**
 * A searchable piece of a vault file.
 *
 * @param file the file it comes from
 * @param ordinal its position among the file's chunks, from 0
 * @param lines its 1-based inclusive line range in the file
 * @param text its lines joined with {@code \n}
 * @param headings the texts of the top-level headings it holds, in order; for an entry of a
 *     dense changelog day, the day's heading comes first
 * @param date the date that date filters use: the H1 day of a changelog chunk, the
 *     frontmatter {@code updated} of any other file; empty when unknown
 */
public record Chunk(
    VaultFile file,
    int ordinal,
    LineRange lines,
    String text,
    List<String> headings,
    Optional<LocalDate> date) {
  public Chunk {
    Objects.requireNonNull(file, "file == null");
    Objects.requireNonNull(lines, "lines == null");
    Objects.requireNonNull(text, "text == null");
    headings = List.copyOf(headings);
    Objects.requireNonNull(date, "date == null");
  }

  /** The file's vault-relative path. */
  public String path() {
    return file.path();
  }
}
