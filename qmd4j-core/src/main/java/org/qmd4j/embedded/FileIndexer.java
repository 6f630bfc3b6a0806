package org.qmd4j.embedded;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32C;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.qmd4j.search.FileKind;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.InsideVault;
import org.qmd4j.vault.NoteText;
import org.qmd4j.vault.ParsedNote;
import org.qmd4j.vault.Unreadable;
import org.qmd4j.vault.VaultLayout;

/**
 * Reads one vault file and replaces its documents in the index: its chunks (built by
 * {@link ChunkDocuments}, the one place a chunk's document is made) and its file record.
 * Stateless; thread-safe (several files are indexed at once, into one writer).
 */
final class FileIndexer {
  /** What an unreadable file reads as (compared by identity), and its recorded hash. */
  private static final byte[] UNREADABLE = new byte[0];
  private static final long UNREADABLE_HASH = Long.MIN_VALUE;

  private final Path vault;
  private final VaultLayout layout;
  private final Chunker chunker;
  private final Vectors vectors;

  FileIndexer(Path vault, VaultLayout layout, Chunker chunker, Vectors vectors) {
    this.vault = vault;
    this.layout = layout;
    this.chunker = chunker;
    this.vectors = vectors;
  }

  /** The fewest files indexed between two checkpoints (a commit is a few file syncs). */
  private static final int CHECKPOINT_FILES = 100;
  /** A pass over fewer files runs on the calling thread (a watcher's changes). */
  private static final int PARALLEL_FROM = 16;

  /** What runs between two files of a long pass: a commit, when one is due. */
  interface Checkpoint {
    /** Commits what was indexed so far if it is time to; on one thread at a time. */
    void reached() throws IOException;
  }

  /**
   * Reads and (re)indexes {@code paths} on {@code threads} threads (one per core), and counts
   * what was done. Reading, chunking and Lucene's inversion dominate a first index; the writer
   * takes documents from several threads at once, each into its own in-memory segment. The
   * threads take the next file from one shared counter, so they end together. Whichever thread
   * finds a checkpoint due (at least {@value #CHECKPOINT_FILES} files after the last) runs it,
   * while the others go on indexing and help flush the segments it commits (a commit
   * between batches left a core idle while one thread flushed every segment). Each file's
   * chunks and record are added in one block, so a checkpoint holds whole files only. With a
   * model, a parsed file waits in {@link PendingVectors} until enough chunks for one call to
   * the model are gathered (a checkpoint meanwhile holds neither it nor its record: a resumed
   * pass reads it again); what waits at the end is embedded on {@code threads} threads.
   */
  void indexAll(IndexWriter writer, List<String> paths, Map<String, FileStamp> seen,
      Map<String, FileRecord> known, Map<String, FileRecord> next, RefreshStats stats,
      IndexProgress progress, int threads, Checkpoint checkpoint) throws IOException {
    ProgressTicker ticker = new ProgressTicker(progress, paths.size());
    // With a model, files wait for their vectors and are written (and counted) in groups.
    PendingVectors pending = vectors.enabled()
        ? new PendingVectors(writer, vectors, ticker::tick) : null;
    Pass pass = new Pass(writer, paths, seen, known, next, ticker, checkpoint, pending);
    int used = paths.size() < PARALLEL_FROM ? 1 : Math.min(threads, paths.size());
    pass.run(used);
    if (pending != null) pending.flush(used);
    stats.read += pass.read.get();
    stats.indexed += pass.indexed.get();
    stats.removed += pass.removed.get();
    pass.ticker.finish();
  }

  /** One pass over many files: the shared counter, the checkpoint's turn, the counts. */
  private final class Pass {
    private final IndexWriter writer;
    private final List<String> paths;
    private final Map<String, FileStamp> seen;
    private final Map<String, FileRecord> known;
    private final Map<String, FileRecord> next;
    private final ProgressTicker ticker;
    private final Checkpoint checkpoint;
    private final PendingVectors pending; // null without a model
    private final AtomicInteger nextFile = new AtomicInteger();
    private final AtomicInteger sinceCheckpoint = new AtomicInteger();
    private final AtomicBoolean checkpointing = new AtomicBoolean();
    private final AtomicInteger read = new AtomicInteger();
    private final AtomicInteger indexed = new AtomicInteger();
    private final AtomicInteger removed = new AtomicInteger();
    private volatile boolean failed;

    Pass(IndexWriter writer, List<String> paths, Map<String, FileStamp> seen,
        Map<String, FileRecord> known, Map<String, FileRecord> next, ProgressTicker ticker,
        Checkpoint checkpoint, PendingVectors pending) {
      this.writer = writer;
      this.paths = paths;
      this.seen = seen;
      this.known = known;
      this.next = next;
      this.ticker = ticker;
      this.checkpoint = checkpoint;
      this.pending = pending;
    }

    void run(int threads) throws IOException {
      if (threads <= 1) {
        work(false);
        return;
      }
      ExecutorService pool = Executors.newFixedThreadPool(threads - 1, runnable -> {
        Thread t = new Thread(runnable, "qmd4j-index");
        t.setDaemon(true);
        return t;
      });
      try {
        List<Future<?>> helpers = new ArrayList<>();
        for (int i = 1; i < threads; i++) {
          helpers.add(pool.submit(() -> {
            work(true);
            return null;
          }));
        }
        Throwable failure = null;
        try {
          work(true);
        } catch (IOException | RuntimeException | Error e) {
          failure = e;
        }
        for (Future<?> helper : helpers) {
          try {
            helper.get();
          } catch (ExecutionException e) {
            if (failure == null) failure = e.getCause();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failed = true;
            throw new InterruptedIOException("Interrupted while indexing");
          }
        }
        if (failure instanceof IOException) throw (IOException) failure;
        if (failure instanceof RuntimeException) throw (RuntimeException) failure;
        if (failure instanceof Error) throw (Error) failure;
      } finally {
        pool.shutdownNow();
      }
    }

    /** Indexes files until none is left; then flushes the largest in-memory segment. */
    private void work(boolean flushAtTheEnd) throws IOException {
      try {
        for (int i = nextFile.getAndIncrement(); i < paths.size() && !failed;
            i = nextFile.getAndIncrement()) {
          String path = paths.get(i);
          Outcome o = reindex(writer, path, seen.get(path), known.get(path), next, pending);
          if (o == Outcome.REMOVED) removed.incrementAndGet();
          if (o != Outcome.REMOVED) read.incrementAndGet();
          if (o == Outcome.INDEXED || o == Outcome.QUEUED) indexed.incrementAndGet();
          if (o != Outcome.QUEUED) ticker.tick(); // a queued file ticks when written
          // None after the last file: the pass's own commit follows.
          if (sinceCheckpoint.incrementAndGet() >= CHECKPOINT_FILES
              && nextFile.get() < paths.size() && checkpointing.compareAndSet(false, true)) {
            try {
              sinceCheckpoint.set(0);
              checkpoint.reached();
            } finally {
              checkpointing.set(false);
            }
          }
        }
        // The segments in memory are written now, one per thread at once, not all by the
        // commit that follows the pass on one thread.
        if (flushAtTheEnd && !failed) writer.flushNextBuffer();
      } catch (IOException | RuntimeException | Error e) {
        failed = true;
        throw e;
      }
    }
  }

  /** What indexing one file did; QUEUED: indexed, its documents written with its vectors. */
  enum Outcome { REMOVED, UNCHANGED, TOUCHED, INDEXED, QUEUED }

  /**
   * Re-reads one new or changed file and replaces its documents; thread-safe. With
   * {@code pending} (an index with a model), its new documents wait there for their vectors.
   */
  Outcome reindex(IndexWriter writer, String path, FileStamp stamp, FileRecord old,
      Map<String, FileRecord> next, PendingVectors pending) {
    try {
      byte[] bytes = readOrNull(path);
      if (bytes == null) { // deleted since the walk
        if (old != null) {
          writer.deleteDocuments(new Term(Fields.PATH, path), new Term(Fields.FILE_PATH, path));
        }
        return Outcome.REMOVED;
      }
      long hash = hash(bytes);
      if (old != null && old.stamp().equals(stamp) && old.hash() == hash) {
        next.put(path, old); // re-read only because it was racy: unchanged, nothing to write
        return Outcome.UNCHANGED;
      }
      FileRecord record = new FileRecord(stamp, hash, System.currentTimeMillis() * 1_000_000L);
      next.put(path, record);
      // A file without a record has no documents (its chunks and record are added in one
      // block): nothing to delete. A first index buffered two delete terms per file, then
      // looked them up in every segment.
      if (old != null) writer.deleteDocuments(new Term(Fields.FILE_PATH, path));
      VaultFile file = layout.classify(path).orElseThrow();
      // Touched, not changed: new stamp only (unless a note is dated by its modification).
      if (old != null && old.hash() == hash && (file.kind() != FileKind.NOTE
          || old.stamp().modifiedDay().equals(stamp.modifiedDay()))) {
        writer.addDocument(IndexStore.recordDocument(path, record));
        return Outcome.TOUCHED;
      }
      if (old != null) writer.deleteDocuments(new Term(Fields.PATH, path));
      if (bytes == UNREADABLE) { // recorded, so that it is not retried until it changes
        writer.addDocument(IndexStore.recordDocument(path, record));
        return Outcome.TOUCHED;
      }
      ParsedNote note = chunker.parse(file, NoteText.decode(bytes),
          Optional.of(stamp.modifiedDay()));
      if (pending != null) {
        pending.add(note, IndexStore.recordDocument(path, record));
        return Outcome.QUEUED;
      }
      List<Document> docs = ChunkDocuments.toDocuments(note, List.of());
      docs.add(IndexStore.recordDocument(path, record));
      writer.addDocuments(docs);
      return Outcome.INDEXED;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot index " + path + ": " + e.getMessage(), e);
    }
  }

  /** The bytes of a file; null when it is gone, {@link #UNREADABLE} when reading is denied. */
  byte[] readOrNull(String path) throws IOException {
    try {
      // Never follows a link: a note swapped for a link to outside is not indexed.
      return InsideVault.readAllBytes(vault, path);
    } catch (NoSuchFileException e) {
      return null;
    } catch (AccessDeniedException e) {
      Unreadable.skipped(vault, path, "file", e);
      return UNREADABLE;
    } catch (FileSystemException e) {
      return null; // now a link or under one: not an indexed file (the next walk agrees)
    }
  }

  static long hash(byte[] bytes) {
    if (bytes == UNREADABLE) return UNREADABLE_HASH;
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    return (crc.getValue() << 32) ^ bytes.length;
  }
}
