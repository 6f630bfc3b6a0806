package org.qmd4j.search;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A line of a result's chunk that holds a query word, and where: the words as the engine
 * understood them (case, accents, stems, prefixes, compounds, tags and corrected spellings).
 * In JSON: {@code {"line": 17, "ranges": [[4, 12]]}}.
 *
 * @param line the line's 1-based number in the file, inside the result's {@code lines}
 * @param ranges the matched words' character ranges in the line: sorted, not overlapping, at
 *     least one
 */
public record LineMatch(int line, List<Range> ranges) {
  public LineMatch {
    if (line < 1) throw new IllegalArgumentException("Expected a line >= 1 but was " + line);
    ranges = List.copyOf(Objects.requireNonNull(ranges, "ranges == null"));
    if (ranges.isEmpty()) {
      throw new IllegalArgumentException("A line match needs at least one range (line " + line
          + ")");
    }
    for (int i = 1; i < ranges.size(); i++) {
      if (ranges.get(i).start() < ranges.get(i - 1).end()) {
        throw new IllegalArgumentException("Expected sorted, non-overlapping ranges but got "
            + ranges);
      }
    }
  }

  /**
   * The characters {@code [start, end)} of a line: 0-based, end exclusive, counted in UTF-16
   * code units as Java and JavaScript index strings ({@code line.substring(start, end)} is the
   * matched word as written).
   *
   * @param start first character, from 0
   * @param end one past the last character, above {@code start}
   */
  public record Range(int start, int end) {
    public Range {
      if (start < 0 || end <= start) {
        throw new IllegalArgumentException("Expected 0 <= start < end for a character range "
            + "but was [" + start + ", " + end + ")");
      }
    }

    @Override
    public String toString() {
      return "[" + start + ", " + end + ")";
    }
  }

  /** {@code {"line": N, "ranges": [[start, end], ...]}} as JSON writes it. */
  public Map<String, Object> toWire() {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("line", line);
    row.put("ranges", ranges.stream().map(r -> List.of(r.start(), r.end())).toList());
    return row;
  }

  @Override
  public String toString() {
    return line + ":" + ranges;
  }
}
