package org.qmd4j.qmd;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.qmd4j.search.IndexException;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;
import org.qmd4j.watch.VaultFeed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps qmd's index in step with the vault. A stat walk compares the vault with the stamps
 * saved at the last {@code qmd update} and updates first when anything changed, so answers are
 * never stale; an index that holds fewer documents than the vault has indexed files (emptied
 * or replaced behind qmd4j's back) is re-indexed once. With a watching {@link VaultFeed}
 * (long-lived searchers), the walk runs only when the feed reports a change: a search of an
 * unchanged vault costs the feed's barrier, not a stat of every file.
 *
 * <p>Thread-safe. Updates are serialized within the process by {@link #lock()} and, through
 * a file lock, across processes (qmd's own concurrent updates corrupt its index).
 */
final class QmdFreshness {
  private static final Logger LOG = LoggerFactory.getLogger(QmdFreshness.class);
  private static final long RACY_MILLIS = 3_000;

  private final Path vault;
  private final VaultLayout layout;
  private final Path stateDir;
  private final Path indexFile;
  private final QmdCommands commands;
  private final Duration setupTimeout;
  private final StampsFile stampsFile;
  private final QmdIndexFile index;
  private final VaultFeed changes;
  private final Object lock = new Object();
  private final ExecutorService walker = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "qmd4j-qmd-freshness");
    t.setDaemon(true);
    return t;
  });
  private volatile Runnable onUpdated = () -> {};
  /** How many times qmd's index was updated (or the vault recorded) by this object. */
  private final AtomicLong updates = new AtomicLong();
  private Map<String, FileStamp> stamps = Map.of(); // guarded by lock: the vault at the update
  private long stampedAtMillis; // guarded by lock
  private Map<String, FileStamp> repairedFor; // guarded by lock: stamps of the last repair
  // guarded by lock: changes were taken from the feed but no walk has succeeded since, so the
  // next look walks whatever the feed says (the feed never returns a change twice)
  private boolean walkNext = true;

  QmdFreshness(Path vault, VaultLayout layout, Path stateDir, Path indexFile,
      QmdCommands commands, Duration setupTimeout, VaultFeed changes) {
    this.vault = vault;
    this.layout = layout;
    this.stateDir = stateDir;
    this.indexFile = indexFile;
    this.commands = commands;
    this.setupTimeout = setupTimeout;
    this.changes = changes;
    this.stampsFile = new StampsFile(stateDir, vault);
    this.index = new QmdIndexFile(indexFile, stampsFile);
    load();
  }

  /** Whether a watcher reports the vault's changes (else every look walks the vault). */
  boolean watching() {
    return changes.watching();
  }

  /** Stops the change feed and the walks. */
  void close() {
    walker.shutdownNow();
    changes.close();
  }

  /**
   * What {@code call} answers from an index that holds the vault as it is now. With {@code
   * overlap} and a vault that is walked (not watched), the walk runs beside the call: when it
   * finds the vault unchanged, the index the call read was already current; when it finds
   * changes, qmd updates and the call runs again. Otherwise the check comes first.
   */
  <T> T fresh(IoCall<T> call, boolean overlap) throws IOException {
    if (!overlap || watching()) { // a watched vault is checked in well under a millisecond
      updateIfChanged();
      return call.run();
    }
    // The early answer stands only if no update completed after the call began: another
    // search's walk may have found this caller's write and be updating while the call reads
    // (this walk then waits for it and finds nothing left to do).
    long updatesBefore = updates.get();
    Future<Boolean> walk = walker.submit(this::updateIfChanged);
    T early = null;
    RuntimeException failed = null;
    try {
      early = call.run();
    } catch (RuntimeException e) {
      failed = e;
    }
    boolean updated;
    try {
      updated = walk.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IndexException("Interrupted while checking the vault " + vault
          + " for changes; try again", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException) throw (IOException) cause;
      if (cause instanceof RuntimeException) throw (RuntimeException) cause;
      throw new AssertionError("updateIfChanged throws IOException or unchecked only", cause);
    }
    if (updated || updates.get() != updatesBefore) return call.run();
    if (failed != null) throw failed;
    return early;
  }

  /**
   * The vault as the last walk found it, when the watcher vouches for it: it watches, and a
   * walk succeeded after the last change taken from it. Empty otherwise (the caller walks).
   * A change not taken yet is taken by the next search's own look, before qmd is asked.
   */
  Optional<Map<String, FileStamp>> watchedVault() {
    if (!watching()) return Optional.empty();
    synchronized (lock) {
      return walkNext || stamps.isEmpty() ? Optional.empty() : Optional.of(stamps);
    }
  }

  /** The lock that serializes updates and collection changes within this process. */
  Object lock() {
    return lock;
  }

  /** Called after every {@code qmd update} this object runs (the session reopens the index). */
  void onUpdated(Runnable action) {
    this.onUpdated = action;
  }

  /** Whether an update was recorded for the index as it is now. */
  boolean hasStamps() {
    synchronized (lock) {
      // Stamps describe what the index holds; with the index gone (a cleaned cache) they
      // describe nothing, and qmd would answer [] from a new empty index until an update.
      if (!Files.isRegularFile(indexFile)) stamps = Map.of();
      return !stamps.isEmpty();
    }
  }

  /** Runs {@code qmd update} now, whatever the stat walk says. */
  void update() throws IOException {
    updateFrom(null);
  }

  /**
   * Runs {@code qmd update} and records {@code seen}, the vault as a walk just before found
   * it, or, when null, as a walk under the update lock finds it. A file changed after the walk
   * differs from what is recorded, so the next look updates again: never stale.
   */
  @SuppressWarnings("try") // the lock is held for the block, never read
  private void updateFrom(Map<String, FileStamp> seen) throws IOException {
    synchronized (lock) {
      try (FileLock l = updateLock()) {
        Map<String, FileStamp> walked = seen != null ? seen : VaultScanner.scan(vault, layout);
        commands.run(List.of("update"), setupTimeout);
        save(walked);
      }
    }
    onUpdated.run();
  }

  /** Runs {@code action} (a {@code collection add}) under both locks and records the vault. */
  @SuppressWarnings("try") // the lock is held for the block, never read
  void recordAfter(IoAction action) throws IOException {
    synchronized (lock) {
      try (FileLock l = updateLock()) {
        Map<String, FileStamp> seen = VaultScanner.scan(vault, layout);
        action.run();
        save(seen);
      }
    }
  }

  /**
   * Updates when the vault changed since the last update; returns whether it did. With a
   * watching feed, the vault is walked only when the feed reports a change (or a previous
   * look failed). The feed is read under the lock, and the update it calls for finishes before
   * the lock is let go: a search that starts after a write either takes that write's change
   * or waits here until the search that took it has updated qmd's index.
   */
  boolean updateIfChanged() throws IOException {
    synchronized (lock) {
      VaultFeed.Changes seen = changes.changes();
      boolean indexed = Files.isRegularFile(indexFile); // else deleted since the last update
      if (seen.isEmpty() && !walkNext && indexed && !stamps.isEmpty()) return false;
      walkNext = true;
      Map<String, FileStamp> now = VaultScanner.scan(vault, layout);
      boolean changed = !indexed || !now.equals(stamps) || recentlyModified(now);
      if (changed) {
        LOG.debug("Vault {} changed since the last qmd update: updating", vault);
        updateFrom(now); // one walk per change, not a second one under the update lock
      }
      walkNext = false;
      return changed;
    }
  }

  /**
   * Re-indexes when qmd holds fewer documents than the vault has indexed files with content
   * (qmd leaves empty files out), at most once per state of the vault (a file qmd refuses
   * would otherwise re-index on every search).
   *
   * @param documents how many documents qmd's collection holds
   * @return whether it re-indexed
   */
  @SuppressWarnings("try") // the lock is held for the block, never read
  boolean repairIfShort(long documents) throws IOException {
    synchronized (lock) {
      long expected = withContent(stamps);
      if (documents >= expected || stamps.equals(repairedFor)) return false;
      if (documents >= withContent(VaultScanner.scan(vault, layout))) {
        // Notes deleted between the last update's walk and qmd's own: a change, which the
        // next search's update takes in, not an index emptied behind our back.
        walkNext = true;
        return false;
      }
      LOG.warn("The qmd index of the vault {} holds {} documents but the vault has {} indexed"
          + " files with content: re-indexing", vault, documents, expected);
      try (FileLock l = updateLock()) {
        Map<String, FileStamp> seen = VaultScanner.scan(vault, layout);
        commands.run(List.of("update"), setupTimeout);
        save(seen);
        repairedFor = seen;
      }
    }
    onUpdated.run();
    return true;
  }

  /** How many of the vault's indexed files had content at the last update. */
  long filesWithContent() {
    synchronized (lock) {
      return withContent(stamps);
    }
  }

  private static long withContent(Map<String, FileStamp> stamps) {
    return stamps.values().stream().filter(s -> s.size() > 0).count();
  }

  /** How many files the vault had at the last update. */
  int indexedFiles() {
    synchronized (lock) {
      return stamps.size();
    }
  }

  /** A file changed within a timestamp tick of the last update may have changed again. */
  private boolean recentlyModified(Map<String, FileStamp> seen) {
    for (FileStamp s : seen.values()) {
      if (s.modifiedNanos() / 1_000_000L > stampedAtMillis - RACY_MILLIS) return true;
    }
    return false;
  }

  private FileLock updateLock() throws IOException {
    FileChannel channel = FileChannel.open(stateDir.resolve("update.lock"),
        StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    try {
      return channel.lock(); // released (and the channel closed) by try-with-resources
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  private void load() {
    synchronized (lock) {
      stamps = Map.of();
      stampsFile.read(false).ifPresent(saved -> {
        stampedAtMillis = saved.atMillis();
        stamps = saved.files();
        index.recorded(saved.index());
      });
    }
  }

  private void save(Map<String, FileStamp> seen) throws IOException {
    long now = System.currentTimeMillis();
    StampsFile.Index after = index.now();
    stampsFile.write(new StampsFile.Saved(now, seen, after));
    stamps = seen;
    stampedAtMillis = now;
    index.recorded(after);
    updates.incrementAndGet();
  }

  /** {@link QmdIndexFile#changedBehindUs()}. */
  boolean indexChangedBehindUs() throws IOException {
    return index.changedBehindUs();
  }

  /**
   * {@link #indexChangedBehindUs()} asked while no update runs, in this process (the lock) or
   * in another (the update file lock), so that an update in flight is not taken for damage.
   */
  @SuppressWarnings("try") // the lock is held for the block, never read
  boolean indexChangedWhileNoUpdateRuns() throws IOException {
    synchronized (lock) {
      try (FileLock l = updateLock()) {
        return indexChangedBehindUs();
      }
    }
  }

  /** A step that may fail with an {@link IOException}. */
  @FunctionalInterface
  interface IoAction {
    void run() throws IOException;
  }

  /** A call that answers, or fails with an {@link IOException}. */
  @FunctionalInterface
  interface IoCall<T> {
    T run() throws IOException;
  }
}
