package org.qmd4j.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.zip.CRC32C;
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
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.LockObtainFailedException;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.FileStamp;
import org.qmd4j.vault.NoteText;
import org.qmd4j.vault.ParsedNote;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The in-JVM engine: one Lucene document per chunk, kept in a folder per vault (or in
 * memory) and brought up to date before every search.
 *
 * <p>Freshness: a stat walk lists the indexed files with their size and modification time;
 * only new, changed and deleted files touch the index, and files read within a timestamp
 * tick of their last change are re-hashed, so results are never stale. Changes are
 * committed at once, so a later process starts warm.
 *
 * <p>Sharing: the index holds a version stamp (format and chunker settings); an index
 * written by another version, or damaged, is rebuilt with a log line. Writes take Lucene's
 * write lock only while applying changes, so several processes can share one folder.
 *
 * <p>Thread-safe: searches run concurrently; refreshes are serialized.
 */
public final class EmbeddedEngine implements SearchEngine {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedEngine.class);
  private static final AtomicBoolean DEEP_WARNED = new AtomicBoolean();

  /** Bump when documents or analysis change: older indexes are then rebuilt. */
  static final String FORMAT = "v3";
  private static final long RACY_NANOS = Duration.ofSeconds(3).toNanos();
  private static final Duration LOCK_WAIT = Duration.ofSeconds(30);
  private static final int RRF_K = 60;

  private final Path vault;
  private final Chunker chunker;
  private final Directory directory;
  private final String location;
  private final Map<String, String> stamp;
  private final SearcherManager searchers;
  private final Object refreshLock = new Object();
  private Map<String, FileRecord> files; // guarded by refreshLock

  private EmbeddedEngine(Path vault, Chunker chunker, Directory directory, String location)
      throws IOException {
    this.vault = vault;
    this.chunker = chunker;
    this.directory = directory;
    this.location = location;
    this.stamp = Map.of(
        "format", FORMAT,
        "chunkSize", Integer.toString(chunker.chunkSize()),
        "denseDaySize", Integer.toString(chunker.denseDaySize()));
    prepare();
    this.searchers = new SearcherManager(directory, null);
    synchronized (refreshLock) {
      this.files = loadRecords();
    }
  }

  /**
   * Opens (or creates) the index of {@code vault}.
   *
   * @param vault an existing vault folder, as a real path
   * @param indexDir the folder for the index, or {@code null} to keep it in memory
   * @throws IndexException if the index folder cannot be created or written
   */
  public static EmbeddedEngine open(Path vault, Path indexDir, Chunker chunker) {
    Objects.requireNonNull(vault, "vault == null");
    Objects.requireNonNull(chunker, "chunker == null");
    Directory directory = null;
    try {
      if (indexDir == null) {
        directory = new ByteBuffersDirectory();
        return new EmbeddedEngine(vault, chunker, directory, "memory");
      }
      Files.createDirectories(indexDir);
      directory = FSDirectory.open(indexDir);
      return new EmbeddedEngine(vault, chunker, directory, indexDir.toString());
    } catch (IOException | RuntimeException e) {
      closeQuietly(directory);
      if (e instanceof IndexException) throw (IndexException) e;
      throw new IndexException("Cannot open the index of " + vault + " at "
          + (indexDir == null ? "memory" : indexDir) + ": " + e, e);
    }
  }

  /** The index format name; part of the index folder name, so versions never share one. */
  public static String formatName() {
    return FORMAT;
  }

  @Override
  public String name() {
    return "embedded";
  }

  @Override
  public String indexLocation() {
    return location;
  }

  @Override
  public List<Hit> search(EngineQuery query) {
    refresh();
    IndexSearcher searcher = acquire();
    ChunkFilter filter = query.filter();
    int limit = query.limit();
    try {
      if (query.isWildcard()) return wildcard(searcher, filter, limit);
      QueryPlan plan = QueryPlan.of(query.text());
      if (plan.isEmpty()) return List.of();
      if (query.mode() == Mode.FAST) return ranked(searcher, plan.tiered(), true, filter, limit);
      return deep(searcher, plan, filter, limit);
    } catch (IOException e) {
      throw new IndexException("Search failed in the index at " + location + ": " + e, e);
    } finally {
      release(searcher);
    }
  }

  @Override
  public Map<String, String> diagnostics() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("index", location);
    d.put("documents indexed", fileCount() + " files, " + chunkCount() + " chunks");
    d.put("deep search", "keyword lists fused by rank (no semantic model without qmd)");
    return d;
  }

  /** Number of chunks in the index, after a refresh. */
  public int chunkCount() {
    refresh();
    IndexSearcher searcher = acquire();
    try {
      return searcher.count(new TermQuery(new Term(Fields.TYPE, Fields.TYPE_CHUNK)));
    } catch (IOException e) {
      throw new IndexException("Cannot count chunks in " + location + ": " + e, e);
    } finally {
      release(searcher);
    }
  }

  /** Number of indexed files, after a refresh. */
  public int fileCount() {
    refresh();
    synchronized (refreshLock) {
      return files.size();
    }
  }

  /**
   * Brings the index up to date with the vault: a stat walk, then only new, changed and
   * deleted files are (re)indexed. Called before every search; cheap when nothing changed.
   *
   * @return how many files were (re)indexed and removed
   * @throws IndexException if the vault cannot be walked or the index cannot be written
   */
  public RefreshStats refresh() {
    synchronized (refreshLock) {
      try {
        if (!isCurrent()) { // another process committed: start from its records
          searchers.maybeRefreshBlocking();
          files = loadRecords();
        }
        Map<String, FileStamp> seen = VaultScanner.scan(vault);
        if (!changed(seen, files)) return RefreshStats.NONE;
        try (IndexWriter writer = openWriter(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)) {
          // Another process may have committed while we waited for the lock: then diff
          // against its records (reading them all costs more than the edit itself).
          Map<String, FileRecord> current = files;
          if (!isCurrent()) {
            searchers.maybeRefreshBlocking();
            current = loadRecords();
          }
          RefreshStats stats = new RefreshStats();
          Map<String, FileRecord> next = apply(writer, seen, current, stats);
          writer.setLiveCommitData(stamp.entrySet());
          writer.commit();
          searchers.maybeRefreshBlocking();
          files = next;
          return stats;
        }
      } catch (IOException | UncheckedIOException e) {
        throw new IndexException("Cannot refresh the index of " + vault + " at " + location
            + ": " + e, e);
      }
    }
  }

  /** Whether the walk differs from the records; settles racy files that did not change. */
  private boolean changed(Map<String, FileStamp> seen, Map<String, FileRecord> known)
      throws IOException {
    if (!seen.keySet().equals(known.keySet())) return true;
    List<String> settled = new ArrayList<>();
    for (Map.Entry<String, FileStamp> e : seen.entrySet()) {
      FileRecord record = known.get(e.getKey());
      if (!record.stamp().equals(e.getValue())) return true;
      if (record.isRacy(RACY_NANOS)) {
        byte[] bytes = readOrNull(e.getKey());
        if (bytes == null || hash(bytes) != record.hash()) return true;
        long now = System.currentTimeMillis() * 1_000_000L;
        if (now - record.stamp().modifiedNanos() >= RACY_NANOS) {
          // Unchanged and now old enough: never re-hash it again.
          known.put(e.getKey(), new FileRecord(record.stamp(), record.hash(), now));
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
    try (IndexWriter writer = openWriter(IndexWriterConfig.OpenMode.CREATE_OR_APPEND)) {
      for (String path : paths) {
        writer.updateDocument(new Term(Fields.FILE_PATH, path),
            recordDocument(path, known.get(path)));
      }
      writer.setLiveCommitData(stamp.entrySet());
      writer.commit();
    }
    searchers.maybeRefreshBlocking();
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
    List<Outcome> outcomes = toRead.parallelStream()
        .map(path -> reindex(writer, path, seen.get(path), known.get(path), next))
        .collect(Collectors.toList());
    for (Outcome o : outcomes) {
      if (o == Outcome.REMOVED) stats.removed++;
      if (o != Outcome.REMOVED) stats.read++;
      if (o == Outcome.INDEXED) stats.indexed++;
    }
    LOG.debug("Refreshed {}: {}", location, stats);
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
      if (old != null && old.hash() == hash) { // touched, not changed: new stamp only
        writer.addDocument(recordDocument(path, record));
        return Outcome.TOUCHED;
      }
      writer.deleteDocuments(new Term(Fields.PATH, path));
      ParsedNote note = chunker.parse(VaultLayout.classify(path).orElseThrow(),
          NoteText.decode(bytes));
      List<Document> docs = new ArrayList<>();
      for (Chunk chunk : note.chunks()) docs.add(ChunkDocuments.toDocument(chunk, note.title()));
      docs.add(recordDocument(path, record));
      writer.addDocuments(docs);
      return Outcome.INDEXED;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot index " + path + ": " + e.getMessage(), e);
    }
  }

  private List<Hit> ranked(IndexSearcher searcher, Query query, boolean tiered,
      Predicate<Chunk> filter, int limit) throws IOException {
    List<Hit> out = new ArrayList<>();
    StoredFields stored = searcher.storedFields();
    int page = Math.max(limit * 2, 32);
    ScoreDoc after = null;
    double cap = 1.0;
    while (out.size() < limit) {
      TopDocs top = searcher.searchAfter(after, query, page);
      for (ScoreDoc sd : top.scoreDocs) {
        after = sd;
        Chunk chunk = ChunkDocuments.toChunk(stored.document(sd.doc));
        if (!filter.test(chunk)) continue;
        // Ranked by tier first: cap each score by the previous one so scores descend too.
        cap = Math.min(cap, normalize(sd.score, tiered));
        out.add(new Hit(chunk, cap, MatchType.KEYWORD));
        if (out.size() == limit) break;
      }
      if (top.scoreDocs.length < page) break;
      page = Math.min(page * 2, 10_000);
    }
    return out;
  }

  /** {@code s / (1 + s)} of the BM25 part of a score: absolute, in [0, 1). */
  static double normalize(float score, boolean tiered) {
    double s = score;
    if (tiered) s -= Math.floor(score / QueryPlan.TIER) * QueryPlan.TIER;
    s = Math.max(0, s);
    return s / (1 + s);
  }

  private List<Hit> deep(IndexSearcher searcher, QueryPlan plan, Predicate<Chunk> filter,
      int limit) throws IOException {
    if (DEEP_WARNED.compareAndSet(false, true)) {
      LOG.info("Deep search without qmd has no semantic model: the embedded engine fuses "
          + "keyword lists (all words, any word, stems, prefixes) by reciprocal rank");
    }
    List<Query> lists = new ArrayList<>(List.of(plan.allWords(), plan.anyWord(),
        plan.stemsOnly()));
    Query prefixes = plan.prefixesOnly();
    if (prefixes != null) lists.add(prefixes);
    int depth = Math.max(50, limit * 3);
    Map<String, Chunk> chunks = new LinkedHashMap<>();
    Map<String, Double> fused = new HashMap<>();
    for (Query list : lists) {
      List<Hit> hits = ranked(searcher, list, false, filter, depth);
      for (int rank = 0; rank < hits.size(); rank++) {
        Chunk c = hits.get(rank).chunk();
        String key = c.path() + "#" + c.ordinal();
        chunks.putIfAbsent(key, c);
        fused.merge(key, 1.0 / (RRF_K + rank + 1), Double::sum);
      }
    }
    double best = lists.size() / (double) (RRF_K + 1);
    return fused.entrySet().stream()
        .sorted(Map.Entry.<String, Double>comparingByValue().reversed()
            .thenComparing(Map.Entry.comparingByKey()))
        .limit(limit)
        .map(e -> new Hit(chunks.get(e.getKey()), Math.min(1.0, e.getValue() / best),
            MatchType.KEYWORD))
        .toList();
  }

  private List<Hit> wildcard(IndexSearcher searcher, Predicate<Chunk> filter, int limit)
      throws IOException {
    SortField byDate = new SortField(Fields.DATE, SortField.Type.LONG, true);
    byDate.setMissingValue(Long.MIN_VALUE); // undated chunks last
    Sort sort = new Sort(byDate, new SortField(Fields.PATH, SortField.Type.STRING),
        new SortField(Fields.ORDINAL, SortField.Type.LONG));
    Query all = new TermQuery(new Term(Fields.TYPE, Fields.TYPE_CHUNK));
    StoredFields stored = searcher.storedFields();
    List<Hit> out = new ArrayList<>();
    int page = Math.max(limit * 2, 64);
    FieldDoc after = null;
    while (out.size() < limit) {
      TopDocs top = searcher.searchAfter(after, all, page, sort);
      for (ScoreDoc sd : top.scoreDocs) {
        after = (FieldDoc) sd;
        Chunk chunk = ChunkDocuments.toChunk(stored.document(sd.doc));
        if (!filter.test(chunk)) continue;
        out.add(new Hit(chunk, 1.0, MatchType.WILDCARD));
        if (out.size() == limit) break;
      }
      if (top.scoreDocs.length < page) break;
      page = Math.min(page * 2, 10_000);
    }
    return out;
  }

  // --- index life cycle -------------------------------------------------------------------

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
      writer.setLiveCommitData(stamp.entrySet());
      writer.commit();
    } catch (IOException e) {
      if (e instanceof LockObtainFailedException) throw e;
      // Too damaged for Lucene to overwrite: remove its files and start again.
      LOG.warn("Removing the files of the damaged index at {}: {}", location, e.toString());
      for (String name : directory.listAll()) {
        if (!name.equals(IndexWriter.WRITE_LOCK_NAME)) directory.deleteFile(name);
      }
      try (IndexWriter writer = openWriter(IndexWriterConfig.OpenMode.CREATE)) {
        writer.setLiveCommitData(stamp.entrySet());
        writer.commit();
      }
    }
  }

  /** Opens a writer, waiting while another process holds the write lock. */
  private IndexWriter openWriter(IndexWriterConfig.OpenMode mode) throws IOException {
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
          throw new java.io.InterruptedIOException("Interrupted while waiting for " + location);
        }
      }
    }
  }

  private boolean isCurrent() throws IOException {
    IndexSearcher searcher = acquire();
    try {
      return ((DirectoryReader) searcher.getIndexReader()).isCurrent();
    } finally {
      release(searcher);
    }
  }

  private Map<String, FileRecord> loadRecords() throws IOException {
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

  private static Document recordDocument(String path, FileRecord record) {
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

  private byte[] readOrNull(String path) throws IOException {
    try {
      return Files.readAllBytes(vault.resolve(path));
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  private static long hash(byte[] bytes) {
    CRC32C crc = new CRC32C();
    crc.update(bytes);
    return (crc.getValue() << 32) ^ bytes.length;
  }

  private IndexSearcher acquire() {
    try {
      return searchers.acquire();
    } catch (IOException e) {
      throw new IndexException("Cannot read the index at " + location + ": " + e, e);
    }
  }

  private void release(IndexSearcher searcher) {
    try {
      searchers.release(searcher);
    } catch (IOException e) {
      throw new IndexException("Cannot release a reader of " + location + ": " + e, e);
    }
  }

  @Override
  public void close() {
    synchronized (refreshLock) {
      try {
        searchers.close();
      } catch (IOException e) {
        LOG.warn("Closing the readers of {} failed: {}", location, e.toString());
      }
      closeQuietly(directory);
    }
  }

  private static void closeQuietly(Directory directory) {
    if (directory == null) return;
    try {
      directory.close();
    } catch (IOException e) {
      LOG.warn("Closing index directory failed: {}", e.toString());
    }
  }

  @Override
  public String toString() {
    return "EmbeddedEngine[" + vault + " -> " + location + "]";
  }
}
