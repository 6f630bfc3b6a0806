package org.qmd4j.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.IndexException;
import org.qmd4j.spi.ChangeFeed.Changes;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;
import org.qmd4j.watch.VaultFeed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the embedded index in step with the vault: a stat walk lists the indexed files with
 * their size and modification time; only new, changed and deleted files touch the index, and
 * files read within a timestamp tick of their last change are re-hashed, so results are never
 * stale. A walk's changes are committed at once, so a later process starts warm; a watcher's
 * go to the {@link LiveWriter}, searchable at once and committed when the index is idle.
 *
 * <p>Thread-safe: refreshes are serialized; the file records are guarded by one lock.
 */
final class Refresher {
  private static final Logger LOG = LoggerFactory.getLogger(Refresher.class);
  private static final long RACY_NANOS = Duration.ofSeconds(3).toNanos();

  private final Path vault;
  private final VaultLayout layout;
  private final FileIndexer indexer;
  private final IndexStore store;
  private final LiveWriter live; // guarded by lock
  private final Object lock = new Object();
  private final IndexProgress progress;
  /** By path, in no order: only looked up (sorting 100,000 paths cost a quarter of a warm
   * command-line search). Guarded by lock, like walkOwed. */
  private Map<String, FileRecord> files;
  private boolean walkOwed = true;
  private final FeedTurns turns = new FeedTurns();
  private long checkpointNanos = Duration.ofSeconds(15).toNanos();
  private int threads = Runtime.getRuntime().availableProcessors();
  /** The records no longer match the visible index (uncommitted changes were dropped). */
  private boolean recordsOwed;
  /** The stamps of every indexed file the feed's look gave, for the refresh under way. */
  private Map<String, FileStamp> looked;

  Refresher(Path vault, VaultLayout layout, Chunker chunker, IndexStore store,
      IndexProgress progress) throws IOException {
    this.vault = vault;
    this.layout = layout;
    this.indexer = new FileIndexer(vault, layout, chunker, store.vectors());
    this.store = store;
    this.live = new LiveWriter(store);
    this.progress = progress;
    synchronized (lock) {
      this.files = store.loadRecords();
    }
  }

  /** How often a long pass commits what it indexed so far (tests shorten it). */
  void checkpointEvery(Duration every) {
    synchronized (lock) {
      checkpointNanos = every.toNanos();
    }
  }

  /** How many threads index a long pass: one per core (tests compare 1 with several). */
  void indexWith(int threads) {
    synchronized (lock) {
      this.threads = threads;
    }
  }

  /** Number of indexed files as of the last refresh. */
  int fileCount() {
    synchronized (lock) {
      return files.size();
    }
  }

  /** Commits and closes the live writer, if open, then runs {@code action} under the lock. */
  void whileIdle(Runnable action) {
    synchronized (lock) {
      try {
        live.commitAndClose();
      } catch (IOException | RuntimeException e) {
        LOG.debug("Committing the last changes to the index of {} failed", vault, e);
      }
      action.run();
    }
  }

  /** Every indexed file's stamp: the feed's, when its last look gave them all, else a walk. */
  private Map<String, FileStamp> walk() throws IOException {
    Map<String, FileStamp> given = looked;
    looked = null;
    return given != null ? given : VaultScanner.stamps(vault, layout);
  }

  /** {@link #refresh(Supplier)} of everything: a stat walk. Cheap when nothing changed. */
  RefreshStats refresh() {
    return refresh(() -> new VaultFeed.Look(Changes.EVERYTHING, Optional.empty()));
  }

  /**
   * Brings the index up to date with the changes {@code feed} reports: everything is walked,
   * or only the changed paths (files, or folders walked in full). A refresh that fails, or an
   * index that another process wrote meanwhile, makes the next refresh walk everything. A
   * look that gives every indexed file's stamps (a watcher's first) spares that walk.
   *
   * <p>The feed is read under the lock: a search started after a write takes its change or
   * waits here for the one that took it ({@link FeedTurns}: one batch serves all waiting).
   *
   * @throws IndexException if the vault cannot be walked or the index cannot be written
   */
  RefreshStats refresh(Supplier<VaultFeed.Look> feed) {
    FeedTurns.Turn turn = turns.arrive();
    synchronized (lock) {
      Changes changes = turn.take(() -> {
        VaultFeed.Look look = feed.get();
        looked = look.stamps().orElse(null);
        return look.changes();
      });
      RefreshStats stats;
      try {
        try {
          stats = refreshOnce(changes);
        } catch (NoSuchFileException e) {
          // A vault file, or an index file another process replaced, vanished: walk again.
          LOG.debug("A file vanished during a refresh of {}; walking again", vault, e);
          walkOwed = true;
          stats = refreshOnce(changes);
        }
      } catch (IOException | UncheckedIOException e) {
        throw IndexStore.failure("Cannot update the index of the vault " + vault, e);
      } finally {
        looked = null;
      }
      turn.applied(); // not on failure: the changes taken are then owed by a walk
      return stats;
    }
  }

  private RefreshStats refreshOnce(Changes changes) throws IOException {
    boolean walk = walkOwed;
    if (!changes.isEmpty()) walkOwed = true; // until this succeeds: the feed won't repeat them
    try {
      // While the live writer is open this process holds the write lock: nobody else commits.
      if (recordsOwed || !live.isOpen() && !store.isCurrent()) {
        // Another process committed (or our uncommitted changes were dropped): start from
        // the commit's records, and walk (its walk may be older than what we applied).
        walk = walkOwed = true;
        store.reopen();
        files = store.loadRecords();
        recordsOwed = false;
      }
      if (walk) changes = Changes.EVERYTHING;
      if (changes.isEmpty()) return RefreshStats.NONE;
      boolean all = changes.everything();
      Map<String, FileRecord> known = all ? files : FileRecord.under(files, changes.paths());
      Map<String, FileStamp> seen = all ? walk() : scanUnder(changes.paths());
      if (!changed(seen, known, !all)) {
        if (!all) files.putAll(known); // racy files that settled
        walkOwed = false;
        return RefreshStats.NONE;
      }
      // What a watcher reports goes to the long-lived writer: searchable at once, committed
      // when the index is idle. A walk of everything (a short-lived process) commits at once.
      boolean useLive = !all || live.isOpen();
      IndexWriter writer = useLive ? null
          : store.openWriter(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
      try {
        // Another process may have committed while we waited for the lock: then diff
        // the whole walk against its records.
        boolean newer = useLive ? live.open() : !store.isCurrent();
        if (useLive) writer = live.writer();
        if (newer) {
          store.reopen();
          files = store.loadRecords();
          all = true;
          known = files;
          seen = VaultScanner.stamps(vault, layout);
        }
        RefreshStats stats = new RefreshStats();
        Map<String, FileRecord> next = apply(writer, seen, known, stats);
        if (useLive) {
          live.publish(this::tick);
        } else {
          store.commit(writer);
          store.reopen();
        }
        if (all) {
          files = next;
        } else {
          files.keySet().removeAll(known.keySet());
          files.putAll(next);
        }
        walkOwed = false;
        return stats;
      } catch (IOException | RuntimeException e) {
        if (useLive) dropLive();
        throw e;
      } finally {
        if (!useLive && writer != null) writer.close(); // uncommitted changes are dropped
      }
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof NoSuchFileException) throw (NoSuchFileException) e.getCause();
      throw e;
    }
  }

  /** The live writer's look at idleness and requests for the lock; on the commit thread. */
  private void tick() {
    synchronized (lock) {
      try {
        live.tick(this::tick);
      } catch (IOException | RuntimeException e) {
        LOG.warn("Cannot commit the changes to the index of the vault {} ({}); the next search "
            + "walks the vault", vault, Problems.describe(e));
        walkOwed = true;
        recordsOwed = true;
      }
    }
  }

  /** Drops the live writer's uncommitted changes: the next refresh starts from the commit. */
  private void dropLive() {
    try {
      live.rollback();
    } catch (IOException | RuntimeException e) {
      LOG.debug("Dropping the changes to the index of {} failed", vault, e);
    }
    walkOwed = true;
    recordsOwed = true;
  }

  /** The stamps of the indexed files at or below each of {@code paths}, as they are now. */
  private Map<String, FileStamp> scanUnder(Set<String> paths) throws IOException {
    Map<String, FileStamp> out = new HashMap<>();
    for (String p : paths) VaultScanner.scanInto(vault, layout, p, out);
    return out;
  }

  /** Whether the walk differs from the records; settles racy files that did not change. */
  private boolean changed(Map<String, FileStamp> seen, Map<String, FileRecord> known,
      boolean watched) throws IOException {
    if (seen.size() != known.size()) return true;
    // Hashed look-ups: the walk and the records are both hash maps (sorting and
    // comparing them as sorted maps was half of a warm command-line search).
    List<String> settled = new ArrayList<>();
    for (Map.Entry<String, FileStamp> e : seen.entrySet()) {
      FileRecord record = known.get(e.getKey());
      if (record == null) return true;
      if (!record.stamp().equals(e.getValue())) return true;
      if (record.isRacy(RACY_NANOS)) {
        byte[] bytes = indexer.readOrNull(e.getKey());
        if (bytes == null || FileIndexer.hash(bytes) != record.hash()) return true;
        long now = System.currentTimeMillis() * 1_000_000L;
        if (now - record.stamp().modifiedNanos() >= RACY_NANOS) {
          // Unchanged and now old enough: never re-hash it again.
          FileRecord settledNow = new FileRecord(record.stamp(), record.hash(), now);
          known.put(e.getKey(), settledNow);
          settled.add(e.getKey());
        }
      }
    }
    if (!settled.isEmpty()) saveSettled(settled, known, watched);
    return false;
  }

  /**
   * Writes the records of files that stopped being racy, once, so that later processes do
   * not re-hash them at every search (a freshly cloned vault is indexed within seconds of
   * being written: every file starts racy).
   */
  private void saveSettled(List<String> paths, Map<String, FileRecord> known, boolean watched)
      throws IOException {
    if (watched && live.isOpen()) { // committed with the changes, when the index is idle
      for (String path : paths) {
        live.writer().updateDocument(new Term(Fields.FILE_PATH, path),
            IndexStore.recordDocument(path, known.get(path)));
      }
      live.publish(this::tick);
      return;
    }
    try (IndexWriter writer = store.openWriter(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)) {
      for (String path : paths) {
        writer.updateDocument(new Term(Fields.FILE_PATH, path),
            IndexStore.recordDocument(path, known.get(path)));
      }
      store.commit(writer);
    }
    store.reopen();
  }

  private Map<String, FileRecord> apply(IndexWriter writer, Map<String, FileStamp> seen,
      Map<String, FileRecord> known, RefreshStats stats) throws IOException {
    Map<String, FileRecord> next = new ConcurrentHashMap<>();
    List<String> toRead = new ArrayList<>();
    for (String path : known.keySet()) {
      if (!seen.containsKey(path)) {
        writer.deleteDocuments(new Term(Fields.PATH, path), new Term(Fields.FILE_PATH, path));
        stats.removed++;
      }
    }
    for (Map.Entry<String, FileStamp> e : seen.entrySet()) {
      FileRecord old = known.get(e.getKey());
      if (old != null && old.stamp().equals(e.getValue()) && !old.isRacy(RACY_NANOS)) {
        next.put(e.getKey(), old);
      } else {
        toRead.add(e.getKey());
      }
    }
    // A long pass (a first index) commits every 15 s, so that a process that
    // is interrupted leaves what it indexed, and the next one resumes from there. The
    // live writer does not: what a watcher reports is a few files. The checkpoint runs on
    // whichever indexing thread finds it due, one at a time, while the others go on.
    long every = checkpointNanos;
    boolean checkpoints = !live.isOpen();
    long[] lastCommit = {System.nanoTime()};
    indexer.indexAll(writer, toRead, seen, known, next, stats, progress, threads, () -> {
      if (checkpoints && System.nanoTime() - lastCommit[0] >= every) {
        store.commit(writer);
        lastCommit[0] = System.nanoTime();
      }
    });
    LOG.debug("Refreshed {}: {}", store.location(), stats);
    return next;
  }
}
