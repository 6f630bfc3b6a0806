package org.qmd4j.vault;

import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.search.DateSource;
import org.qmd4j.search.FileKind;
import org.qmd4j.spi.VaultFile;

/**
 * The one rule that dates a file for date filters, outside changelog days: a note (notes
 * layout) by frontmatter {@code updated}, {@code date} or {@code created}, else a
 * {@code YYYY-MM-DD} in its file name, else its modification day; any other file by
 * frontmatter {@code updated} only. Every engine's chunks get their dates from here (through
 * the {@link Chunker}), and results name the source through it.
 */
public final class NoteDates {
  private NoteDates() {}

  /** A date outside digits, so that {@code 12026-11-26} or a longer number is not one. */
  private static final Pattern DAY_IN_NAME =
      Pattern.compile("(?<!\\d)(\\d{4}-\\d{2}-\\d{2})(?!\\d)");

  /** A file's date and where it comes from. */
  public record Dated(LocalDate date, DateSource source) {
    public Dated {
      Objects.requireNonNull(date, "date == null");
      Objects.requireNonNull(source, "source == null");
    }
  }

  /**
   * The date of {@code file} outside changelog days.
   *
   * @param modified the file's modification day, if known
   */
  public static Optional<Dated> of(VaultFile file, Frontmatter frontmatter,
      Optional<LocalDate> modified) {
    Objects.requireNonNull(modified, "modified == null");
    Optional<Dated> updated = frontmatter.date("updated")
        .map(d -> new Dated(d, DateSource.FRONTMATTER_UPDATED));
    if (file.kind() != FileKind.NOTE) return updated;
    // Notes apps write any of these; daily notes are named by their day; the modification
    // day is the last resort.
    return updated
        .or(() -> frontmatter.date("date").map(d -> new Dated(d, DateSource.FRONTMATTER_DATE)))
        .or(() -> frontmatter.date("created")
            .map(d -> new Dated(d, DateSource.FRONTMATTER_CREATED)))
        .or(() -> inName(file.path()).map(d -> new Dated(d, DateSource.FILE_NAME)))
        .or(() -> modified.map(d -> new Dated(d, DateSource.FILE_TIME)));
  }

  /** The first valid {@code YYYY-MM-DD} in the file name of {@code path} (not its folders). */
  static Optional<LocalDate> inName(String path) {
    Matcher m = DAY_IN_NAME.matcher(path.substring(path.lastIndexOf('/') + 1));
    while (m.find()) {
      Optional<LocalDate> day = Frontmatter.parseDate(m.group(1));
      if (day.isPresent()) return day;
    }
    return Optional.empty();
  }
}
