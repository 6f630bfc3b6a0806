package org.qmd4j.embedded;

import java.io.IOException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;

/**
 * The searchers of one index: over its last commit, or, while a long-lived process holds a
 * {@link LiveWriter}, near-real-time over that writer's changes before they are committed
 * (issue 17: an edited note is searchable without a commit and its fsyncs).
 *
 * <p>Thread-safe: searches acquire concurrently; the source is switched by the refresher only.
 */
final class Searchers {
  private volatile SearcherManager manager;

  Searchers(Directory directory) throws IOException {
    this.manager = new SearcherManager(directory, null);
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
    switchTo(new SearcherManager(writer, true, false, null));
  }

  /** From now on, searches see the last commit of {@code directory}. */
  void onCommits(Directory directory) throws IOException {
    switchTo(new SearcherManager(directory, null));
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
