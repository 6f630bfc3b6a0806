package org.qmd4j.embedded;

import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.qmd4j.internal.Problems;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.VaultLayout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Heals an index found damaged while a long-lived process has it open: the index is
 * rebuilt from the vault in a folder beside the damaged one, then its segments replace the
 * damaged files under the write lock, and the process reopens it. Searches wait meanwhile
 * (they answer from the rebuilt index, never from damaged data); other processes that share
 * the folder see a new commit and reopen it.
 *
 * <p>Not thread-safe: the engine runs one heal at a time.
 */
final class IndexHealer {
  private static final Logger LOG = LoggerFactory.getLogger(IndexHealer.class);

  private IndexHealer() {}

  /**
   * Whether {@code e}, thrown while the index was read or written, means that its files are
   * damaged (rather than the vault being unreadable or another process holding the lock).
   */
  static boolean isDamage(Throwable e, String location) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (isMappedFault(t)) return true;
      if (t instanceof LockObtainFailedException) return false;
      if (t instanceof DamagedIndexException || t instanceof CorruptIndexException
          || t instanceof IndexFormatTooOldException || t instanceof IndexFormatTooNewException
          || t instanceof EOFException || t instanceof AlreadyClosedException) {
        return true;
      }
      if (t instanceof NoSuchFileException || t instanceof FileNotFoundException) {
        String m = String.valueOf(t.getMessage());
        return m.contains(location); // an index file, not a vault file
      }
      if (t instanceof RuntimeException && !(t instanceof org.qmd4j.search.SearchException)
          && thrownInLucene(t)) {
        return true; // garbage read from a damaged file fails in Lucene's codecs many ways
      }
    }
    return false;
  }

  /**
   * Whether {@code t} is the JVM's answer to reading a memory-mapped index file that was
   * truncated under it (SIGBUS): an {@link InternalError}, not an exception.
   */
  static boolean isMappedFault(Throwable t) {
    return t instanceof InternalError
        && String.valueOf(t.getMessage()).contains("unsafe memory access");
  }

  /**
   * Whether {@code e} is Lucene refusing to reopen segments whose files another process
   * replaced by a rebuild of its own (same names, other content): not damage, the index only
   * needs opening afresh.
   */
  static boolean replacedByAnotherProcess(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof IllegalStateException
          && String.valueOf(t.getMessage()).contains("same segment")) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code t} came out of Lucene's code rather than qmd4j's own. */
  private static boolean thrownInLucene(Throwable t) {
    for (StackTraceElement frame : t.getStackTrace()) {
      if (frame.getClassName().startsWith("org.apache.lucene.")) return true;
      if (frame.getClassName().startsWith("org.qmd4j.")) return false;
    }
    return false;
  }

  /**
   * Whether the index in {@code directory} is sound: its latest commit has {@code stamp} and
   * every file of it passes its checksum. Reads the whole index.
   */
  static boolean isSound(Directory directory, Map<String, String> stamp) {
    try {
      if (!DirectoryReader.indexExists(directory)) return false;
      if (!SegmentInfos.readLatestCommit(directory).getUserData().equals(stamp)) return false;
      try (DirectoryReader reader = DirectoryReader.open(directory)) {
        for (LeafReaderContext leaf : reader.leaves()) leaf.reader().checkIntegrity();
      }
      return true;
    } catch (IOException | RuntimeException | InternalError e) {
      return false;
    }
  }

  /** Says, once per heal, why the index is healed. */
  static void logHeal(Path vault, Throwable cause) {
    if (replacedByAnotherProcess(cause)) {
      LOG.info("The index of the vault {} was rebuilt by another process; reopening it", vault);
    } else {
      LOG.warn("The index of the vault {} is damaged ({}); rebuilding it from the vault, "
          + "searches wait for it", vault, Problems.describe(cause));
    }
    LOG.debug("What showed the damage", cause);
  }

  /**
   * Says in one line that the index at {@code indexDir} is kept in memory: its cache folder
   * cannot be written ({@code readOnly}), or the index cannot be healed there. The exception
   * itself goes to the debug log only.
   */
  static void logInMemory(Path indexDir, boolean readOnly, Throwable e) {
    // The cache root holds <vault>-<hash>/<index>: name the folder the user chose.
    Path vaultFolder = indexDir.getParent();
    Path root = vaultFolder == null || vaultFolder.getParent() == null ? indexDir
        : vaultFolder.getParent();
    if (readOnly) {
      LOG.warn("The cache folder {} cannot be written ({}): searching from an index in memory,"
          + " built again at each start; set QMD4J_CACHE_DIR or XDG_CACHE_HOME to a writable "
          + "folder", root, Problems.describe(e));
    } else {
      LOG.warn("The index in the cache folder {} cannot be healed ({}): searching from an "
          + "index in memory instead", root, Problems.describe(e));
    }
    LOG.debug("Opening the index at {} failed", indexDir, e);
  }

  /**
   * Leaves {@code indexDir} holding a sound index with {@code stamp}: as it is when it is
   * sound (another process healed it, or it only looked damaged), else rebuilt beside.
   */
  static void makeSound(Path vault, VaultLayout layout, Chunker chunker, Path indexDir,
      Map<String, String> stamp, Vectors vectors, IndexProgress progress) throws IOException {
    try (Directory d = FSDirectory.open(indexDir)) {
      if (isSound(d, stamp)) return;
    }
    rebuildBeside(vault, layout, chunker, indexDir, stamp, vectors, progress);
  }

  /**
   * Rebuilds the index of {@code vault} beside {@code indexDir}, then puts it in place of
   * the damaged files. Leaves {@code indexDir} holding a sound index with {@code stamp}.
   */
  static void rebuildBeside(Path vault, VaultLayout layout, Chunker chunker, Path indexDir,
      Map<String, String> stamp, Vectors vectors, IndexProgress progress) throws IOException {
    Path beside = Files.createTempDirectory(indexDir.getParent(),
        indexDir.getFileName() + ".rebuild-");
    try {
      IndexStore fresh = new IndexStore(FSDirectory.open(beside), beside.toString(), stamp,
          vectors);
      try {
        new Refresher(vault, layout, chunker, fresh, progress).refresh();
      } finally {
        fresh.close();
      }
      try (Directory target = FSDirectory.open(indexDir);
          Directory source = FSDirectory.open(beside)) {
        IndexStore.emptyUnderLock(target, indexDir.toString());
        IndexWriterConfig config = new IndexWriterConfig(ChunkDocuments.ANALYZER)
            .setOpenMode(IndexWriterConfig.OpenMode.CREATE).setCommitOnClose(false);
        try (IndexWriter writer = new IndexWriter(target, config)) {
          writer.addIndexes(source);
          writer.setLiveCommitData(stamp.entrySet());
          writer.commit();
        }
      }
      LOG.info("The rebuilt index of {} is in place", vault);
    } finally {
      deleteQuietly(beside);
    }
  }

  private static void deleteQuietly(Path folder) {
    try (Stream<Path> all = Files.walk(folder)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException e) {
          LOG.debug("Cannot delete {}: {}", p, e.toString());
        }
      });
    } catch (IOException e) {
      LOG.debug("Cannot delete {}: {}", folder, e.toString());
    }
  }
}
