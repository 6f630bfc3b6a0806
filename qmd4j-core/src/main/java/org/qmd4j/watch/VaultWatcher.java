package org.qmd4j.watch;

import static java.nio.file.StandardWatchEventKinds.ENTRY_CREATE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_DELETE;
import static java.nio.file.StandardWatchEventKinds.ENTRY_MODIFY;
import static java.nio.file.StandardWatchEventKinds.OVERFLOW;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link VaultFeed} on the JDK's {@link WatchService}: every folder of the vault that can
 * hold indexed files is registered, new folders as they appear; events name the files and
 * folders to re-read. An overflow, an unreadable folder or any error means "walk everything".
 *
 * <p>Never stale: the kernel queues an inotify event before the write that caused it returns,
 * but the JDK delivers it to its {@link WatchKey} later, from its own thread. So each call to
 * {@link #changes()} first passes a barrier: it creates a file in a private folder watched by
 * the same service (so by the same inotify queue, which is first in, first out) and waits
 * until that file's event is delivered. Every event queued before the barrier's own is then
 * delivered too. The barrier costs one file creation and deletion and a thread hand-off
 * (tens of microseconds; see docs/benchmarks.md). Linux only: elsewhere the JDK polls (macOS,
 * every few seconds) or watches each folder apart (Windows), with no such order, and
 * {@link #startOrWalk} returns the walk instead.
 *
 * <p>One walk: registering the folders stats every file in them too (a folder is registered
 * before it is listed), and the first look hands those stamps on, with the paths changed since
 * stat-ed again ({@link #look()}), so that whoever looks first need not walk the vault again.
 * That look is checked once against a walk made after it, off the caller's thread ({@link
 * FirstLookCheck}): what it missed is reported by the next look.
 *
 * <p>Limits: one inotify watch per folder ({@code fs.inotify.max_user_watches}) and one
 * instance per watcher ({@code fs.inotify.max_user_instances}, often 128). When the kernel
 * refuses, the watcher logs a warning and the engine walks the vault at every search.
 *
 * <p>Thread-safe: calls to {@link #changes()} are serialized.
 */
public final class VaultWatcher implements VaultFeed {
  private static final Logger LOG = LoggerFactory.getLogger(VaultWatcher.class);
  private static final long BARRIER_TIMEOUT_MS = 2_000;
  private static final String LINUX_SERVICE = "sun.nio.fs.LinuxWatchService";
  /** More paths changed than this since the registration walk: the first look walks again. */
  private static final int RESCANS = 64;

  private final Path vault;
  private final VaultLayout layout;
  private final WatchService service;
  private final Path barrierDir;
  private final WatchKey barrierKey;
  private final Object lock = new Object();
  // All guarded by lock:
  private final Map<WatchKey, String> folderOf = new HashMap<>();
  private final TreeMap<String, WatchKey> keyOf = new TreeMap<>();
  private final Set<String> pending = new HashSet<>();
  private boolean everything = true; // the first look walks the vault
  /** The registration walk's stamps, until the first look; null once stale (an overflow). */
  private Map<String, FileStamp> walked;
  private boolean closed;
  private long barriers;
  private CompletableFuture<Void> checked = CompletableFuture.completedFuture(null);

  private VaultWatcher(Path vault, VaultLayout layout, WatchService service, Path barrierDir)
      throws IOException {
    this.vault = vault;
    this.layout = layout;
    this.service = service;
    this.barrierDir = barrierDir;
    this.barrierKey = barrierDir.register(service, ENTRY_CREATE);
    // Not published yet: only the walk's threads take the lock, one folder at a time.
    Map<String, FileStamp> stamps = VaultScanner.stamps(vault, layout, this::register);
    synchronized (lock) {
      walked = stamps;
    }
  }

  /**
   * Starts watching {@code vault} (an existing folder, as a real path), or returns
   * {@link VaultFeed#walkEveryTime()} with a log line when the platform or the kernel's
   * limits do not allow it.
   */
  static VaultFeed startOrWalk(Path vault, VaultLayout layout) {
    WatchService service = null;
    Path barrierDir = null;
    try {
      service = vault.getFileSystem().newWatchService();
      if (!service.getClass().getName().equals(LINUX_SERVICE)) {
        LOG.debug("No ordered file events here ({}): {} is walked at every search",
            service.getClass().getName(), vault);
        service.close();
        return VaultFeed.walkEveryTime(layout);
      }
      barrierDir = Files.createTempDirectory("qmd4j-watch-");
      VaultWatcher watcher = new VaultWatcher(vault, layout, service, barrierDir);
      LOG.debug("Watching {} ({} folders)", vault, watcher.folderCount());
      return watcher;
    } catch (IOException | RuntimeException e) {
      LOG.warn("Cannot watch {} ({}); it is walked at every search instead. On Linux, see "
          + "fs.inotify.max_user_watches and fs.inotify.max_user_instances", vault, e.toString());
      WatchResources.closeQuietly(service);
      WatchResources.deleteQuietly(barrierDir);
      return VaultFeed.walkEveryTime(layout);
    }
  }

  /** Number of folders watched. */
  int folderCount() {
    synchronized (lock) {
      return keyOf.size();
    }
  }

  @Override
  public VaultLayout layout() {
    return layout;
  }

  @Override
  public boolean watching() {
    synchronized (lock) {
      return !closed;
    }
  }

  @Override
  public Changes changes() {
    return look().changes();
  }

  /**
   * {@link #changes()}; the first look, which reports everything, also gives the stamps of
   * every indexed file: the registration walk's, with the paths changed since stat-ed again
   * (unless an overflow or more than a few changes made them worth a walk of their own).
   */
  @Override
  public Look look() {
    synchronized (lock) {
      if (closed) return new Look(Changes.EVERYTHING, Optional.empty());
      try {
        drain(); // late events of earlier barriers go first
        if (!barrier()) {
          LOG.warn("File events of {} were not delivered within {} ms: walking the vault",
              vault, BARRIER_TIMEOUT_MS);
          walkAll();
        }
        drain();
      } catch (IOException | RuntimeException e) {
        LOG.warn("Watching {} failed ({}): walking the vault", vault, e.toString());
        walkAll();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        walkAll();
      }
      Changes out = everything ? Changes.EVERYTHING : new Changes(false, pending);
      Optional<Map<String, FileStamp>> stamps = everything ? walked() : Optional.empty();
      if (stamps.isPresent()) {
        checked = FirstLookCheck.start(vault, layout, new HashMap<>(stamps.get()), this::missed);
      }
      walked = null;
      everything = false;
      pending.clear();
      return new Look(out, stamps);
    }
  }

  /** What the check of the first look found: paths to report, or null to walk everything. */
  private void missed(Set<String> paths) {
    synchronized (lock) {
      if (paths == null) walkAll();
      else pending.addAll(paths);
    }
  }

  /** Done when the first look's stamps have been checked against a later walk (if they were). */
  CompletableFuture<Void> firstLookChecked() {
    synchronized (lock) {
      return checked;
    }
  }

  /** The next look reports everything, with no stamps of its own: a walk is owed. */
  private void walkAll() {
    everything = true;
    walked = null;
  }

  /** The registration walk's stamps with the paths changed since stat-ed again: now's. */
  private Optional<Map<String, FileStamp>> walked() {
    Map<String, FileStamp> stamps = walked;
    if (stamps == null || pending.size() > RESCANS) return Optional.empty();
    try {
      for (String path : pending) {
        stamps.remove(path);
        String below = path + "/";
        stamps.keySet().removeIf(p -> p.startsWith(below));
        VaultScanner.scanInto(vault, layout, path, stamps);
      }
    } catch (IOException | RuntimeException e) {
      LOG.debug("Cannot stat again what changed in {} ({}): walking it", vault, e.toString());
      return Optional.empty();
    }
    return Optional.of(stamps);
  }

  /** Creates a barrier file and waits for its event; false on time-out. */
  private boolean barrier() throws IOException, InterruptedException {
    String name = "b" + (++barriers);
    Path file = barrierDir.resolve(name);
    Files.createFile(file);
    try {
      long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BARRIER_TIMEOUT_MS);
      while (true) {
        long left = deadline - System.nanoTime();
        WatchKey key = left <= 0 ? null : service.poll(left, TimeUnit.NANOSECONDS);
        if (key == null) return false;
        if (process(key, name)) return true;
      }
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /** Handles every delivered key without waiting. */
  private void drain() {
    WatchKey key;
    while ((key = service.poll()) != null) process(key, null);
  }

  /** Handles one key's events; true if one of them is the barrier file {@code barrier}. */
  private boolean process(WatchKey key, String barrier) {
    List<WatchEvent<?>> events = key.pollEvents();
    if (key == barrierKey) {
      boolean seen = false;
      for (WatchEvent<?> e : events) {
        if (e.kind() == OVERFLOW) walkAll();
        else if (barrier != null && barrier.equals(e.context().toString())) seen = true;
      }
      if (!key.reset()) throw new IllegalStateException("barrier folder " + barrierDir + " gone");
      return seen;
    }
    String folder = folderOf.get(key);
    if (folder == null) return false; // cancelled meanwhile
    for (WatchEvent<?> e : events) {
      if (e.kind() == OVERFLOW) {
        walkAll();
        continue;
      }
      String rel = folder.isEmpty() ? e.context().toString() : folder + "/" + e.context();
      boolean file = layout.classify(rel).isPresent();
      boolean dir = !file && layout.mayContainIndexedFiles(rel);
      if (e.kind() == ENTRY_MODIFY) {
        if (file) pending.add(rel); // a folder's own attributes change nothing
        continue;
      }
      if (!file && !dir) continue; // editors' temporary files, other folders
      pending.add(rel);
      if (e.kind() == ENTRY_DELETE) {
        forget(rel); // gone or renamed away: its keys would report the old path
      } else if (e.kind() == ENTRY_CREATE) {
        Path abs = vault.resolve(rel);
        if (Files.isDirectory(abs, LinkOption.NOFOLLOW_LINKS)) {
          try {
            registerTree(abs); // files made before this registration: the walk of rel finds them
          } catch (IOException ex) {
            LOG.warn("Cannot watch the new folder {} ({}): walking the vault", abs, ex.toString());
            walkAll();
          }
        }
      }
    }
    if (!key.reset()) { // the folder itself is gone
      folderOf.remove(key);
      keyOf.remove(folder, key);
      if (folder.isEmpty()) walkAll();
      else pending.add(folder);
    }
    return false;
  }

  /** Registers {@code dir} and every folder below it that can hold indexed files. */
  private void registerTree(Path dir) throws IOException {
    VaultScanner.scanInto(vault, layout, VaultScanner.relative(vault, dir), new HashMap<>(),
        this::register);
  }

  /** Registers the folder {@code dir}, vault-relative {@code rel}. */
  private void register(Path dir, String rel) throws IOException {
    WatchKey key = dir.register(service, ENTRY_CREATE, ENTRY_DELETE, ENTRY_MODIFY);
    synchronized (lock) {
      // The same folder under a new name (renamed) gets its old key back: re-map it.
      String old = folderOf.put(key, rel);
      if (old != null && !old.equals(rel)) keyOf.remove(old, key);
      keyOf.put(rel, key);
    }
  }

  /** Cancels the keys of {@code rel} and of every folder below it. */
  private void forget(String rel) {
    Map<String, WatchKey> below = new HashMap<>(keyOf.subMap(rel + "/", rel + "0"));
    WatchKey own = keyOf.get(rel);
    if (own != null) below.put(rel, own);
    for (Map.Entry<String, WatchKey> e : below.entrySet()) {
      keyOf.remove(e.getKey());
      folderOf.remove(e.getValue());
      e.getValue().cancel();
    }
  }

  @Override
  public void close() {
    synchronized (lock) {
      if (closed) return;
      closed = true;
      walked = null;
      folderOf.clear();
      keyOf.clear();
      WatchResources.closeQuietly(service);
      WatchResources.deleteQuietly(barrierDir);
    }
  }

  @Override
  public String toString() {
    return "VaultWatcher[" + vault + "]";
  }
}
