package org.qmd4j.find;

import java.util.List;
import java.util.Objects;

/**
 * The answer of {@code find_notes}: {@code {success, results, total}} plus notes.
 *
 * @param success always {@code true}: a failure throws a {@link org.qmd4j.SearchException}
 *     instead; kept so the shape is that of the wire format
 * @param results one page of results: {@link ChunkItem}s when the request has a query,
 *     {@link NoteItem}s when it has none
 * @param total how many results there are before paging
 * @param notes what the caller should know about how the request ran, e.g. that the engine
 *     has no semantic model; usually empty
 * @since 0.2
 */
public record FindResult(boolean success, List<FindItem> results, int total,
    List<String> notes) {
  public FindResult {
    results = List.copyOf(Objects.requireNonNull(results, "results == null"));
    notes = List.copyOf(Objects.requireNonNull(notes, "notes == null"));
    if (total < results.size()) {
      throw new IllegalArgumentException("Expected a total of at least " + results.size()
          + " but was " + total);
    }
  }

  /** The paths of the results, in order. */
  public List<String> paths() {
    return results.stream().map(FindItem::path).toList();
  }
}
