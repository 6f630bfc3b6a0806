package org.qmd4j.vault;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.qmd4j.search.DateSource;
import org.qmd4j.search.FileKind;
import org.qmd4j.spi.VaultFile;

/** One rule dates a note: frontmatter, then a day in its file name, then its time. */
class NoteDatesTest {
  private static final Optional<LocalDate> TOUCHED = Optional.of(LocalDate.of(2026, 11, 27));

  private static Optional<NoteDates.Dated> dated(String path, String text) {
    VaultFile file = new VaultFile(path, FileKind.NOTE, Optional.empty());
    return NoteDates.of(file, Frontmatter.parse(NoteText.of(text)), TOUCHED);
  }

  @Test
  void frontmatterComesFirstInTheOrderUpdatedDateCreated() {
    assertThat(dated("Journal/2026-11-26.md", "---\nupdated: 2026-01-02\ndate: 2026-01-01\n"
        + "---\n")).contains(new NoteDates.Dated(LocalDate.of(2026, 1, 2),
            DateSource.FRONTMATTER_UPDATED));
    assertThat(dated("Journal/2026-11-26.md", "---\ndate: 2026-01-01\ncreated: 2025-01-01\n"
        + "---\n")).contains(new NoteDates.Dated(LocalDate.of(2026, 1, 1),
            DateSource.FRONTMATTER_DATE));
    assertThat(dated("a.md", "---\ncreated: 2025-01-01\nupdated: soon\n---\n")).contains(
        new NoteDates.Dated(LocalDate.of(2025, 1, 1), DateSource.FRONTMATTER_CREATED));
  }

  @Test
  void aDayInTheFileNameComesBeforeTheFileTimeInAnyFolder() {
    assertThat(dated("Journal/2026-11-26.md", "# Jeudi\n")).contains(
        new NoteDates.Dated(LocalDate.of(2026, 11, 26), DateSource.FILE_NAME));
    assertThat(dated("a/b/Réunion 2025-03-04 équipe.md", "texte")).contains(
        new NoteDates.Dated(LocalDate.of(2025, 3, 4), DateSource.FILE_NAME));
    assertThat(dated("2025-03-04/notes.md", "texte")).as("a folder's name is not the file's")
        .contains(new NoteDates.Dated(TOUCHED.get(), DateSource.FILE_TIME));
  }

  @Test
  void anImpossibleOrLongerNumberInTheNameIsNoDate() {
    assertThat(dated("2025-02-30.md", "")).contains(
        new NoteDates.Dated(TOUCHED.get(), DateSource.FILE_TIME));
    assertThat(dated("12025-03-04.md", "")).contains(
        new NoteDates.Dated(TOUCHED.get(), DateSource.FILE_TIME));
    assertThat(dated("2025-02-30 puis 2025-03-01.md", "")).contains(
        new NoteDates.Dated(LocalDate.of(2025, 3, 1), DateSource.FILE_NAME));
  }

  @Test
  void projectsLayoutFilesAreDatedByUpdatedOnly() {
    VaultFile bucket = new VaultFile("bucket/2025-03-04-point.md", FileKind.BUCKET,
        Optional.empty());
    assertThat(NoteDates.of(bucket, Frontmatter.parse(NoteText.of("---\ndate: 2025-01-01\n"
        + "---\n")), TOUCHED)).isEmpty();
    assertThat(NoteDates.of(bucket, Frontmatter.parse(NoteText.of("---\nupdated: 2025-01-01\n"
        + "---\n")), TOUCHED)).contains(new NoteDates.Dated(LocalDate.of(2025, 1, 1),
            DateSource.FRONTMATTER_UPDATED));
  }
}
