package org.qmd4j.vault;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.VaultFile;

/**
 * Cuts vault files into chunks along their markdown structure.
 *
 * <ul>
 *   <li>Changelog: one chunk per H1 day. A day longer than the dense-day size becomes one
 *       chunk per H2 entry (never cut inside an entry), plus one for the day's own text when
 *       it has some besides its heading; each entry keeps its day's heading in
 *       {@link Chunk#headings()}, so the date is searchable with it.
 *   <li>Tasks: one chunk per H1 task.
 *   <li>Other files: one chunk, cut at the best break points when longer than the chunk
 *       size. Break scores: H1 100, H2 90, H3 80, ... H6 50, a paragraph start 20, any other
 *       line 1; never inside a code block unless a single block is too long.
 *   <li>Lines before the first H1 belong to the first chunk, so frontmatter always stays in
 *       the file's first chunk. Leading and trailing blank lines are not part of a chunk. An
 *       empty or blank file has no chunk, except a note (notes layout): one chunk without
 *       text on line 1, so that its name finds it.
 * </ul>
 *
 * <p>Sizes count characters, each line with one newline. Instances are immutable and
 * thread-safe.
 */
public final class Chunker {
  /** Default maximum size of a chunk of a state, description or bucket file (≈ 900 tokens). */
  public static final int DEFAULT_CHUNK_SIZE = 3_600;
  /** Default size above which a changelog day is split into its H2 entries. */
  public static final int DEFAULT_DENSE_DAY_SIZE = 1_500;

  private static final Pattern DAY = Pattern.compile("^(\\d{4}-\\d{2}-\\d{2})\\b");

  private final int chunkSize;
  private final int denseDaySize;

  /**
   * @param chunkSize size above which a non-changelog, non-tasks file is split
   * @param denseDaySize size above which a changelog day is split into entries
   */
  public Chunker(int chunkSize, int denseDaySize) {
    if (chunkSize < 100) {
      throw new IllegalArgumentException("Expected a chunk size of at least 100 but was "
          + chunkSize);
    }
    if (denseDaySize < 100) {
      throw new IllegalArgumentException("Expected a dense-day size of at least 100 but was "
          + denseDaySize);
    }
    this.chunkSize = chunkSize;
    this.denseDaySize = denseDaySize;
  }

  /** A chunker with the default sizes. */
  public static Chunker defaults() {
    return new Chunker(DEFAULT_CHUNK_SIZE, DEFAULT_DENSE_DAY_SIZE);
  }

  public int chunkSize() {
    return chunkSize;
  }

  public int denseDaySize() {
    return denseDaySize;
  }

  /** Reads the frontmatter and structure of {@code note} and cuts it into chunks. */
  public ParsedNote parse(VaultFile file, NoteText note) {
    return parse(file, note, Optional.empty());
  }

  /**
   * Reads the frontmatter and structure of {@code note} and cuts it into chunks, dated as
   * {@link NoteDates} says; a {@link FileKind#NOTE} without a frontmatter date or a day in
   * its file name is dated by {@code modified}.
   *
   * @param modified the file's modification day, if known
   */
  public ParsedNote parse(VaultFile file, NoteText note, Optional<LocalDate> modified) {
    java.util.Objects.requireNonNull(modified, "modified == null");
    Frontmatter frontmatter = Frontmatter.parse(note);
    int n = note.lineCount();
    List<Piece> pieces = new ArrayList<>();
    String name = file.path().substring(file.path().lastIndexOf('/') + 1);
    String title = name.endsWith(".md") ? name.substring(0, name.length() - 3) : name;
    MarkdownStructure md = null;
    if (hasText(note, 1, n)) {
      md = MarkdownStructure.parse(note, frontmatter.endLine());
      for (Heading h : md.headings) {
        if (h.level() <= 2 && !h.text().isBlank()) {
          title = h.text();
          break;
        }
      }
      switch (file.kind()) {
        case CHANGELOG:
          changelog(note, md, frontmatter, pieces);
          break;
        case TASKS:
          tasks(note, md, frontmatter, pieces);
          break;
        default:
          bySize(note, md, frontmatter.endLine(), 1, n, pieces);
          break;
      }
    }
    Optional<LocalDate> updated = NoteDates.of(file, frontmatter, modified)
        .map(NoteDates.Dated::date);
    List<Chunk> chunks = new ArrayList<>(pieces.size());
    int[] froms = new int[pieces.size()];
    int[] tos = new int[pieces.size()];
    for (Piece p : pieces) {
      froms[chunks.size()] = p.from;
      tos[chunks.size()] = p.to;
      Optional<LocalDate> date = file.kind() == FileKind.CHANGELOG ? p.day : updated;
      chunks.add(new Chunk(file, chunks.size(), new LineRange(p.from, p.to),
          note.text(p.from, p.to), p.headings, date));
    }
    if (chunks.isEmpty() && file.kind() == FileKind.NOTE) {
      // An empty note (a page created in a notes app and not written yet) is still found by
      // its name: one chunk without text, line 1, which its path and title are searched with.
      chunks.add(new Chunk(file, 0, new LineRange(1, 1), "", List.of(), updated));
      return new ParsedNote(file, frontmatter, n, chunks, title);
    }
    return new ParsedNote(file, frontmatter, n, chunks, title,
        md == null ? List.of() : ChunkReadings.of(note, md, frontmatter, froms, tos));
  }

  private void changelog(NoteText note, MarkdownStructure md, Frontmatter fm, List<Piece> out) {
    List<Heading> days = md.headings.stream().filter(h -> h.level() == 1).toList();
    if (days.isEmpty()) {
      bySize(note, md, fm.endLine(), 1, note.lineCount(), out);
      return;
    }
    for (int i = 0; i < days.size(); i++) {
      Heading day = days.get(i);
      int from = i == 0 ? 1 : day.line();
      int to = i + 1 < days.size() ? days.get(i + 1).line() - 1 : note.lineCount();
      Optional<LocalDate> date = dayOf(day.text());
      List<Heading> entries = headingsIn(md, day.line() + 1, to, 2);
      if (note.length(from, to) <= denseDaySize || entries.isEmpty()) {
        add(note, md, from, to, List.of(), date, out);
        continue;
      }
      // A dense day: the day's own text (if any besides its heading), then each entry alone.
      int headEnd = entries.get(0).line() - 1;
      if (hasTextBesidesHeading(note, from, headEnd, day.line())) {
        add(note, md, from, headEnd, List.of(), date, out);
      }
      for (int e = 0; e < entries.size(); e++) {
        int entryFrom = entries.get(e).line();
        int entryTo = e + 1 < entries.size() ? entries.get(e + 1).line() - 1 : to;
        add(note, md, entryFrom, entryTo, List.of(day.text()), date, out);
      }
    }
  }

  private void tasks(NoteText note, MarkdownStructure md, Frontmatter fm, List<Piece> out) {
    List<Heading> tasks = md.headings.stream().filter(h -> h.level() == 1).toList();
    if (tasks.isEmpty()) {
      bySize(note, md, fm.endLine(), 1, note.lineCount(), out);
      return;
    }
    for (int i = 0; i < tasks.size(); i++) {
      int from = i == 0 ? 1 : tasks.get(i).line();
      int to = i + 1 < tasks.size() ? tasks.get(i + 1).line() - 1 : note.lineCount();
      add(note, md, from, to, List.of(), Optional.empty(), out);
    }
  }

  private void bySize(NoteText note, MarkdownStructure md, int frontmatterEnd, int from, int to,
      List<Piece> out) {
    int start = from;
    while (start <= to) {
      if (note.length(start, to) <= chunkSize) {
        add(note, md, start, to, List.of(), Optional.empty(), out);
        return;
      }
      int cut = bestBreak(note, md, frontmatterEnd, start, to);
      add(note, md, start, cut - 1, List.of(), Optional.empty(), out);
      start = cut;
    }
  }

  /** The line that starts the next chunk, for a chunk starting at {@code start}. */
  private int bestBreak(NoteText note, MarkdownStructure md, int frontmatterEnd, int start,
      int to) {
    int earliest = Math.max(start + 1, frontmatterEnd + 1);
    int best = -1;
    int bestScore = 0;
    for (int b = earliest; b <= to && note.length(start, b - 1) <= chunkSize; b++) {
      int size = note.length(start, b - 1);
      // Prefer a chunk of at least a quarter of the size over a better break that is too early.
      int score = breakScore(note, md, b) + (size >= chunkSize / 4 ? 1_000 : 0);
      if (breakScore(note, md, b) > 0 && score >= bestScore) {
        best = b;
        bestScore = score;
      }
    }
    if (best > 0) return best;
    // Nothing fits: the frontmatter or a single line or code block is larger than a chunk.
    for (int b = earliest; b <= to; b++) {
      if (breakScore(note, md, b) > 0) return b;
    }
    return to + 1;
  }

  private static int breakScore(NoteText note, MarkdownStructure md, int line) {
    int level = md.headingLevel(line);
    if (level > 0) return 100 - 10 * (level - 1);
    if (md.codeLines.get(line)) return 0;
    if (line > 1 && note.isBlank(line - 1) && !note.isBlank(line)) return 20;
    return 1;
  }

  private static void add(NoteText note, MarkdownStructure md, int from, int to,
      List<String> prefix, Optional<LocalDate> day, List<Piece> out) {
    while (from <= to && note.isBlank(from)) from++;
    while (to >= from && note.isBlank(to)) to--;
    if (from > to) return;
    List<String> headings = new ArrayList<>(prefix);
    for (Heading h : headingsIn(md, from, to, 0)) headings.add(h.text());
    out.add(new Piece(from, to, headings, day));
  }

  /**
   * The headings on lines {@code from} to {@code to}, of {@code level} (0 for any), found by
   * binary search so that a note of many headings chunks in linear time (a scan of
   * every heading per chunk made 20,000 headings take minutes).
   */
  private static List<Heading> headingsIn(MarkdownStructure md, int from, int to, int level) {
    List<Heading> all = md.headings;
    int lo = 0;
    int hi = all.size();
    while (lo < hi) { // first heading on or after line `from`
      int mid = (lo + hi) >>> 1;
      if (all.get(mid).line() < from) lo = mid + 1; else hi = mid;
    }
    List<Heading> out = new ArrayList<>();
    for (int i = lo; i < all.size() && all.get(i).line() <= to; i++) {
      if (level == 0 || all.get(i).level() == level) out.add(all.get(i));
    }
    return out;
  }

  private static boolean hasText(NoteText note, int from, int to) {
    for (int i = from; i <= to; i++) {
      if (!note.isBlank(i)) return true;
    }
    return false;
  }

  /** Whether lines hold text other than the heading on {@code heading} (and its setext rule). */
  private static boolean hasTextBesidesHeading(NoteText note, int from, int to, int heading) {
    for (int i = from; i <= to; i++) {
      if (i == heading || note.isBlank(i)) continue;
      if (i == heading + 1 && note.line(i).strip().matches("=+|-+")) continue;
      return true;
    }
    return false;
  }

  /** The date of a changelog day heading such as {@code 2025-07-14} or {@code 2025-07-14 lundi}. */
  public static Optional<LocalDate> dayOf(String heading) {
    Matcher m = DAY.matcher(heading.strip());
    return m.find() ? Frontmatter.parseDate(m.group(1)) : Optional.empty();
  }

  private static final class Piece {
    final int from;
    final int to;
    final List<String> headings;
    final Optional<LocalDate> day;

    Piece(int from, int to, List<String> headings, Optional<LocalDate> day) {
      this.from = from;
      this.to = to;
      this.headings = headings;
      this.day = day;
    }
  }
}
