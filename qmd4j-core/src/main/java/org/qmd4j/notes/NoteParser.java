package org.qmd4j.notes;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.internal.Texts;
import org.qmd4j.search.LineRange;
import org.qmd4j.spi.Chunk;
import org.qmd4j.vault.ChunkReading;
import org.qmd4j.vault.Frontmatter;
import org.qmd4j.vault.Heading;
import org.qmd4j.vault.NoteText;
import org.qmd4j.vault.Outline;

/**
 * Parses ranked chunks into typed notes. Everything but a bucket item's frontmatter comes
 * from the chunk itself (its text, line range and date as the index holds them), so a note
 * is never a mix of two versions of its file. Stateless.
 */
final class NoteParser {
  private static final Pattern TAG = Pattern.compile("^\\[([^\\[\\]]{1,40})\\]\\s*(.*)$");
  private static final Pattern KEY = Pattern.compile(
      "^\\s*(status|prio|priority|deadline)\\s*:\\s*(.*?)\\s*$", Pattern.CASE_INSENSITIVE);
  private static final Pattern FENCE = Pattern.compile("^\\s{0,3}(```|~~~)");
  private static final Pattern SETEXT_RULE = Pattern.compile("^\\s{0,3}(=+|-+)\\s*$");

  private NoteParser() {}

  /**
   * A chunk read once: its text as lines and its frontmatter (when the chunk holds it); its
   * headings are parsed on first use, since only changelogs, tasks and states need them.
   * Confined to the call that made it.
   */
  static final class Parsed {
    final Chunk chunk;
    final NoteText note;
    final Frontmatter frontmatter;
    private List<Heading> headings;

    private Parsed(Chunk chunk) {
      this.chunk = chunk;
      this.note = NoteText.of(chunk.text());
      // Only a file's first chunk starts at line 1, and only it can hold the frontmatter.
      this.frontmatter = chunk.lines().from() == 1 ? Frontmatter.parse(note) : Frontmatter.NONE;
    }

    /** The chunk read already: what reading its text alone would find. */
    private Parsed(Chunk chunk, ChunkReading reading) {
      this.chunk = chunk;
      this.note = NoteText.of(chunk.text());
      this.frontmatter = reading.frontmatter();
      this.headings = reading.headings();
    }

    List<Heading> headings() {
      if (headings == null) headings = Outline.headings(note, frontmatter.endLine());
      return headings;
    }

    /** The file line of local line {@code local}. */
    int fileLine(int local) {
      return chunk.lines().from() + local - 1;
    }

    /** The first non-blank line after the frontmatter, or 0 when there is none. */
    int bodyStart() {
      for (int i = frontmatter.endLine() + 1; i <= note.lineCount(); i++) {
        if (!note.isBlank(i)) return i;
      }
      return 0;
    }

    /** The last non-blank line in [from, to]. */
    int lastText(int from, int to) {
      while (to > from && note.isBlank(to)) to--;
      return to;
    }

    LineRange range(int from, int to) {
      return new LineRange(fileLine(from), fileLine(to));
    }
  }

  /** Reads {@code chunk}'s text and frontmatter. */
  static Parsed parse(Chunk chunk) {
    return new Parsed(chunk);
  }

  /** {@link #parse(Chunk)}, with its {@code reading} when the chunker knew it. */
  static Parsed parse(Chunk chunk, Optional<ChunkReading> reading) {
    return reading.isPresent() ? new Parsed(chunk, reading.get()) : new Parsed(chunk);
  }

  // --- changelogs ---------------------------------------------------------------------------

  /** The entries of a changelog chunk, in file order. */
  static List<ChangelogEntry> entries(Chunk chunk, double score) {
    return entries(parse(chunk), score);
  }

  /** The entries of a parsed changelog chunk, in file order. */
  static List<ChangelogEntry> entries(Parsed p, double score) {
    List<ChangelogEntry> out = new ArrayList<>();
    List<Heading> h2 = new ArrayList<>();
    for (Heading h : p.headings()) {
      if (h.level() == 2) h2.add(h);
    }
    if (h2.isEmpty()) {
      int from = p.bodyStart();
      if (from == 0) return out;
      String title = p.headings().isEmpty() ? "" : p.headings().get(0).text();
      int to = p.lastText(from, p.note.lineCount());
      out.add(entry(p, from, to, title, score));
      return out;
    }
    for (Heading h : h2) {
      int to = p.note.lineCount();
      for (Heading next : p.headings()) {
        if (next.line() > h.line() && next.level() <= 2) {
          to = next.line() - 1;
          break;
        }
      }
      out.add(entry(p, h.line(), p.lastText(h.line(), to), h.text(), score));
    }
    return out;
  }

  private static ChangelogEntry entry(Parsed p, int from, int to, String heading,
      double score) {
    Optional<String> tag = Optional.empty();
    String title = heading.strip();
    Matcher m = TAG.matcher(title);
    if (m.matches()) {
      tag = Optional.of(m.group(1).strip());
      title = m.group(2).strip();
    }
    return new ChangelogEntry(p.chunk.path(), p.chunk.file().project(), p.range(from, to),
        p.chunk.date(), tag, title, p.note.text(from, to), score);
  }

  // --- tasks --------------------------------------------------------------------------------

  /** The task of a tasks chunk: its first H1 and what follows; empty if it has no H1. */
  static Optional<Task> task(Chunk chunk, double score) {
    return task(parse(chunk), score);
  }

  /** The task of a parsed tasks chunk; empty if it has no H1. */
  static Optional<Task> task(Parsed p, double score) {
    Chunk chunk = p.chunk;
    Heading title = null;
    for (Heading h : p.headings()) {
      if (h.level() == 1) {
        title = h;
        break;
      }
    }
    if (title == null) return Optional.empty();
    int to = p.lastText(title.line(), p.note.lineCount());
    Map<String, String> keys = new LinkedHashMap<>();
    boolean inCode = false;
    for (int i = title.line() + 1; i <= to; i++) {
      String line = p.note.line(i);
      if (FENCE.matcher(line).find()) {
        inCode = !inCode;
        continue;
      }
      if (inCode) continue;
      Matcher m = KEY.matcher(line);
      if (m.matches()) {
        String key = m.group(1).toLowerCase(Locale.ROOT);
        if (key.equals("priority")) key = "prio";
        if (!m.group(2).isEmpty()) keys.putIfAbsent(key, m.group(2));
      }
    }
    Optional<LocalDate> deadline =
        Optional.ofNullable(keys.get("deadline")).flatMap(Texts::isoDate);
    return Optional.of(new Task(chunk.path(), chunk.file().project(),
        p.range(title.line(), to), title.text(), Optional.ofNullable(keys.get("status")),
        Optional.ofNullable(keys.get("prio")), deadline, p.note.text(title.line(), to), score));
  }

  // --- states, descriptions, buckets ------------------------------------------------------

  /** The state in a state chunk. */
  static ProjectState state(Chunk chunk, double score) {
    return state(parse(chunk), score);
  }

  /** The state in a parsed state chunk. */
  static ProjectState state(Parsed p, double score) {
    Chunk chunk = p.chunk;
    Body body = body(p);
    Map<String, String> sections = new LinkedHashMap<>();
    for (int i = 0; i < p.headings().size(); i++) {
      Heading h = p.headings().get(i);
      int from = h.line() + 1;
      if (!p.note.line(h.line()).stripLeading().startsWith("#") && from <= p.note.lineCount()
          && SETEXT_RULE.matcher(p.note.line(from)).matches()) {
        from++; // the underline of a setext heading is not text
      }
      int to = i + 1 < p.headings().size() ? p.headings().get(i + 1).line() - 1
          : p.note.lineCount();
      String key = h.text();
      for (int n = 2; sections.containsKey(key); n++) key = h.text() + " (" + n + ")";
      sections.put(key, from > to ? "" : p.note.text(from, to).strip());
    }
    return new ProjectState(chunk.path(), chunk.file().project().orElse(""), body.lines,
        chunk.date(), sections, body.text, score);
  }

  /** The description in a description chunk. */
  static Description description(Chunk chunk, double score) {
    return description(parse(chunk), score);
  }

  /** The description in a parsed description chunk. */
  static Description description(Parsed p, double score) {
    Chunk chunk = p.chunk;
    Body body = body(p);
    return new Description(chunk.path(), chunk.file().project().orElse(""), body.lines,
        chunk.date(), body.text, score);
  }

  /**
   * The bucket item in a bucket chunk.
   *
   * @param fileFrontmatter the file's frontmatter, used when the chunk does not hold it
   */
  static BucketItem bucket(Chunk chunk, double score, Frontmatter fileFrontmatter) {
    return bucket(parse(chunk), score, fileFrontmatter);
  }

  /**
   * The bucket item in a parsed bucket chunk.
   *
   * @param fileFrontmatter the file's frontmatter, used when the chunk does not hold it
   */
  static BucketItem bucket(Parsed p, double score, Frontmatter fileFrontmatter) {
    Chunk chunk = p.chunk;
    Body body = body(p);
    Frontmatter fm = chunk.lines().from() == 1 ? p.frontmatter : fileFrontmatter;
    return new BucketItem(chunk.path(), chunk.file().project(), body.lines, fm.string("type"),
        fm.date("created"), chunk.date(), fm.strings("tags"), fm.fields(), body.text, score);
  }

  /** Whether a bucket chunk's frontmatter must be read from its file. */
  static boolean needsFileFrontmatter(Chunk chunk) {
    return chunk.lines().from() != 1;
  }

  private static final class Body {
    final LineRange lines;
    final String text;

    Body(LineRange lines, String text) {
      this.lines = lines;
      this.text = text;
    }
  }

  private static Body body(Parsed p) {
    int from = p.bodyStart();
    if (from == 0) return new Body(p.chunk.lines(), ""); // frontmatter only
    int to = p.lastText(from, p.note.lineCount());
    return new Body(p.range(from, to), p.note.text(from, to));
  }
}
