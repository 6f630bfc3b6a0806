package org.qmd4j.concat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.SearchResult;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.NoteText;
import org.qmd4j.vault.VaultLayout;

/**
 * Chooses what a brief includes for a list of search results.
 *
 * <table>
 *   <caption>Selection</caption>
 *   <tr><th>file of a result</th><th>included</th></tr>
 *   <tr><td>a state or description, or any file of at most {@value #SHORT_FILE_LINES} lines
 *       and {@value #SHORT_FILE_BYTES} bytes of text</td><td>the whole file</td></tr>
 *   <tr><td>any other file (long changelogs, tasks, big bucket notes)</td>
 *       <td>the hit chunk's lines with {@value #CONTEXT_LINES} lines of context on each
 *       side (the context after stops before a heading, whose body it would not show); a
 *       changelog hit starts at its {@code # YYYY-MM-DD} day line when that line is at most
 *       {@value #DAY_REACH} lines above, else the day line comes as a line of its own</td></tr>
 * </table>
 *
 * <p>Files come in the order of their best result; {@link ConcatEngine} merges the ranges of
 * one file that overlap or touch. Stateless.
 */
final class BriefPlanner {
  /** Files of at most this many lines (and {@link #SHORT_FILE_BYTES}) are included whole. */
  static final int SHORT_FILE_LINES = 60;
  /** Files of at most this many UTF-8 bytes (and {@link #SHORT_FILE_LINES}) are included whole. */
  static final int SHORT_FILE_BYTES = 4096;
  /** Lines of context kept on each side of a hit chunk in a long file. */
  static final int CONTEXT_LINES = 2;
  /** A changelog hit this close below its day's line is shown from that line. */
  static final int DAY_REACH = 30;


  private BriefPlanner() {}

  /**
   * The items to concatenate for {@code results}, reading files through {@code notes}.
   * Results whose lines are no longer in the file (it changed since the search) are skipped.
   */
  static List<ConcatItem> plan(List<SearchResult> results, Function<String, NoteText> notes,
      VaultLayout layout) {
    Map<String, NoteText> read = new HashMap<>();
    Set<String> whole = new HashSet<>();
    List<ConcatItem> items = new ArrayList<>();
    for (SearchResult result : results) {
      String path = result.path();
      if (whole.contains(path)) continue;
      NoteText note = read.computeIfAbsent(path, notes);
      if (isShort(path, note, layout)) {
        whole.add(path);
        items.add(new ConcatItem.WholeFile(path));
        continue;
      }
      int from = result.lines().from();
      if (from > note.lineCount()) continue;
      int to = Math.min(result.lines().to(), note.lineCount());
      int contextStart = Math.max(1, from - CONTEXT_LINES);
      int start = contextStart;
      Optional<Integer> day = dayLine(path, note, from, layout).filter(d -> d < contextStart);
      if (day.isPresent() && start - day.get() <= DAY_REACH) {
        start = day.get(); // the day travels with its entry: no block of a day heading alone
      } else {
        day.ifPresent(d -> items.add(new ConcatItem.LineSpan(path, d, d)));
      }
      items.add(new ConcatItem.LineSpan(path, start, contextEnd(note, to)));
    }
    return items;
  }

  /**
   * The last line of a hit ending at {@code to} with its context after: stops before a
   * heading (its body is not shown, so the heading would end the excerpt alone) and drops
   * trailing blank lines.
   */
  static int contextEnd(NoteText note, int to) {
    int end = to;
    for (int line = to + 1; line <= Math.min(note.lineCount(), to + CONTEXT_LINES); line++) {
      if (note.line(line).startsWith("#")) break;
      end = line;
    }
    while (end > to && note.line(end).isBlank()) end--;
    return end;
  }

  /** Whether the whole file goes into the brief. */
  static boolean isShort(String path, NoteText note, VaultLayout layout) {
    Optional<FileKind> kind = layout.classify(path).map(VaultFile::kind);
    if (kind.isPresent() && (kind.get() == FileKind.STATE || kind.get() == FileKind.DESCRIPTION)) {
      return true;
    }
    if (note.lineCount() > SHORT_FILE_LINES) return false;
    long bytes = 0;
    for (String line : note.lines()) bytes += Utf8.length(line) + 1;
    return bytes <= SHORT_FILE_BYTES;
  }

  /** An H1 that names a day, as the chunker reads changelog days ({@code # 2025-07-14 ...}). */
  private static boolean isDayHeading(String line) {
    return line.length() > 1 && line.charAt(0) == '#' && Character.isWhitespace(line.charAt(1))
        && Chunker.dayOf(line.substring(1)).isPresent();
  }

  /** For a changelog, the line of the {@code # YYYY-MM-DD} day that holds line {@code from}. */
  private static Optional<Integer> dayLine(String path, NoteText note, int from,
      VaultLayout layout) {
    boolean changelog = layout.classify(path)
        .map(f -> f.kind() == FileKind.CHANGELOG).orElse(false);
    if (!changelog) return Optional.empty();
    for (int line = from; line >= 1; line--) {
      if (isDayHeading(note.line(line))) return Optional.of(line);
    }
    return Optional.empty();
  }
}
