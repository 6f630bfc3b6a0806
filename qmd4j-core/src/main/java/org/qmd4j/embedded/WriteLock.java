package org.qmd4j.embedded;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Optional;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.Lock;
import org.apache.lucene.store.LockObtainFailedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lucene's write lock of an index folder shared by several processes: waiting for it (up to
 * {@link #WAIT}), and asking its holder for it. A long-lived process keeps its writer, and so
 * the lock, while changes arrive ({@link LiveWriter}); a process that waits for the lock
 * leaves a request file beside it ({@link #REQUEST}), which the holder looks for a few times a
 * second, then commits and lets the lock go. Without the request a holder that never idles
 * would make the others wait out {@link #WAIT} and fail.
 */
final class WriteLock {
  private static final Logger LOG = LoggerFactory.getLogger(WriteLock.class);
  /** How long a process waits for the lock before its write fails. */
  static final Duration WAIT = Duration.ofSeconds(30);
  /** The file by which a process waiting for the write lock asks its holder for it. */
  static final String REQUEST = "write.lock.requested";
  private static final long POLL_MILLIS = 25;

  private WriteLock() {}

  /** Something that takes the lock, failing at once when another process holds it. */
  interface Taker<T> {
    T take() throws IOException;
  }

  /**
   * {@code taker}'s result, tried again while another process holds the lock (asking it for
   * the lock), for at most {@link #WAIT}.
   *
   * @throws LockObtainFailedException if the lock stayed held for {@link #WAIT}
   */
  static <T> T await(Directory directory, String location, Taker<T> taker) throws IOException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (true) {
      try {
        T taken = taker.take();
        withdrawRequest(directory);
        return taken;
      } catch (LockObtainFailedException e) {
        if (System.nanoTime() > deadline) {
          throw new LockObtainFailedException("The index at " + location
              + " stayed locked by another process for " + WAIT.toSeconds() + " s", e);
        }
        request(directory);
        try {
          Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("Interrupted while waiting for " + location);
        }
      }
    }
  }

  /** Whether another process waits for the lock of {@code directory}: a stat of one file. */
  static boolean requested(Directory directory) {
    return requestFile(directory).map(f -> Files.exists(f, LinkOption.NOFOLLOW_LINKS))
        .orElse(false);
  }

  /** Removes every file of {@code directory} but the lock, holding the lock. */
  static void emptyUnder(Directory directory, String location) throws IOException {
    try (Lock lock = await(directory, location,
        () -> directory.obtainLock(IndexWriter.WRITE_LOCK_NAME))) {
      for (String name : directory.listAll()) {
        if (!name.equals(IndexWriter.WRITE_LOCK_NAME)) directory.deleteFile(name);
      }
      lock.ensureValid();
    }
  }

  /**
   * Lucene's lock file is always empty; one with content (a bad copy, disk damage) makes
   * every writer fail with "Unexpected lock file size". Emptying it is safe: no writer can
   * use it as it is.
   */
  static void repairFile(Directory directory, String location) {
    if (!(directory instanceof FSDirectory)) return;
    Path lock = ((FSDirectory) directory).getDirectory().resolve(IndexWriter.WRITE_LOCK_NAME);
    try {
      if (Files.isRegularFile(lock, LinkOption.NOFOLLOW_LINKS) && Files.size(lock) != 0) {
        LOG.warn("Emptying the damaged lock file of the index at {}", location);
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.WRITE)) {
          channel.truncate(0);
        }
      }
    } catch (IOException e) {
      LOG.debug("Cannot check the lock file of {}: {}", location, e.toString());
    }
  }

  /** Asks the holder for the lock; in memory there is no other process to ask. */
  private static void request(Directory directory) {
    Optional<Path> file = requestFile(directory);
    if (file.isEmpty() || Files.exists(file.get(), LinkOption.NOFOLLOW_LINKS)) return;
    try {
      Files.write(file.get(), new byte[0], StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    } catch (IOException e) {
      // A folder we cannot write to: the holder lets the lock go when idle, as before.
      LOG.debug("Cannot ask for the write lock of {}: {}", directory, e.toString());
    }
  }

  /** The lock was taken: the request is answered (another waiting process asks again). */
  private static void withdrawRequest(Directory directory) {
    Optional<Path> file = requestFile(directory);
    if (file.isEmpty()) return;
    try {
      Files.deleteIfExists(file.get());
    } catch (IOException e) {
      LOG.debug("Cannot withdraw the request for the write lock of {}: {}", directory,
          e.toString());
    }
  }

  private static Optional<Path> requestFile(Directory directory) {
    return directory instanceof FSDirectory
        ? Optional.of(((FSDirectory) directory).getDirectory().resolve(REQUEST))
        : Optional.empty();
  }
}
