package org.qmd4j.internal;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.function.Predicate;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.RecordCondition;
import org.qmd4j.vault.VaultLayout;

/**
 * What {@code find} and the typed facade need from a {@link org.qmd4j.Searcher}: ranked
 * chunks with their metadata, the vault, the clock and the engine's name. Implemented by
 * the searcher itself; thread-safe.
 */
public interface ChunkSearch {
  /**
   * Runs {@code request} like {@code Searcher.search} (same validation, scope and dates) and
   * keeps only the chunks that also pass {@code extra}. The engine applies the filter while
   * ranking, so the limit is still filled when enough chunks pass.
   */
  List<Hit> hits(SearchRequest request, Predicate<Chunk> extra);

  /**
   * {@link #hits}, with how many chunks pass in all before the limit: exact when the engine
   * can count them or when they are within the limit, else at least one more than the limit.
   */
  CountedHits countedHits(SearchRequest request, Predicate<Chunk> extra);

  /**
   * {@link #countedHits}, for a typed query's condition on the records chunks hold: answered
   * in the index by an engine that indexes record fields, else tested on each chunk like an
   * extra condition. The answer is the same either way.
   */
  CountedHits countedHits(SearchRequest request, RecordCondition record);

  /** The vault folder, as a real path. */
  Path vault();

  /** The vault's layout: which of its files are indexed. */
  VaultLayout layout();

  /** The clock that resolves relative dates and file times. */
  Clock clock();

  /** The engine's short name: {@code embedded} or {@code qmd}. */
  String engineName();
}
