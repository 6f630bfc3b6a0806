package org.qmd4j.qmd;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmd4j.vault.FileStamp;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps qmd's index in step with the vault. A stat walk compares the vault with the stamps
 * saved at the last {@code qmd update} and updates first when anything changed, so answers are
 * never stale; an index that holds fewer documents than the vault has indexed files (emptied
 * or replaced behind qmd4j's back) is re-indexed once.
 *
 * <p>Thread-safe. Updates are serialized within the process by {@link #lock()} and, through
 * a file lock, across processes (qmd's own concurrent updates corrupt its index).
 */
final class QmdFreshness {
  private static final Logger LOG = LoggerFactory.getLogger(QmdFreshness.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long RACY_MILLIS = 3_000;

  private final Path vault;
  private final VaultLayout layout;
  private final Path stateDir;
  private final Path indexFile;
  private final QmdCommands commands;
  private final Duration setupTimeout;
  private final Object lock = new Object();
  private volatile Runnable onUpdated = () -> {};
  private Map<String, FileStamp> stamps = Map.of(); // guarded by lock: the vault at the update
  private long stampedAtMillis; // guarded by lock
  private Map<String, FileStamp> repairedFor; // guarded by lock: stamps of the last repair
  private volatile FileStamp indexStamp; // index.sqlite after qmd4j's last update; null: unknown

  QmdFreshness(Path vault, VaultLayout layout, Path stateDir, Path indexFile,
      QmdCommands commands, Duration setupTimeout) {
    this.vault = vault;
    this.layout = layout;
    this.stateDir = stateDir;
    this.indexFile = indexFile;
    this.commands = commands;
    this.setupTimeout = setupTimeout;
    load();
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
  @SuppressWarnings("try") // the lock is held for the block, never read
  void update() throws IOException {
    synchronized (lock) {
      try (FileLock l = updateLock()) {
        Map<String, FileStamp> seen = VaultScanner.scan(vault, layout);
        commands.run(List.of("update"), setupTimeout);
        save(seen);
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

  /** Updates when the vault changed since the last update; returns whether it did. */
  boolean updateIfChanged() throws IOException {
    synchronized (lock) {
      Map<String, FileStamp> seen = VaultScanner.scan(vault, layout);
      boolean indexed = Files.isRegularFile(indexFile); // else deleted since the last update
      if (indexed && seen.equals(stamps) && !recentlyModified(seen)) return false;
      LOG.debug("Vault {} changed since the last qmd update: updating", vault);
      update();
      return true;
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
      Path file = stateDir.resolve("stamps.json");
      if (!Files.isRegularFile(file)) return;
      try {
        Map<String, Object> data = JSON.readValue(file.toFile(),
            new TypeReference<Map<String, Object>>() {});
        if (!vault.toString().equals(data.get("vault"))) return;
        stampedAtMillis = ((Number) data.get("at")).longValue();
        Map<String, FileStamp> s = new LinkedHashMap<>();
        @SuppressWarnings("unchecked")
        Map<String, List<Number>> files = (Map<String, List<Number>>) data.get("files");
        files.forEach((k, v) -> s.put(k, stampOf(v)));
        stamps = s;
        @SuppressWarnings("unchecked")
        List<Number> index = (List<Number>) data.get("index");
        indexStamp = index == null ? null : stampOf(index);
      } catch (IOException | RuntimeException e) {
        LOG.info("Ignoring unreadable qmd bookkeeping {}: {}", file, e.toString());
      }
    }
  }

  private void save(Map<String, FileStamp> seen) throws IOException {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("vault", vault.toString());
    long now = System.currentTimeMillis();
    data.put("at", now);
    Map<String, List<Long>> files = new LinkedHashMap<>();
    seen.forEach((k, v) -> files.put(k, asList(v)));
    data.put("files", files);
    FileStamp index = indexStatOrNull();
    if (index != null) data.put("index", asList(index));
    Path tmp = Files.createTempFile(stateDir, "stamps", ".tmp");
    JSON.writeValue(tmp.toFile(), data);
    Files.move(tmp, stateDir.resolve("stamps.json"), StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
    stamps = seen;
    stampedAtMillis = now;
    indexStamp = index;
  }

  private static List<Long> asList(FileStamp v) {
    return List.of(v.size(), v.modifiedNanos(), v.changedNanos(), v.inode());
  }

  private static FileStamp stampOf(List<Number> v) {
    // [size, mtime, ctime, inode]; stamps saved before issue 19 have the first two only,
    // and 0 (unknown) compares equal to any ctime or inode.
    return new FileStamp(v.get(0).longValue(), v.get(1).longValue(),
        v.size() > 3 ? v.get(2).longValue() : 0, v.size() > 3 ? v.get(3).longValue() : 0);
  }

  private FileStamp indexStatOrNull() {
    try {
      return FileStamp.stat(indexFile).stamp();
    } catch (IOException e) {
      return null;
    }
  }

  /** index.sqlite as the last update of any qmd4j process left it (from stamps.json). */
  private FileStamp savedIndexStamp() {
    try {
      Map<String, Object> data = JSON.readValue(stateDir.resolve("stamps.json").toFile(),
          new TypeReference<Map<String, Object>>() {});
      @SuppressWarnings("unchecked")
      List<Number> index = (List<Number>) data.get("index");
      return index == null ? null : stampOf(index);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * Whether index.sqlite changed since the last update of a qmd4j process (qmd's searches do
   * not write it): damaged or replaced by another program. False when it is gone (set up again
   * before a search) or was never seen by this process.
   */
  boolean indexChangedBehindUs() {
    FileStamp known = indexStamp;
    if (known == null) return false;
    FileStamp now = indexStatOrNull();
    if (now == null || now.equals(known)) return false;
    FileStamp saved = savedIndexStamp(); // another qmd4j process may have updated it
    if (now.equals(saved)) {
      indexStamp = saved;
      return false;
    }
    return true;
  }

  /** A step that may fail with an {@link IOException}. */
  @FunctionalInterface
  interface IoAction {
    void run() throws IOException;
  }
}
