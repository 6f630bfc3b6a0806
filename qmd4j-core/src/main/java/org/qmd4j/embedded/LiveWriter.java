package org.qmd4j.embedded;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The long-lived writer of a watched index (issue 17): a change the watcher reports is
 * written into it and made searchable near-real-time, without opening a writer, committing
 * (fsync) and reopening the index for each change. It is committed and closed once the index
 * has been idle for {@link #COMMIT_AFTER}, so that Lucene's write lock is held only while
 * changes arrive: other processes sharing the folder wait at most that long to write, and a
 * later process starts from the commit.
 *
 * <p>Not thread-safe: used under the refresher's lock; the commit runs on one shared daemon
 * thread that takes that lock.
 */
final class LiveWriter {
  private static final Logger LOG = LoggerFactory.getLogger(LiveWriter.class);
  /** Idle time after the last change before the changes are committed and the lock freed. */
  static final Duration COMMIT_AFTER = Duration.ofSeconds(1);
  private static final ScheduledExecutorService COMMITS =
      Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "qmd4j-index-commit");
        t.setDaemon(true);
        return t;
      });

  private final IndexStore store;
  private IndexWriter writer;
  private long lastWrite;
  private boolean scheduled;

  LiveWriter(IndexStore store) {
    this.store = store;
  }

  /** Whether a writer is open (holding the write lock, changes maybe uncommitted). */
  boolean isOpen() {
    return writer != null;
  }

  /**
   * The writer, opened if it is not: waits for the write lock like any writer, then switches
   * the searchers to it.
   *
   * @return whether, when it was opened, the folder held a commit that the searchers did not
   *     see (another process committed): the caller must then start from that commit
   */
  boolean open() throws IOException {
    if (writer != null) return false;
    IndexWriter w = store.openWriter(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
    try {
      boolean newer = !store.isCurrent();
      store.searchOn(w);
      writer = w;
      return newer;
    } catch (IOException | RuntimeException e) {
      w.rollback();
      throw e;
    }
  }

  IndexWriter writer() {
    return writer;
  }

  /**
   * Makes what was written searchable, and commits it once the index is idle: {@code
   * commitWhenIdle} runs later on the commit thread, and must take the caller's lock and call
   * {@link #commitIfIdle}.
   */
  void publish(Runnable commitWhenIdle) throws IOException {
    store.reopen();
    lastWrite = System.nanoTime();
    if (!scheduled) {
      scheduled = true;
      COMMITS.schedule(commitWhenIdle, COMMIT_AFTER.toNanos(), TimeUnit.NANOSECONDS);
    }
  }

  /**
   * Commits and closes the writer when nothing was written for {@link #COMMIT_AFTER}; else
   * asks to be called again when that time is up.
   *
   * @throws IOException if the commit fails (the writer is then rolled back and closed)
   */
  void commitIfIdle(Runnable commitWhenIdle) throws IOException {
    scheduled = false;
    if (writer == null) return;
    long idle = System.nanoTime() - lastWrite;
    if (idle < COMMIT_AFTER.toNanos()) {
      scheduled = true;
      COMMITS.schedule(commitWhenIdle, COMMIT_AFTER.toNanos() - idle, TimeUnit.NANOSECONDS);
      return;
    }
    commitAndClose();
  }

  /** Commits what the writer holds, closes it and frees the lock; nothing when closed. */
  void commitAndClose() throws IOException {
    if (writer == null) return;
    IndexWriter w = writer;
    writer = null;
    try {
      store.commit(w);
      w.close();
    } catch (IOException | RuntimeException e) {
      rollbackQuietly(w);
      throw e;
    } finally {
      store.searchCommits();
    }
  }

  /** Drops what the writer holds since its last commit, closes it and frees the lock. */
  void rollback() throws IOException {
    if (writer == null) return;
    IndexWriter w = writer;
    writer = null;
    rollbackQuietly(w);
    store.searchCommits();
  }

  private void rollbackQuietly(IndexWriter w) {
    try {
      w.rollback();
    } catch (IOException | RuntimeException e) {
      LOG.debug("Rolling back the writer of {} failed: {}", store.location(), e.toString());
    }
  }
}
