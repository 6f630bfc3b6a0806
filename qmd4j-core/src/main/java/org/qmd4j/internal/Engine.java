package org.qmd4j.internal;

import java.io.Closeable;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.qmd4j.Mode;
import org.qmd4j.vault.Chunk;

/**
 * A search engine over one vault: embedded (Lucene) or qmd. Implementations are thread-safe.
 * Filtering by scope and date is decided in Java by the caller's predicate, so both engines
 * filter alike; an engine applies it while ranking so that {@code limit} is still filled when
 * enough chunks pass.
 */
public interface Engine extends Closeable {
  /** A short name: {@code embedded} or {@code qmd}. */
  String name();

  /**
   * Ranks the chunks matching {@code query} and returns at most {@code limit} of them that
   * pass {@code filter}, best first, with scores in [0, 1] in descending order. The query
   * {@code "*"} returns every chunk that passes, newest first, with score 1.0.
   */
  List<Hit> search(String query, Mode mode, Predicate<Chunk> filter, int limit);

  /** Where this engine keeps its index, for {@code doctor} and logs. */
  String indexLocation();

  /** Facts for {@code qmd4j doctor}, in display order. */
  Map<String, String> diagnostics();

  /** Releases files and processes. Never throws. */
  @Override
  void close();
}
