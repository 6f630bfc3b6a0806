package org.qmd4j.find;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The answer of {@code find_notes}: {@code {success, results, total}} plus notes.
 *
 * @param success always {@code true}: a failure throws a {@link org.qmd4j.search.SearchException}
 *     instead; kept so the shape is that of the wire format
 * @param results one page of results: {@link ChunkItem}s when the request has a query,
 *     {@link NoteItem}s when it has none
 * @param total how many results there are before paging
 * @param notes what the caller should know about how the request ran, e.g. that the engine
 *     has no semantic model; usually empty
 * @param inSubfolders when nothing was found in a folder searched without {@code recursive}:
 *     how many results its sub-folders hold (the same request with {@code recursive} would
 *     find them); else 0
 * @since 0.2
 */
public record FindResult(boolean success, List<FindItem> results, int total,
    List<String> notes, int inSubfolders) {
  public FindResult {
    results = List.copyOf(Objects.requireNonNull(results, "results == null"));
    notes = List.copyOf(Objects.requireNonNull(notes, "notes == null"));
    if (total < results.size()) {
      throw new IllegalArgumentException("Expected a total of at least " + results.size()
          + " but was " + total);
    }
    if (inSubfolders < 0) {
      throw new IllegalArgumentException("Expected inSubfolders of at least 0 but was "
          + inSubfolders);
    }
  }

  /** A result with {@link #inSubfolders()} 0. */
  public FindResult(boolean success, List<FindItem> results, int total, List<String> notes) {
    this(success, results, total, notes, 0);
  }

  /**
   * The wire shape {@code {success, results, total, notes}} (plus {@code inSubfolders} when
   * it is above 0), as the CLI's {@code --json} and
   * the MCP tool print it. With a query, results are {@code {source, content, heading,
   * score, lines}} (plus {@code fields} when asked); without, paths, or {@code {path,
   * fields}} when fields are asked. Scores have two decimals.
   */
  public Map<String, Object> toWire() {
    List<Object> rows = new ArrayList<>();
    for (FindItem item : results) {
      if (item instanceof ChunkItem) {
        ChunkItem c = (ChunkItem) item;
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("source", c.source());
        row.put("content", c.content());
        row.put("heading", c.heading());
        row.put("score", BigDecimal.valueOf(c.score()).setScale(2, RoundingMode.HALF_UP));
        row.put("lines", c.lines().toString());
        if (!c.fields().isEmpty()) row.put("fields", c.fields());
        rows.add(row);
      } else if (item instanceof NoteItem) {
        NoteItem n = (NoteItem) item;
        if (n.fields().isEmpty()) {
          rows.add(n.path());
        } else {
          Map<String, Object> row = new LinkedHashMap<>();
          row.put("path", n.path());
          row.put("fields", n.fields());
          rows.add(row);
        }
      } else {
        throw new AssertionError(item);
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("success", success);
    out.put("results", rows);
    out.put("total", total);
    out.put("notes", notes);
    if (inSubfolders > 0) out.put("inSubfolders", inSubfolders);
    return out;
  }

  /** The paths of the results, in order. */
  public List<String> paths() {
    return results.stream().map(FindItem::path).toList();
  }
}
