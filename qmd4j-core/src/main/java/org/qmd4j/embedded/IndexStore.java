package org.qmd4j.embedded;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.IndexException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Lucene side of the embedded index: one directory (a folder or memory) holding a
 * document per chunk and a record per file, stamped with the format and chunker settings.
 * Opens writers under Lucene's write lock (waiting while another process holds it), hands
 * out searchers, and rebuilds an index written by another version or damaged.
 *
 * <p>Thread-safe: searchers are shared through {@link Searchers}; writers are opened by one
 * refresher at a time.
 */
final class IndexStore {
  private static final Logger LOG = LoggerFactory.getLogger(IndexStore.class);
  /** 128 MB, or an eighth of the heap when that is less: a ceiling, used by rebuilds only. */
  private static final double RAM_BUFFER_MB =
      Math.min(128, Runtime.getRuntime().maxMemory() / 8.0 / (1 << 20));

  private final Directory directory;
  private final String location;
  private final Map<String, String> stamp;
  private final Vectors vectors;
  private final Searchers searchers;
  private final WrittenFiles written = new WrittenFiles();

  /**
   * Opens the index in {@code directory}, rebuilding it when its stamp differs from
   * {@code stamp} or it cannot be read. Chunks get the {@code vectors} of its model, if any.
   */
  IndexStore(Directory directory, String location, Map<String, String> stamp, Vectors vectors)
      throws IOException {
    this.directory = directory;
    this.location = location;
    this.stamp = Map.copyOf(stamp);
    this.vectors = vectors;
    Set<String> verified = prepare();
    this.searchers = new Searchers(directory);
    if (directory instanceof FSDirectory && !verified.isEmpty()) {
      IndexSearcher searcher = acquire();
      try {
        written.trust(((FSDirectory) directory).getDirectory(),
            (DirectoryReader) searcher.getIndexReader(), verified);
      } finally {
        release(searcher);
      }
    }
  }

  /** The embedding model of this index, if any. */
  Vectors vectors() {
    return vectors;
  }

  /** Where the index lives: a folder, or {@code memory}. */
  String location() {
    return location;
  }

  /**
   * Makes sure the directory holds a sound index of this format; rebuilds it otherwise. The
   * index is derived data: whatever its files hold (truncated, overwritten, missing, a lock
   * file with content), it is rebuilt from the vault, with one warning saying why.
   *
   * @return the files whose checksums were found sound (none for an index written here)
   */
  private Set<String> prepare() throws IOException {
    String problem = null;
    WriteLock.repairFile(directory, location);
    try {
      if (DirectoryReader.indexExists(directory)) {
        Map<String, String> data = SegmentInfos.readLatestCommit(directory).getUserData();
        if (!data.equals(stamp)) {
          problem = "it was written with other settings or another version (" + data + ")";
        } else {
          return IndexVerifier.verify(directory, location);
        }
      }
    } catch (IOException | RuntimeException | InternalError e) {
      if (e instanceof InternalError && !IndexHealer.isMappedFault(e)) throw (InternalError) e;
      problem = "it is damaged (" + e + ")";
      // On disk, never rebuilt in place: an empty commit would be what other processes
      // sharing the folder read until the rebuild ends. The engine rebuilds it beside
      // (IndexHealer) and opens it again.
      if (directory instanceof FSDirectory) throw new DamagedIndexException(problem);
    }
    try (IndexWriter writer = openWriter(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)) {
      // Under the lock now: another process may have prepared the index meanwhile.
      Map<String, String> data = new HashMap<>();
      Iterable<Map.Entry<String, String>> live = writer.getLiveCommitData();
      if (live != null) live.forEach(e -> data.put(e.getKey(), e.getValue()));
      if (data.equals(stamp) && problem == null) return Set.of();
      if (problem != null) LOG.warn("Rebuilding the index at {}: {}", location, problem);
      writer.deleteAll();
      commit(writer);
      return Set.of();
    } catch (IOException | RuntimeException e) {
      if (e instanceof LockObtainFailedException) throw (LockObtainFailedException) e;
      // Too damaged for Lucene to open: remove its files under the lock and start again.
      LOG.warn("Rebuilding the index at {}: it is damaged ({}); its files are removed",
          location, problem != null ? problem : e.toString());
      wipe();
      return Set.of();
    }
  }

  /** Removes every file of the index but the lock, holding the lock, then commits empty. */
  private void wipe() throws IOException {
    emptyUnderLock(directory, location);
    try (IndexWriter writer = openWriter(IndexWriterConfig.OpenMode.CREATE)) {
      commit(writer);
    }
  }

  /**
   * Checks, before a search, that the files of the commit this process reads are sound: see
   * {@link WrittenFiles}.
   *
   * @throws DamagedIndexException if a file changed, vanished or fails its checksum
   */
  void checkIntact() throws IOException {
    if (!(directory instanceof FSDirectory)) return;
    IndexSearcher searcher = acquire();
    try {
      written.check(((FSDirectory) directory).getDirectory(),
          (DirectoryReader) searcher.getIndexReader());
    } finally {
      release(searcher);
    }
  }

  /** Opens a writer, waiting while another process holds the write lock. */
  IndexWriter openWriter(IndexWriterConfig.OpenMode mode) throws IOException {
    return WriteLock.await(directory, location, () -> new IndexWriter(directory,
        new IndexWriterConfig(ChunkDocuments.ANALYZER)
            .setOpenMode(mode)
            .setRAMBufferSizeMB(RAM_BUFFER_MB) // a rebuild flushes a few large segments
            .setCommitOnClose(false)));
  }

  /** Whether another process waits for the write lock this one holds: see {@link WriteLock}. */
  boolean lockRequested() {
    return WriteLock.requested(directory);
  }

  /** Removes every file of {@code directory} but the lock, holding the lock. */
  static void emptyUnderLock(Directory directory, String location) throws IOException {
    WriteLock.emptyUnder(directory, location);
  }

  /** Commits what {@code writer} holds, with this index's stamp. */
  void commit(IndexWriter writer) throws IOException {
    writer.setLiveCommitData(stamp.entrySet());
    writer.commit();
  }

  /** Makes the last commit (or a live writer's changes) visible to later searchers. */
  void reopen() throws IOException {
    searchers.reopen();
  }

  /** Searches see {@code writer}'s changes from now on, before they are committed. */
  void searchOn(IndexWriter writer) throws IOException {
    searchers.onWriter(writer);
  }

  /** Searches see the last commit again (a live writer was closed). */
  void searchCommits() throws IOException {
    searchers.onCommits(directory);
  }

  /**
   * Whether the searchers see the latest commit (false when another process committed).
   * Compares commit generations from a listing of the folder: Lucene's own {@code isCurrent}
   * reads and parses {@code segments_N} at every search (6% of a long-lived search at
   * 100,000 files). A commit always takes a new generation, and an index emptied
   * and rebuilt by another process under the same generation changes that file, which
   * {@link #checkIntact} finds.
   */
  boolean isCurrent() throws IOException {
    IndexSearcher searcher = acquire();
    try {
      long ours = ((DirectoryReader) searcher.getIndexReader()).getIndexCommit().getGeneration();
      return SegmentInfos.getLastCommitGeneration(directory.listAll()) == ours;
    } finally {
      release(searcher);
    }
  }

  /**
   * The file records of the latest visible commit, by vault path (from doc values: see
   * {@link FileRecord#load}).
   */
  Map<String, FileRecord> loadRecords() throws IOException {
    IndexSearcher searcher = acquire();
    try {
      return FileRecord.load(searcher);
    } finally {
      release(searcher);
    }
  }

  /** The document that records one file's stamp and hash (doc values only, no stored field). */
  static Document recordDocument(String path, FileRecord record) {
    return FileRecord.document(path, record);
  }

  /** Number of chunk documents in the visible index. */
  int chunkCount() {
    IndexSearcher searcher = acquire();
    try {
      return searcher.count(new TermQuery(new Term(Fields.TYPE, Fields.TYPE_CHUNK)));
    } catch (IOException e) {
      throw failure("Cannot count the chunks of the index", e);
    } finally {
      release(searcher);
    }
  }

  /** A searcher over the latest visible commit; give it back with {@link #release}. */
  IndexSearcher acquire() {
    try {
      return searchers.acquire();
    } catch (IOException e) {
      throw failure("Cannot read the index", e);
    }
  }

  /** A step on a searcher that may fail with an {@link IOException}. */
  interface SearcherCall<T> {
    T apply(IndexSearcher searcher) throws IOException;
  }

  /** {@code call} on a searcher of the current commit. */
  <T> T withSearcher(SearcherCall<T> call) throws IOException {
    IndexSearcher searcher = acquire();
    try {
      return call.apply(searcher);
    } finally {
      release(searcher);
    }
  }

  /** {@code call} on a reader of the current commit. */
  <T> T withReader(java.util.function.Function<org.apache.lucene.index.IndexReader, T> call) {
    IndexSearcher searcher = acquire();
    try {
      return call.apply(searcher.getIndexReader());
    } finally {
      release(searcher);
    }
  }

  /** Gives back a searcher from {@link #acquire()}. */
  void release(IndexSearcher searcher) {
    try {
      searchers.release(searcher);
    } catch (IOException e) {
      throw failure("Cannot release a reader of the index", e);
    }
  }

  /**
   * An {@link IndexException} for people: what failed, why in plain words, and
   * what to do; no cache path and no exception class (the cause keeps them for the log).
   */
  static IndexException failure(String what, Throwable e) {
    String why = Problems.describe(e);
    String remedy = why.equals("permission denied") || why.contains("space")
        || why.contains("read-only")
        ? "free disk space or make the cache folder writable (qmd4j doctor shows where it is)"
        : "try again (a damaged index is rebuilt by itself)";
    return new IndexException(what + " (" + why + "); " + remedy, e);
  }

  /** Closes the searchers and the directory; logs, never throws. */
  void close() {
    try {
      searchers.close();
    } catch (IOException e) {
      LOG.warn("Closing the readers of {} failed: {}", location, e.toString());
    }
    closeQuietly(directory);
  }

  static void closeQuietly(Directory directory) {
    if (directory == null) return;
    try {
      directory.close();
    } catch (IOException e) {
      LOG.warn("Closing index directory failed: {}", e.toString());
    }
  }
}
