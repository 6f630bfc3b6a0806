package org.qmd4j.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentReader;
import org.qmd4j.spi.FileStamp;

/**
 * The files of an on-disk index as this process first saw them, checked before each search.
 * Lucene never changes a file once written, so a file whose size, times or inode
 * changed, a file deleted while the commit still holds it, or a lock file with content means
 * that the index was damaged under the running process. A segment seen for the first time
 * (this process's commit or another's) has its checksums read once, so that a file damaged
 * before it was first seen does not pass for sound. About one stat per index file per search.
 *
 * <p>Thread-safe: concurrent checks may both record the same stamps.
 */
final class WrittenFiles {
  private volatile Map<String, FileStamp> known = Map.of();

  /**
   * Checks the files of {@code reader}'s commit in {@code dir}.
   *
   * @throws DamagedIndexException if a file changed, vanished or fails its checksum
   */
  void check(Path dir, DirectoryReader reader) throws IOException {
    Path lockFile = dir.resolve(IndexWriter.WRITE_LOCK_NAME);
    if (Files.isRegularFile(lockFile, LinkOption.NOFOLLOW_LINKS) && Files.size(lockFile) != 0) {
      throw new DamagedIndexException("the lock file has content");
    }
    Map<String, FileStamp> before = known;
    Map<String, FileStamp> seen = new HashMap<>();
    String problem = null;
    for (String name : reader.getIndexCommit().getFileNames()) {
      try {
        FileStamp now = FileStamp.stat(dir.resolve(name)).stamp();
        seen.put(name, now);
        FileStamp then = before.get(name);
        if (then != null && !now.equals(then)) problem = name + " changed";
      } catch (NoSuchFileException gone) {
        problem = name + " was deleted";
      }
    }
    if (problem == null) {
      if (!seen.equals(before)) {
        verifyNew(reader, before);
        known = Map.copyOf(seen);
      }
      return;
    }
    // Another process committed and merged away this commit's files: not damage; the next
    // refresh opens its commit.
    if (!reader.isCurrent()) return;
    throw new DamagedIndexException(problem + " under the open index");
  }

  /**
   * Takes the files of {@code reader}'s commit that are among {@code verified} (read against
   * their checksums when the index was opened, or found verified before) as seen: their first
   * {@link #check} compares their stamps without reading their checksums again, which at
   * 100,000 notes was a read of the whole index on the first search.
   */
  void trust(Path dir, DirectoryReader reader, Set<String> verified) throws IOException {
    Map<String, FileStamp> seen = new HashMap<>();
    for (String name : reader.getIndexCommit().getFileNames()) {
      if (!verified.contains(name)) continue;
      try {
        seen.put(name, FileStamp.stat(dir.resolve(name)).stamp());
      } catch (NoSuchFileException gone) {
        // Left unseen: the first check finds it missing and says so.
        continue;
      }
    }
    known = Map.copyOf(seen);
  }

  private static void verifyNew(DirectoryReader reader, Map<String, FileStamp> before)
      throws IOException {
    for (LeafReaderContext leaf : reader.leaves()) {
      if (!(leaf.reader() instanceof SegmentReader)) continue;
      SegmentReader segment = (SegmentReader) leaf.reader();
      for (String file : segment.getSegmentInfo().files()) {
        if (!before.containsKey(file)) {
          segment.checkIntegrity();
          break;
        }
      }
    }
  }
}
