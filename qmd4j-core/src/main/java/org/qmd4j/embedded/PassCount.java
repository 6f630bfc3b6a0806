package org.qmd4j.embedded;

import org.apache.lucene.index.IndexReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TotalHits;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;

/**
 * The exact number of chunks a ranking pass visited, kept for the count that follows it on
 * the same thread: a search that returns more hits than its limit is counted next ({@link
 * EmbeddedEngine#count}), with the same words and filter on the same index snapshot, and
 * Lucene's collector has already counted them while ranking when it did not skip any. The
 * count then costs nothing instead of a second query. Kept per thread and taken once, and
 * only for the snapshot (reader) it was counted on: a count on a newer snapshot runs its
 * own query.
 */
final class PassCount {
  private static final ThreadLocal<Counted> LAST = new ThreadLocal<>();

  /** A count of {@code text} in {@code mode} under {@code filter}, on one reader. */
  private record Counted(IndexReader.CacheKey reader, String text, Mode mode,
      ChunkFilter filter, long total) {}

  private PassCount() {}

  /**
   * Keeps {@code hits} of the ranking pass of {@code text} when Lucene counted every match
   * (exactly, not a lower bound); forgets any earlier pass of this thread otherwise.
   */
  static void ranked(IndexSearcher searcher, String text, Mode mode, ChunkFilter filter,
      TotalHits hits) {
    IndexReader.CacheHelper helper = searcher.getIndexReader().getReaderCacheHelper();
    if (hits.relation != TotalHits.Relation.EQUAL_TO || helper == null) {
      LAST.remove();
      return;
    }
    LAST.set(new Counted(helper.getKey(), text, mode, filter, hits.value));
  }

  /** Forgets this thread's last pass (a search that counted nothing). */
  static void forget() {
    LAST.remove();
  }

  /**
   * The total of this thread's last ranking pass if it was of {@code query} (its text, mode
   * and filter; any limit) on {@code searcher}'s reader; -1 otherwise. Taken: a second call
   * answers -1.
   */
  static long take(IndexSearcher searcher, EngineQuery query) {
    Counted last = LAST.get();
    if (last == null) return -1;
    LAST.remove();
    IndexReader.CacheHelper helper = searcher.getIndexReader().getReaderCacheHelper();
    boolean same = helper != null && helper.getKey() == last.reader()
        && last.text().equals(query.text()) && last.mode() == query.mode()
        && last.filter().equals(query.filter());
    return same ? last.total() : -1;
  }
}
