package org.qmd4j.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks an index's files against their checksums before a process uses it, remembering
 * which commit it already checked so that short-lived processes do not re-read the whole
 * index at every start.
 */
final class IndexVerifier {
  private static final Logger LOG = LoggerFactory.getLogger(IndexVerifier.class);
  /** Beside the index files: the fingerprint of the last commit whose checksums were read. */
  static final String VERIFIED_FILE = "qmd4j-verified.txt";

  private IndexVerifier() {}

  /**
   * Reads every file of the latest commit against its checksum, so that damage anywhere
   * (not only in the small files Lucene checks on open) is found before a search uses it.
   * That is one sequential read of the whole index, so it is skipped when the commit's files
   * are the ones already verified, with the same sizes and modification times (the
   * fingerprint kept in {@value #VERIFIED_FILE}): short-lived processes (the CLI) then pay it
   * once per change of the index, not at every start.
   *
   * @return the names of the files found sound: those of the commit verified
   */
  static Set<String> verify(Directory directory, String location) throws IOException {
    SegmentInfos latest = SegmentInfos.readLatestCommit(directory);
    String fingerprint = fingerprint(directory, latest);
    Path record = verifiedRecord(directory);
    if (record != null && fingerprint.equals(readQuietly(record))) {
      return Set.copyOf(latest.files(true));
    }
    Set<String> verified;
    try (DirectoryReader reader = DirectoryReader.open(directory)) {
      for (LeafReaderContext leaf : reader.leaves()) leaf.reader().checkIntegrity();
      verified = Set.copyOf(reader.getIndexCommit().getFileNames());
    }
    // Recorded only when the reader read the commit fingerprinted (no commit meanwhile).
    if (!verified.equals(Set.copyOf(latest.files(true)))) return verified;
    if (record != null) {
      try {
        Files.writeString(record, fingerprint);
      } catch (IOException e) { // a read-only folder: verify again next time
        LOG.debug("Cannot record the verified index at {}: {}", location, e.toString());
      }
    }
    return verified;
  }

  /** The files of the latest commit with their sizes and, on disk, modification times. */
  private static String fingerprint(Directory directory, SegmentInfos commit)
      throws IOException {
    StringBuilder out = new StringBuilder();
    Path dir = directory instanceof FSDirectory ? ((FSDirectory) directory).getDirectory() : null;
    for (String name : new TreeSet<>(commit.files(true))) {
      out.append(name).append(' ').append(directory.fileLength(name));
      if (dir != null) {
        out.append(' ').append(Files.getLastModifiedTime(dir.resolve(name),
            LinkOption.NOFOLLOW_LINKS).toMillis());
      }
      out.append('\n');
    }
    return out.toString();
  }

  private static Path verifiedRecord(Directory directory) {
    return directory instanceof FSDirectory
        ? ((FSDirectory) directory).getDirectory().resolve(VERIFIED_FILE) : null;
  }

  private static String readQuietly(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) { // absent (first open) or unreadable: verify
      return "";
    }
  }
}
