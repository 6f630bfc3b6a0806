package org.qmd4j.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.zip.CRC32C;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.qmd4j.internal.ChangeFeed.Changes;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.IndexException;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.FileStamp;
import org.qmd4j.vault.InsideVault;
import org.qmd4j.vault.NoteText;
import org.qmd4j.vault.ParsedNote;
import org.qmd4j.vault.Unreadable;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the embedded index in step with the vault: a stat walk lists the indexed files with
 * their size and modification time; only new, changed and deleted files touch the index, and
 * files read within a timestamp tick of their last change are re-hashed, so results are never
 * stale. Changes are committed at once, so a later process starts warm.
 *
 * <p>Thread-safe: refreshes are serialized; the file records are guarded by one lock.
 */
final class Refresher {
  private static final Logger LOG = LoggerFactory.getLogger(Refresher.class);
  private static final long RACY_NANOS = Duration.ofSeconds(3).toNanos();
  /** What an unreadable file reads as (compared by identity), and its recorded hash. */
  private static final byte[] UNREADABLE = new byte[0];
  private static final long UNREADABLE_HASH = Long.MIN_VALUE;

  private final Path vault;
  private final VaultLayout layout;
  private final Chunker chunker;
  private final IndexStore store;
  private final Object lock = new Object();
  private final IndexProgress progress;
  /** By path, in no order: only looked up (sorting 100,000 paths cost a quarter of a warm
   * command-line search, issue 17). Guarded by lock, like walkOwed. */
  private Map<String, FileRecord> files;
  private boolean walkOwed = true;

  Refresher(Path vault, VaultLayout layout, Chunker chunker, IndexStore store,
      IndexProgress progress) throws IOException {
    this.vault = vault;
    this.layout = layout;
    this.chunker = chunker;
    this.store = store;
    this.progress = progress;
    synchronized (lock) {
      this.files = store.loadRecords();
    }
  }

  /** Number of indexed files as of the last refresh. */
  int fileCount() {
    synchronized (lock) {
      return files.size();
    }
  }

  /** Runs {@code action} while no refresh runs (for closing the store). */
  void whileIdle(Runnable action) {
    synchronized (lock) {
      action.run();
    }
  }

  /**
   * Brings the index up to date with the vault: a stat walk, then only new, changed and
   * deleted files are (re)indexed. Cheap when nothing changed.
   *
   * @throws IndexException if the vault cannot be walked or the index cannot be written
   */
  RefreshStats refresh() {
    return refresh(Changes.EVERYTHING);
  }

  /**
   * Brings the index up to date with {@code changes}: everything is walked, or only the
   * changed paths (files, or folders walked in full). A refresh that fails, or an index that
   * another process wrote meanwhile, makes the next refresh walk everything.
   *
   * @throws IndexException if the vault cannot be walked or the index cannot be written
   */
  RefreshStats refresh(Changes changes) {
    synchronized (lock) {
      try {
        return refreshOnce(changes);
      } catch (NoSuchFileException e) {
        // A vault file or folder, or an index file another process replaced, vanished
        // between the walk and its read: walk again once, from what is there now.
        LOG.debug("A file vanished during a refresh of {}; walking again", vault, e);
        walkOwed = true;
        try {
          return refreshOnce(changes);
        } catch (IOException | UncheckedIOException again) {
          throw IndexStore.failure("Cannot update the index of the vault " + vault, again);
        }
      } catch (IOException | UncheckedIOException e) {
        throw IndexStore.failure("Cannot update the index of the vault " + vault, e);
      }
    }
  }

  private RefreshStats refreshOnce(Changes changes) throws IOException {
    try {
      if (!store.isCurrent()) { // another process committed: start from its records
        store.reopen();
        files = store.loadRecords();
        walkOwed = true; // its walk may be older than changes we already applied
      }
      if (walkOwed) changes = Changes.EVERYTHING;
      if (changes.isEmpty()) return RefreshStats.NONE;
      walkOwed = true; // until this refresh succeeds
      boolean all = changes.everything();
      Map<String, FileRecord> known = all ? files : recordsUnder(changes.paths());
      Map<String, FileStamp> seen =
          all ? VaultScanner.stamps(vault, layout) : scanUnder(changes.paths());
      if (!changed(seen, known)) {
        if (!all) files.putAll(known); // racy files that settled
        walkOwed = false;
        return RefreshStats.NONE;
      }
      try (IndexWriter writer = store.openWriter(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)) {
        // Another process may have committed while we waited for the lock: then diff
        // the whole walk against its records.
        if (!store.isCurrent()) {
          store.reopen();
          files = store.loadRecords();
          all = true;
          known = files;
          seen = VaultScanner.stamps(vault, layout);
        }
        RefreshStats stats = new RefreshStats();
        Map<String, FileRecord> next = apply(writer, seen, known, stats);
        store.commit(writer);
        store.reopen();
        if (all) {
          files = next;
        } else {
          files.keySet().removeAll(known.keySet());
          files.putAll(next);
        }
        walkOwed = false;
        return stats;
      }
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof NoSuchFileException) throw (NoSuchFileException) e.getCause();
      throw e;
    }
  }

  /**
   * The records of the files at or below each of {@code paths}. A path that is a known file
   * (the watcher's usual report: one note written) is one look-up; any other (a folder, a new
   * file) is looked for as a folder among all records, a pass of string prefix checks.
   */
  private Map<String, FileRecord> recordsUnder(Set<String> paths) {
    Map<String, FileRecord> out = new HashMap<>();
    List<String> folders = new ArrayList<>();
    for (String p : paths) {
      FileRecord own = files.get(p);
      if (own != null) out.put(p, own); else folders.add(p + "/");
    }
    if (folders.isEmpty()) return out;
    for (Map.Entry<String, FileRecord> e : files.entrySet()) {
      for (String folder : folders) {
        if (e.getKey().startsWith(folder)) out.put(e.getKey(), e.getValue());
      }
    }
    return out;
  }

  /** The stamps of the indexed files at or below each of {@code paths}, as they are now. */
  private Map<String, FileStamp> scanUnder(Set<String> paths) throws IOException {
    Map<String, FileStamp> out = new HashMap<>();
    for (String p : paths) VaultScanner.scanInto(vault, layout, p, out);
    return out;
  }

  /** Whether the walk differs from the records; settles racy files that did not change. */
  private boolean changed(Map<String, FileStamp> seen, Map<String, FileRecord> known)
      throws IOException {
    if (seen.size() != known.size()) return true;
    // Hashed look-ups: the walk and the records are both hash maps (issue 17: sorting and
    // comparing them as sorted maps was half of a warm command-line search).
    List<String> settled = new ArrayList<>();
    for (Map.Entry<String, FileStamp> e : seen.entrySet()) {
      FileRecord record = known.get(e.getKey());
      if (record == null) return true;
      if (!record.stamp().equals(e.getValue())) return true;
      if (record.isRacy(RACY_NANOS)) {
        byte[] bytes = readOrNull(e.getKey());
        if (bytes == null || hash(bytes) != record.hash()) return true;
        long now = System.currentTimeMillis() * 1_000_000L;
        if (now - record.stamp().modifiedNanos() >= RACY_NANOS) {
          // Unchanged and now old enough: never re-hash it again.
          FileRecord settledNow = new FileRecord(record.stamp(), record.hash(), now);
          known.put(e.getKey(), settledNow);
          settled.add(e.getKey());
        }
      }
    }
    if (!settled.isEmpty()) saveSettled(settled, known);
    return false;
  }

  /**
   * Writes the records of files that stopped being racy, once, so that later processes do
   * not re-hash them at every search (a freshly cloned vault is indexed within seconds of
   * being written: every file starts racy).
   */
  private void saveSettled(List<String> paths, Map<String, FileRecord> known) throws IOException {
    try (IndexWriter writer = store.openWriter(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)) {
      for (String path : paths) {
        writer.updateDocument(new Term(Fields.FILE_PATH, path),
            IndexStore.recordDocument(path, known.get(path)));
      }
      store.commit(writer);
    }
    store.reopen();
  }

  private Map<String, FileRecord> apply(IndexWriter writer, Map<String, FileStamp> seen,
      Map<String, FileRecord> known, RefreshStats stats) throws IOException {
    Map<String, FileRecord> next = new ConcurrentHashMap<>();
    List<String> toRead = new ArrayList<>();
    for (String path : known.keySet()) {
      if (!seen.containsKey(path)) {
        writer.deleteDocuments(new Term(Fields.PATH, path), new Term(Fields.FILE_PATH, path));
        stats.removed++;
      }
    }
    for (Map.Entry<String, FileStamp> e : seen.entrySet()) {
      FileRecord old = known.get(e.getKey());
      if (old != null && old.stamp().equals(e.getValue()) && !old.isRacy(RACY_NANOS)) {
        next.put(e.getKey(), old);
      } else {
        toRead.add(e.getKey());
      }
    }
    // Reading, chunking and analysis dominate a rebuild: spread them over the cores
    // (IndexWriter takes documents from several threads at once).
    ProgressTicker ticker = new ProgressTicker(progress, toRead.size());
    List<Outcome> outcomes = toRead.parallelStream()
        .map(path -> {
          Outcome o = reindex(writer, path, seen.get(path), known.get(path), next);
          ticker.tick();
          return o;
        })
        .collect(Collectors.toList());
    ticker.finish();
    for (Outcome o : outcomes) {
      if (o == Outcome.REMOVED) stats.removed++;
      if (o != Outcome.REMOVED) stats.read++;
      if (o == Outcome.INDEXED) stats.indexed++;
    }
    LOG.debug("Refreshed {}: {}", store.location(), stats);
    return next;
  }

  private enum Outcome { REMOVED, UNCHANGED, TOUCHED, INDEXED }

  /** Re-reads one new or changed file and replaces its documents; thread-safe. */
  private Outcome reindex(IndexWriter writer, String path, FileStamp stamp, FileRecord old,
      Map<String, FileRecord> next) {
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
      List<Document> docs = new ArrayList<>();
      for (Chunk chunk : note.chunks()) docs.add(ChunkDocuments.toDocument(chunk, note.title()));
      docs.add(IndexStore.recordDocument(path, record));
      writer.addDocuments(docs);
      return Outcome.INDEXED;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot index " + path + ": " + e.getMessage(), e);
    }
  }

  /** The bytes of a file; null when it is gone, {@link #UNREADABLE} when reading is denied. */
  private byte[] readOrNull(String path) throws IOException {
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

  private static long hash(byte[] bytes) {
    if (bytes == UNREADABLE) return UNREADABLE_HASH;
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    return (crc.getValue() << 32) ^ bytes.length;
  }
}
