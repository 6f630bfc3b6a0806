package org.qmd4j;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.qmd4j.search.DateSource;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.vault.Frontmatter;
import org.qmd4j.vault.InsideVault;
import org.qmd4j.vault.NoteDates;
import org.qmd4j.vault.NoteText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The date of each result and where it comes from. Engines store a chunk's date (the one
 * date filters compare) but not its source; the source is found again in Java, by the rule
 * of {@link NoteDates}, from the result's file: the same on every engine. One per searcher:
 * a file is read again only when its stamp changed (a stat per result and answer, instead of
 * a read and a frontmatter parse). Thread-safe.
 */
final class ResultDates {
  private static final Logger LOG = LoggerFactory.getLogger(ResultDates.class);
  /** Past this many files the memory is dropped and filled again from the next answers. */
  private static final int MAX_FILES = 20_000;

  private final Path vault;
  private final Map<String, Known> files = new ConcurrentHashMap<>();

  /** What a file's date was when it had {@code stamp}. */
  private record Known(FileStamp stamp, Optional<NoteDates.Dated> dated) {}

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
    return read(chunk).filter(d -> d.date().equals(date)).map(NoteDates.Dated::source);
  }

  private Optional<NoteDates.Dated> read(Chunk chunk) {
    try {
      FileStamp stamp = FileStamp.stat(vault.resolve(chunk.path())).stamp();
      Known known = files.get(chunk.path());
      if (known != null && known.stamp().equals(stamp)) return known.dated();
      NoteText text = NoteText.decode(InsideVault.readAllBytes(vault, chunk.path()));
      Optional<NoteDates.Dated> dated = NoteDates.of(chunk.file(), Frontmatter.parse(text),
          Optional.of(stamp.modifiedDay()));
      if (files.size() >= MAX_FILES) files.clear();
      files.put(chunk.path(), new Known(stamp, dated));
      return dated;
    } catch (IOException e) {
      // Gone or unreadable since the search: the result keeps the date it was found with.
      LOG.debug("Cannot read {} to say where its date comes from: {}", chunk.path(),
          e.toString());
      return Optional.empty();
    }
  }
}
