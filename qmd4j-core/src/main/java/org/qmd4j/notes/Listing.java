package org.qmd4j.notes;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.qmd4j.search.Total;

/**
 * The records of a typed query ({@link NoteQuery}), at most its limit, and how many there
 * are before the limit: {@code tasks --limit 20} on a vault of 28 tasks lists 20 with a total
 * of 28.
 *
 * @param results the records, best first, or newest first for the query {@code "*"}
 * @param total how many records pass the query before its limit: exact when the engine
 *     counts its matches (the embedded engine's fast and {@code *} searches, up to 10,000
 *     notes tested against the filters; the qmd engine's {@code *}, the default query), else
 *     at least one more than the limit; see {@link Total}
 * @param <T> the record listed
 * @since 0.6
 */
public record Listing<T extends Note>(List<T> results, Total total) {
  public Listing {
    results = List.copyOf(results);
    Objects.requireNonNull(total, "total == null");
    if (total.value() < results.size()) {
      throw new IllegalArgumentException("Expected a total of at least " + results.size()
          + " but was " + total);
    }
  }

  /**
   * {@code {"results": [...], "total": 28, "totalExact": true}}, each record in its {@link
   * Note#toWire()} shape; {@code totalExact} is false when {@code total} is a lower bound.
   * The shape of the typed commands' {@code --json}, the typed MCP tools' structured content
   * and the web's typed endpoints.
   */
  public Map<String, Object> toWire() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("results", results.stream().map(Note::toWire).toList());
    out.put("total", total.value());
    out.put("totalExact", total.exact());
    return out;
  }

  /** Whether the limit left some records out. */
  public boolean leftOut() {
    return total.exceeds(results.size());
  }
}
