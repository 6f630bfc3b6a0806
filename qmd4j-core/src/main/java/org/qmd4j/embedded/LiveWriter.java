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
 * The long-lived writer of a watched index: a change the watcher reports is
 * written into it and made searchable near-real-time, without opening a writer, committing
 * (fsync) and reopening the index for each change. Its changes are committed once the index
 * has been idle for {@link #COMMIT_AFTER}, so that a later process starts from them; the
 * writer itself stays open (the next edit costs no reopening) until the index has been idle
 * for {@link #CLOSE_AFTER}, or until another process sharing the folder asks for Lucene's
 * write lock ({@link IndexStore#lockRequested}): a look a few times a second, so that a
 * process waiting to write waits a fraction of a second even while edits keep arriving here.
 *
 * <p>Not thread-safe: used under the refresher's lock; the commits run on one shared daemon
 * thread that takes that lock.
 */
final class LiveWriter {
  private static final Logger LOG = LoggerFactory.getLogger(LiveWriter.class);
  /** Idle time after the last change before the changes are committed. */
  static final Duration COMMIT_AFTER = Duration.ofSeconds(1);
  /** Idle time after the last change before the writer is closed and the lock freed. */
  static final Duration CLOSE_AFTER = Duration.ofSeconds(30);
  /** How often an open writer looks whether another process asks for the lock. */
  private static final Duration LOOK_EVERY = Duration.ofMillis(100);
  private static final ScheduledExecutorService COMMITS =
      Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "qmd4j-index-commit");
        t.setDaemon(true);
        return t;
      });

  private final IndexStore store;
  private IndexWriter writer;
  private long lastWrite;
  private boolean uncommitted;
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
      lastWrite = System.nanoTime();
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
   * Makes what was written searchable, and commits it once the index is idle: {@code tick}
   * runs later on the commit thread, and must take the caller's lock and call {@link #tick}.
   */
  void publish(Runnable tick) throws IOException {
    store.reopen();
    lastWrite = System.nanoTime();
    uncommitted = true;
    schedule(tick);
  }

  private void schedule(Runnable tick) {
    if (scheduled) return;
    scheduled = true;
    COMMITS.schedule(tick, LOOK_EVERY.toNanos(), TimeUnit.NANOSECONDS);
  }

  /**
   * What an open writer does a few times a second: lets the lock go when another process
   * asks for it or the index has been idle for {@link #CLOSE_AFTER}, commits when it has
   * been idle for {@link #COMMIT_AFTER}, and asks to be called again.
   *
   * @throws IOException if the commit fails (the writer is then rolled back and closed)
   */
  void tick(Runnable tick) throws IOException {
    scheduled = false;
    if (writer == null) return;
    long idle = System.nanoTime() - lastWrite;
    if (store.lockRequested() || idle >= CLOSE_AFTER.toNanos()) {
      commitAndClose();
      return;
    }
    if (uncommitted && idle >= COMMIT_AFTER.toNanos()) {
      try {
        store.commit(writer);
        uncommitted = false;
      } catch (IOException | RuntimeException e) {
        rollback();
        throw e;
      }
    }
    schedule(tick);
  }

  /** Commits what the writer holds, closes it and frees the lock; nothing when closed. */
  void commitAndClose() throws IOException {
    if (writer == null) return;
    IndexWriter w = writer;
    writer = null;
    try {
      if (uncommitted) store.commit(w);
      uncommitted = false;
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
    uncommitted = false;
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
