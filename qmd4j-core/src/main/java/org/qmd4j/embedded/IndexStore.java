package org.qmd4j.embedded;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.LockObtainFailedException;
import org.qmd4j.search.IndexException;
import org.qmd4j.vault.FileStamp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Lucene side of the embedded index: one directory (a folder or memory) holding a
 * document per chunk and a record per file, stamped with the format and chunker settings.
 * Opens writers under Lucene's write lock (waiting while another process holds it), hands
 * out searchers, and rebuilds an index written by another version or damaged.
 *
 * <p>Thread-safe: searchers are shared through a {@link SearcherManager}; writers are opened
 * by one refresher at a time.
 */
final class IndexStore {
  private static final Logger LOG = LoggerFactory.getLogger(IndexStore.class);
  private static final Duration LOCK_WAIT = Duration.ofSeconds(30);

  private final Directory directory;
  private final String location;
  private final Map<String, String> stamp;
  private final SearcherManager searchers;

  /**
   * Opens the index in {@code directory}, rebuilding it when its stamp differs from
   * {@code stamp} or it cannot be read.
   */
  IndexStore(Directory directory, String location, Map<String, String> stamp)
      throws IOException {
    this.directory = directory;
    this.location = location;
    this.stamp = Map.copyOf(stamp);
    prepare();
    this.searchers = new SearcherManager(directory, null);
  }

  /** Where the index lives: a folder, or {@code memory}. */
  String location() {
    return location;
  }

  /** Makes sure the directory holds an index of this format; rebuilds it otherwise. */
  private void prepare() throws IOException {
    String problem;
    try {
      if (!DirectoryReader.indexExists(directory)) {
        problem = null;
      } else {
        Map<String, String> data = SegmentInfos.readLatestCommit(directory).getUserData();
        if (data.equals(stamp)) return;
        problem = "it was written with other settings or another version (" + data + ")";
      }
    } catch (IOException e) {
      problem = "it is damaged (" + e + ")";
    }
    try (IndexWriter writer = openWriter(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)) {
      // Under the lock now: another process may have prepared the index meanwhile.
      Map<String, String> data = new HashMap<>();
      Iterable<Map.Entry<String, String>> live = writer.getLiveCommitData();
      if (live != null) live.forEach(e -> data.put(e.getKey(), e.getValue()));
      if (data.equals(stamp)) return;
      if (problem != null) LOG.warn("Rebuilding the index at {}: {}", location, problem);
      writer.deleteAll();
      commit(writer);
    } catch (IOException e) {
      if (e instanceof LockObtainFailedException) throw e;
      // Too damaged for Lucene to overwrite: remove its files and start again.
      LOG.warn("Removing the files of the damaged index at {}: {}", location, e.toString());
      for (String name : directory.listAll()) {
        if (!name.equals(IndexWriter.WRITE_LOCK_NAME)) directory.deleteFile(name);
      }
      try (IndexWriter writer = openWriter(IndexWriterConfig.OpenMode.CREATE)) {
        commit(writer);
      }
    }
  }

  /** Opens a writer, waiting while another process holds the write lock. */
  IndexWriter openWriter(IndexWriterConfig.OpenMode mode) throws IOException {
    long deadline = System.nanoTime() + LOCK_WAIT.toNanos();
    while (true) {
      IndexWriterConfig config = new IndexWriterConfig(ChunkDocuments.ANALYZER)
          .setOpenMode(mode)
          .setRAMBufferSizeMB(64) // a full rebuild flushes a few large segments, not many small
          .setCommitOnClose(false);
      try {
        return new IndexWriter(directory, config);
      } catch (LockObtainFailedException e) {
        if (System.nanoTime() > deadline) {
          throw new LockObtainFailedException("The index at " + location
              + " stayed locked by another process for " + LOCK_WAIT.toSeconds() + " s", e);
        }
        try {
          Thread.sleep(25);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("Interrupted while waiting for " + location);
        }
      }
    }
  }

  /** Commits what {@code writer} holds, with this index's stamp. */
  void commit(IndexWriter writer) throws IOException {
    writer.setLiveCommitData(stamp.entrySet());
    writer.commit();
  }

  /** Makes the last commit visible to later searchers. */
  void reopen() throws IOException {
    searchers.maybeRefreshBlocking();
  }

  /** Whether the searchers see the latest commit (false when another process committed). */
  boolean isCurrent() throws IOException {
    IndexSearcher searcher = acquire();
    try {
      return ((DirectoryReader) searcher.getIndexReader()).isCurrent();
    } finally {
      release(searcher);
    }
  }

  /** The file records of the latest visible commit, by vault path. */
  Map<String, FileRecord> loadRecords() throws IOException {
    IndexSearcher searcher = acquire();
    try {
      Query query = new TermQuery(new Term(Fields.TYPE, Fields.TYPE_FILE));
      int n = searcher.count(query);
      Map<String, FileRecord> out = new HashMap<>(n * 2);
      if (n == 0) return out;
      StoredFields stored = searcher.storedFields();
      for (ScoreDoc sd : searcher.search(query, n).scoreDocs) {
        Document d = stored.document(sd.doc);
        out.put(d.get(Fields.FILE_PATH), new FileRecord(
            new FileStamp(longOf(d, Fields.SIZE), longOf(d, Fields.MODIFIED)),
            longOf(d, Fields.HASH), longOf(d, Fields.READ_AT)));
      }
      return out;
    } finally {
      release(searcher);
    }
  }

  /** The document that records one file's stamp and hash. */
  static Document recordDocument(String path, FileRecord record) {
    Document d = new Document();
    d.add(new StringField(Fields.TYPE, Fields.TYPE_FILE, Field.Store.NO));
    d.add(new StringField(Fields.FILE_PATH, path, Field.Store.YES));
    d.add(new StoredField(Fields.SIZE, record.stamp().size()));
    d.add(new StoredField(Fields.MODIFIED, record.stamp().modifiedNanos()));
    d.add(new StoredField(Fields.HASH, record.hash()));
    d.add(new StoredField(Fields.READ_AT, record.readAtNanos()));
    return d;
  }

  private static long longOf(Document d, String field) {
    return d.getField(field).numericValue().longValue();
  }

  /** Number of chunk documents in the visible index. */
  int chunkCount() {
    IndexSearcher searcher = acquire();
    try {
      return searcher.count(new TermQuery(new Term(Fields.TYPE, Fields.TYPE_CHUNK)));
    } catch (IOException e) {
      throw new IndexException("Cannot count chunks in " + location + ": " + e, e);
    } finally {
      release(searcher);
    }
  }

  /** A searcher over the latest visible commit; give it back with {@link #release}. */
  IndexSearcher acquire() {
    try {
      return searchers.acquire();
    } catch (IOException e) {
      throw new IndexException("Cannot read the index at " + location + ": " + e, e);
    }
  }

  /** Gives back a searcher from {@link #acquire()}. */
  void release(IndexSearcher searcher) {
    try {
      searchers.release(searcher);
    } catch (IOException e) {
      throw new IndexException("Cannot release a reader of " + location + ": " + e, e);
    }
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
