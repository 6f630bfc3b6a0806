package org.qmd4j.embedded;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherFactory;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The searchers of one index: over its last commit, or, while a long-lived process holds a
 * {@link LiveWriter}, near-real-time over that writer's changes before they are committed
 * (an edited note is searchable without a commit and its fsyncs).
 *
 * <p>One search runs on its caller's thread, segment after segment. The JVM property {@code
 * qmd4j.searchThreads} (a whole number, default 1) lets one search rank and count the
 * segments of a large index on that many threads at once (Lucene's slices), for measuring
 * what that does to one search's latency on an otherwise idle machine; on a loaded machine
 * the threads compete with the other searches.
 *
 * <p>Thread-safe: searches acquire concurrently; the source is switched by the refresher only.
 */
final class Searchers {
  private static final Logger LOG = LoggerFactory.getLogger(Searchers.class);
  /** The property naming how many threads one search may use. */
  static final String THREADS = "qmd4j.searchThreads";
  private static SearcherFactory configured;
  private volatile SearcherManager manager;

  Searchers(Directory directory) throws IOException {
    this.manager = new SearcherManager(directory, configured());
  }

  /** The searcher factory {@link #THREADS} asks for, made once per process. */
  private static synchronized SearcherFactory configured() {
    if (configured == null) configured = factory(System.getProperty(THREADS));
    return configured;
  }

  /**
   * Searchers on the caller's thread (null, 1 or unset), or on {@code threads} threads
   * shared by every searcher of this process.
   */
  static SearcherFactory factory(String threads) {
    int n;
    try {
      n = threads == null || threads.isBlank() ? 1 : Integer.parseInt(threads.strip());
    } catch (NumberFormatException e) {
      n = 0;
    }
    if (n < 1 || n > 64) {
      throw new IllegalArgumentException("The property " + THREADS
          + " must be a whole number from 1 to 64, not '" + threads + "'");
    }
    if (n == 1) return new SearcherFactory();
    LOG.info("One search uses up to {} threads across the index's segments", n);
    ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
      Thread t = new Thread(r, "qmd4j-search-slice");
      t.setDaemon(true);
      return t;
    });
    return new SearcherFactory() {
      @Override
      public IndexSearcher newSearcher(IndexReader reader, IndexReader previous) {
        return new IndexSearcher(reader, pool);
      }
    };
  }

  /** A searcher over what is visible now; give it back with {@link #release}. */
  IndexSearcher acquire() throws IOException {
    while (true) {
      SearcherManager m = manager;
      try {
        return m.acquire();
      } catch (AlreadyClosedException e) {
        if (m == manager) throw e; // closed for good, not switched meanwhile
      }
    }
  }

  /** Gives back a searcher, whichever source it came from. */
  void release(IndexSearcher searcher) throws IOException {
    manager.release(searcher); // only drops the reader's reference
  }

  /** Makes the last commit, or the live writer's changes, visible to later searches. */
  void reopen() throws IOException {
    manager.maybeRefreshBlocking();
  }

  /** From now on, searches see {@code writer}'s changes, committed or not. */
  void onWriter(IndexWriter writer) throws IOException {
    switchTo(new SearcherManager(writer, true, false, configured()));
  }

  /**
   * From now on, searches see the last commit of {@code directory}. Right after the live
   * writer committed, the readers of the segments it shares with the current (writer's)
   * reader are reused: only what the commit changed is opened, not the whole index.
   */
  void onCommits(Directory directory) throws IOException {
    DirectoryReader reopened = null;
    IndexSearcher current = acquire();
    try {
      List<IndexCommit> commits = DirectoryReader.listCommits(directory);
      reopened = DirectoryReader.openIfChanged((DirectoryReader) current.getIndexReader(),
          commits.get(commits.size() - 1));
    } catch (IOException | RuntimeException e) {
      LOG.debug("Cannot reopen the index from its last commit; opening it afresh", e);
    } finally {
      release(current);
    }
    switchTo(reopened != null ? new SearcherManager(reopened, configured())
        : new SearcherManager(directory, configured()));
  }

  private void switchTo(SearcherManager next) throws IOException {
    SearcherManager old = manager;
    manager = next;
    old.close(); // searchers acquired from it stay usable until released
  }

  void close() throws IOException {
    manager.close();
  }
}
