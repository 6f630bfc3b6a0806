package org.qmd4j;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.qmd4j.search.DateSource;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.Chunk;
import org.qmd4j.vault.FileStamp;
import org.qmd4j.vault.Frontmatter;
import org.qmd4j.vault.InsideVault;
import org.qmd4j.vault.NoteDates;
import org.qmd4j.vault.NoteText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The date of each result and where it comes from. Engines store a chunk's date (the one
 * date filters compare) but not its source; the source is found again in Java, by the rule
 * of {@link NoteDates}, from the result's file: the same on every engine. One per answer
 * (each file read once); not thread-safe.
 */
final class ResultDates {
  private static final Logger LOG = LoggerFactory.getLogger(ResultDates.class);

  private final Path vault;
  private final Map<String, Optional<NoteDates.Dated>> files = new HashMap<>();

  ResultDates(Path vault) {
    this.vault = vault;
  }

  /** {@code result} of {@code chunk} with the chunk's date and its source. */
  SearchResult dated(SearchResult result, Chunk chunk) {
    return result.withDate(chunk.date(), source(chunk));
  }

  private Optional<DateSource> source(Chunk chunk) {
    if (chunk.date().isEmpty()) return Optional.empty();
    if (chunk.file().kind() == FileKind.CHANGELOG) return Optional.of(DateSource.CHANGELOG_DAY);
    LocalDate date = chunk.date().get();
    // A file changed since the engine read it may date otherwise now: then the source of
    // the engine's date is not known, and none is given.
    return files.computeIfAbsent(chunk.path(), p -> read(chunk))
        .filter(d -> d.date().equals(date)).map(NoteDates.Dated::source);
  }

  private Optional<NoteDates.Dated> read(Chunk chunk) {
    try {
      LocalDate modified = FileStamp.stat(vault.resolve(chunk.path())).stamp().modifiedDay();
      NoteText text = NoteText.decode(InsideVault.readAllBytes(vault, chunk.path()));
      return NoteDates.of(chunk.file(), Frontmatter.parse(text), Optional.of(modified));
    } catch (IOException e) {
      // Gone or unreadable since the search: the result keeps the date it was found with.
      LOG.debug("Cannot read {} to say where its date comes from: {}", chunk.path(),
          e.toString());
      return Optional.empty();
    }
  }
}
