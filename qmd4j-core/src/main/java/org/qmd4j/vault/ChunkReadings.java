package org.qmd4j.vault;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The readings of a file's chunks taken from the file's own reading, where reading a chunk's
 * text alone provably finds the same. A chunk qualifies when its file was read by flexmark
 * (not by {@link MarkdownStructure#scan}), when it starts on line 1 (holding the whole
 * frontmatter) or on a top-level ATX heading, and when only blank lines follow it before the
 * end of the file or a top-level ATX heading. At such a line no block of the file is open,
 * and no later line can change the blocks before it (a setext underline or a lazy
 * continuation would have to be that line), so the chunk's blocks are the file's. Any other
 * chunk has no reading: its records read its text again, as before.
 */
final class ChunkReadings {
  private ChunkReadings() {}

  /** One reading per chunk of {@code from}/{@code to} bounds, empty where not provable. */
  static List<Optional<ChunkReading>> of(NoteText note, MarkdownStructure md, Frontmatter fm,
      int[] from, int[] to) {
    List<Optional<ChunkReading>> out = new ArrayList<>(from.length);
    for (int i = 0; i < from.length; i++) {
      out.add(md.parsed ? of(note, md, fm, from[i], to[i]) : Optional.empty());
    }
    return out;
  }

  private static Optional<ChunkReading> of(NoteText note, MarkdownStructure md, Frontmatter fm,
      int from, int to) {
    boolean first = from == 1;
    if (first ? fm.endLine() > to : !isAtxHeading(note, md, from)) return Optional.empty();
    // A chunk's text loses a leading byte order mark when it is read alone.
    if (note.line(from).startsWith("\uFEFF")) return Optional.empty();
    int next = to + 1;
    while (next <= note.lineCount() && note.isBlank(next)) next++;
    if (next <= note.lineCount() && !isAtxHeading(note, md, next)) return Optional.empty();
    List<Heading> all = md.headings;
    int lo = 0;
    int hi = all.size();
    while (lo < hi) { // the first heading on or after line `from`
      int mid = (lo + hi) >>> 1;
      if (all.get(mid).line() < from) lo = mid + 1; else hi = mid;
    }
    List<Heading> local = new ArrayList<>();
    for (int k = lo; k < all.size() && all.get(k).line() <= to; k++) {
      Heading h = all.get(k);
      local.add(new Heading(h.line() - from + 1, h.level(), h.text()));
    }
    return Optional.of(new ChunkReading(first ? fm : Frontmatter.NONE, local));
  }

  /** Whether {@code line} is a top-level heading written with {@code #}. */
  private static boolean isAtxHeading(NoteText note, MarkdownStructure md, int line) {
    if (md.headingLevel(line) == 0) return false;
    String text = note.line(line);
    int i = 0;
    while (i < 3 && i < text.length() && text.charAt(i) == ' ') i++;
    int hashes = 0;
    while (i < text.length() && text.charAt(i) == '#') {
      i++;
      hashes++;
    }
    return hashes >= 1 && hashes <= 6
        && (i == text.length() || text.charAt(i) == ' ' || text.charAt(i) == '\t');
  }
}
