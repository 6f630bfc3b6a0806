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
 * count then costs nothing instead of a second query. When the pass skipped hits (so has no
 * exact total), its plan is kept instead, with its terms already looked up on that snapshot
 * ({@link QueryPlan#on}), for the count's own query. Kept per thread and taken once, and
 * only for the snapshot (reader) it was counted on: a count on a newer snapshot runs its
 * own query from scratch.
 */
final class PassCount {
  private static final ThreadLocal<Counted> LAST = new ThreadLocal<>();

  /**
   * A ranking pass of {@code text} in {@code mode} under {@code filter}, on one reader: its
   * exact total, or -1 if it skipped hits; its plan, looked up on that reader.
   */
  record Counted(IndexReader.CacheKey reader, String text, Mode mode, ChunkFilter filter,
      long total, QueryPlan plan) {}

  private PassCount() {}

  /**
   * Keeps the ranking pass of {@code text} by {@code plan} on {@code searcher}: its total
   * {@code hits} when Lucene counted every match (exactly, not a lower bound), else only its
   * plan.
   */
  static void ranked(IndexSearcher searcher, String text, Mode mode, ChunkFilter filter,
      TotalHits hits, QueryPlan plan) {
    IndexReader.CacheHelper helper = searcher.getIndexReader().getReaderCacheHelper();
    if (helper == null) {
      LAST.remove();
      return;
    }
    long total = hits.relation == TotalHits.Relation.EQUAL_TO ? hits.value : -1;
    LAST.set(new Counted(helper.getKey(), text, mode, filter, total,
        plan.reader() == searcher.getIndexReader() ? plan : null));
  }

  /** Forgets this thread's last pass (a search that counted nothing). */
  static void forget() {
    LAST.remove();
  }

  /**
   * This thread's last ranking pass if it was of {@code query} (its text, mode and filter;
   * any limit) on {@code searcher}'s reader; null otherwise. Taken: a second call answers
   * null.
   */
  static Counted take(IndexSearcher searcher, EngineQuery query) {
    Counted last = LAST.get();
    if (last == null) return null;
    LAST.remove();
    IndexReader.CacheHelper helper = searcher.getIndexReader().getReaderCacheHelper();
    boolean same = helper != null && helper.getKey() == last.reader()
        && last.text().equals(query.text()) && last.mode() == query.mode()
        && last.filter().equals(query.filter());
    return same ? last : null;
  }
}
