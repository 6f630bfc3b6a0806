package org.qmd4j.find;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.EngineException;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.vault.Frontmatter;
import org.qmd4j.vault.FrontmatterReader;
import org.qmd4j.vault.Unreadable;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;

/**
 * The scan phase of {@code find_notes}: the indexed files of the vault that pass the folder,
 * the frontmatter conditions and the date bounds of a request. Reads a file's head only when
 * the request needs its frontmatter or date.
 */
final class VaultScan {
  private VaultScan() {}

  /**
   * The files that pass, by path in path order; with {@code conditions} false, the
   * frontmatter conditions are not applied (the files are still read for them).
   *
   * @throws EngineException if the vault cannot be walked or a file cannot be read
   */
  static Map<String, ScannedNote> run(Path vault, VaultLayout layout, FindRequest request,
      Clock clock, Optional<LocalDate> start, Optional<LocalDate> end, boolean conditions) {
    Map<String, FileStamp> files;
    try {
      files = VaultScanner.scan(vault, layout);
    } catch (IOException e) {
      throw new EngineException("Cannot list the files of the vault " + vault + " ("
          + Problems.describe(e) + ")" + "; check that the vault folder exists and can be read", e);
    }
    Set<DateType> dates = EnumSet.noneOf(DateType.class);
    if (start.isPresent() || end.isPresent()) dates.add(request.dateType());
    if (request.effectiveSort() == FindSort.MODIFIED) dates.add(DateType.MODIFIED);
    if (request.effectiveSort() == FindSort.CREATED) dates.add(DateType.CREATED);
    boolean needsFrontmatter = !dates.isEmpty() || !request.where().isEmpty()
        || !request.includeFields().isEmpty();
    Map<String, ScannedNote> out = new LinkedHashMap<>();
    for (Map.Entry<String, FileStamp> e : files.entrySet()) {
      String path = e.getKey();
      if (!inFolder(path, request)) continue;
      Path file = vault.resolve(path);
      try {
        Frontmatter fm = needsFrontmatter ? FrontmatterReader.read(vault, path) : Frontmatter.NONE;
        if (conditions && !passes(fm, request, clock)) continue;
        Map<DateType, LocalDate> known = new EnumMap<>(DateType.class);
        for (DateType type : dates) known.put(type, date(file, fm, e.getValue(), type, clock));
        LocalDate d = known.get(request.dateType());
        if (start.isPresent() && d.isBefore(start.get())) continue;
        if (end.isPresent() && d.isAfter(end.get())) continue;
        out.put(path, new ScannedNote(path, fm,
            Optional.ofNullable(known.get(DateType.MODIFIED)),
            Optional.ofNullable(known.get(DateType.CREATED))));
      } catch (NoSuchFileException gone) {
        // Deleted since the walk: it is simply not there any more.
      } catch (AccessDeniedException denied) {
        Unreadable.skipped(vault, path, "file", denied);
      } catch (FileSystemException notAFile) {
        // Swapped since the walk for a link, a pipe or a folder: no longer a note here.
      } catch (IOException ex) {
        throw new EngineException("Cannot read " + path + " in the vault " + vault + " ("
            + Problems.describe(ex) + "); check that the file can be read", ex);
      }
    }
    return out;
  }

  /** Whether {@code path} lies in the request's folder (directly, or below when recursive). */
  static boolean inFolder(String path, FindRequest request) {
    if (request.folder().isEmpty()) return true;
    String folder = request.folder().get();
    String rest;
    if (folder.isEmpty()) {
      rest = path;
    } else {
      if (!path.startsWith(folder + "/")) return false;
      rest = path.substring(folder.length() + 1);
    }
    return request.recursive() || rest.indexOf('/') < 0;
  }

  /** Whether {@code fm} meets every frontmatter condition of {@code request}. */
  static boolean passes(Frontmatter fm, FindRequest request, Clock clock) {
    for (Condition c : request.where()) {
      if (!c.test(fm.fields(), clock)) return false;
    }
    return true;
  }

  /** The file's date of {@code type}: frontmatter first, else the file's own time. */
  private static LocalDate date(Path file, Frontmatter fm, FileStamp stamp, DateType type,
      Clock clock) throws IOException {
    Optional<LocalDate> written = fm.date(type.frontmatterKey());
    if (written.isPresent()) return written.get();
    Instant instant;
    if (type == DateType.MODIFIED) {
      long nanos = stamp.modifiedNanos();
      instant = Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L),
          Math.floorMod(nanos, 1_000_000_000L));
    } else {
      FileTime created = Files.readAttributes(file, BasicFileAttributes.class).creationTime();
      instant = created.toInstant();
    }
    return LocalDate.ofInstant(instant, clock.getZone());
  }
}
