package org.qmd4j.qmd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.qmd4j.spi.FileStamp;

/**
 * qmd's private {@code index.sqlite} as qmd4j's updates left it, to tell a change made behind
 * qmd4j's back (the file deleted, replaced, emptied or written by another program) from one
 * SQLite makes itself: qmd's index is in write-ahead-log mode, and the last process to close
 * it moves the logged pages into the file, which may be a {@code qmd search} that outlived the
 * update. Thread-safe.
 */
final class QmdIndexFile {
  private static final long WAL_HEADER_BYTES = 32;

  private final Path file;
  private final Path wal;
  private final StampsFile stampsFile;
  private volatile StampsFile.Index known; // after qmd4j's last update; null: unknown

  QmdIndexFile(Path file, StampsFile stampsFile) {
    this.file = file;
    this.wal = Path.of(file + "-wal");
    this.stampsFile = stampsFile;
  }

  /** The file as it is now, null when it does not exist. */
  StampsFile.Index now() throws IOException {
    FileStamp stamp = statOrNull(file);
    return stamp == null ? null : new StampsFile.Index(stamp, walHasFrames());
  }

  /** Records {@code index}, the file right after an update (null: unknown). */
  void recorded(StampsFile.Index index) {
    known = index;
  }

  /**
   * Whether the file is gone, replaced, emptied or changed since the last update of a qmd4j
   * process (qmd's searches do not write it). False when this process never saw the file.
   */
  boolean changedBehindUs() throws IOException {
    StampsFile.Index before = known;
    if (before == null) return false;
    FileStamp now = statOrNull(file);
    if (now == null) return true; // a resident session would go on reading the deleted file
    if (now.equals(before.stamp())) return false;
    StampsFile.Index saved = stampsFile.read(true).map(StampsFile.Saved::index).orElse(null);
    if (saved != null && now.equals(saved.stamp())) { // another qmd4j process updated it
      known = saved;
      return false;
    }
    if (checkpointed(before, now) || (saved != null && checkpointed(saved, now))) {
      known = new StampsFile.Index(now, walHasFrames());
      return false;
    }
    return true;
  }

  /** Whether {@code now} can be {@code before} with the pages its log held moved in. */
  private static boolean checkpointed(StampsFile.Index before, FileStamp now) {
    FileStamp then = before.stamp();
    boolean sameFile = then.inode() == 0 || now.inode() == 0 || then.inode() == now.inode();
    return before.walFrames() && sameFile && now.size() > 0;
  }

  /** Whether the log holds pages (more than its header); a log that cannot be read may. */
  private boolean walHasFrames() {
    try {
      return Files.size(wal) > WAL_HEADER_BYTES;
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException e) {
      return true;
    }
  }

  private static FileStamp statOrNull(Path path) throws IOException {
    try {
      return FileStamp.stat(path).stamp();
    } catch (NoSuchFileException e) {
      return null;
    }
  }
}
