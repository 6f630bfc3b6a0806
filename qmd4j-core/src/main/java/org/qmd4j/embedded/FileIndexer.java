package org.qmd4j.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32C;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.qmd4j.search.FileKind;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.FileStamp;
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

  /** Files read and indexed between two checkpoints of a long pass. */
  private static final int BATCH = 2_000;

  /** What runs between two batches of a long pass: a commit, when one is due. */
  interface Checkpoint {
    void reached() throws IOException;
  }

  /**
   * Reads and (re)indexes {@code paths} on every core (reading, chunking and analysis
   * dominate a rebuild; the writer takes documents from several threads at once), in batches
   * of {@value #BATCH} files with {@code checkpoint} between two, and counts what was done.
   */
  void indexAll(IndexWriter writer, List<String> paths, Map<String, FileStamp> seen,
      Map<String, FileRecord> known, Map<String, FileRecord> next, RefreshStats stats,
      IndexProgress progress, Checkpoint checkpoint) throws IOException {
    ProgressTicker ticker = new ProgressTicker(progress, paths.size());
    // With a model, files wait for their vectors and are written (and counted) in groups.
    PendingVectors pending = vectors.enabled()
        ? new PendingVectors(writer, vectors, ticker::tick) : null;
    for (int from = 0; from < paths.size(); from += BATCH) {
      List<Outcome> outcomes = paths.subList(from, Math.min(paths.size(), from + BATCH))
          .parallelStream()
          .map(path -> {
            Outcome o = reindex(writer, path, seen.get(path), known.get(path), next, pending);
            if (o != Outcome.QUEUED) ticker.tick();
            return o;
          })
          .toList();
      if (pending != null) pending.flush();
      for (Outcome o : outcomes) {
        if (o == Outcome.REMOVED) stats.removed++;
        if (o != Outcome.REMOVED) stats.read++;
        if (o == Outcome.INDEXED || o == Outcome.QUEUED) stats.indexed++;
      }
      if (from + BATCH < paths.size()) checkpoint.reached();
    }
    ticker.finish();
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
        writer.deleteDocuments(new Term(Fields.PATH, path), new Term(Fields.FILE_PATH, path));
        return Outcome.REMOVED;
      }
      long hash = hash(bytes);
      if (old != null && old.stamp().equals(stamp) && old.hash() == hash) {
        next.put(path, old); // re-read only because it was racy: unchanged, nothing to write
        return Outcome.UNCHANGED;
      }
      FileRecord record = new FileRecord(stamp, hash, System.currentTimeMillis() * 1_000_000L);
      next.put(path, record);
      writer.deleteDocuments(new Term(Fields.FILE_PATH, path));
      VaultFile file = layout.classify(path).orElseThrow();
      // Touched, not changed: new stamp only (unless a note is dated by its modification).
      if (old != null && old.hash() == hash && (file.kind() != FileKind.NOTE
          || old.stamp().modifiedDay().equals(stamp.modifiedDay()))) {
        writer.addDocument(IndexStore.recordDocument(path, record));
        return Outcome.TOUCHED;
      }
      writer.deleteDocuments(new Term(Fields.PATH, path));
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
