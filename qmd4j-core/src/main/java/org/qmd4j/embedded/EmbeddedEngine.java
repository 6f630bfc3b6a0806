package org.qmd4j.embedded;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.Total;
import org.qmd4j.spi.EmbeddingModel;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.spi.Vocabulary;
import org.qmd4j.vault.Chunker;
import org.qmd4j.watch.VaultFeed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The in-JVM engine: one Lucene document per chunk, kept in a folder per vault (or in
 * memory) and brought up to date before every search.
 *
 * <p>Made of three parts: the {@link IndexStore} (directory, version stamp, writers and
 * searchers, rebuilding a damaged or foreign index), the {@link Refresher} (stat walk and
 * incremental re-indexing, so results are never stale) and the {@link Ranker} (BM25 ranking
 * with the filter applied while ranking, deep fusion, wildcard listing).
 *
 * <p>Sharing: writes take Lucene's write lock only while applying changes, so processes can
 * share one folder. Thread-safe: searches run concurrently; refreshes are serialized.
 */
public final class EmbeddedEngine implements SearchEngine {
  /** Bump when documents or analysis change: older indexes are then rebuilt. */
  // v13: the typed records' fields (RecordFields); v14: term vectors with offsets in exact;
  // v15: offsets in exact's postings instead of term vectors
  static final String FORMAT = "v15";
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedEngine.class);
  private static final int HEAL_ATTEMPTS = 4;

  private final Path vault;
  private final Chunker chunker;
  private final Path indexDir; // null when the index is kept in memory
  private final Map<String, String> stamp;
  private final Vectors vectors;
  private final IndexProgress progress;
  private final VaultFeed changes;
  private final Object healLock = new Object();
  private volatile Index current;
  private volatile boolean closed;

  /** One opening of the index: replaced as a whole when the index is healed. */
  private record Index(IndexStore store, Refresher refresher) {}

  /** A step on the index that may fail with an {@link IOException}. */
  private interface IndexCall<T> {
    T apply(Index index) throws IOException;
  }

  private EmbeddedEngine(Path vault, Chunker chunker, Directory directory, String location,
      Path indexDir, VaultFeed changes, IndexProgress progress, Vectors vectors)
      throws IOException {
    this.vault = vault;
    this.chunker = chunker;
    this.indexDir = indexDir;
    this.changes = changes;
    this.progress = progress;
    this.vectors = vectors;
    this.stamp = Vectors.stamp(FORMAT, chunker, vectors);
    this.current = openHealing(directory, location);
  }

  /**
   * Opens the index; one that {@link IndexStore} found sound but that fails while opened
   * (damaged meanwhile, or replaced by another process) is healed and opened again. */
  private Index openHealing(Directory directory, String location) throws IOException {
    for (int attempt = 1; ; attempt++) {
      try {
        return openIndex(attempt == 1 ? directory : FSDirectory.open(indexDir), location);
      } catch (IOException | RuntimeException | InternalError e) {
        if (indexDir == null || attempt == HEAL_ATTEMPTS
            || !IndexHealer.isDamage(e, location)) {
          if (e instanceof InternalError) throw new DamagedIndexException(e.toString());
          throw e;
        }
        IndexHealer.logHeal(vault, e);
        IndexHealer.makeSound(vault, changes.layout(), chunker, indexDir, stamp, vectors,
            progress);
      }
    }
  }

  private Index openIndex(Directory directory, String location) throws IOException {
    IndexStore store;
    try {
      store = new IndexStore(directory, location, stamp, vectors);
    } catch (IOException | RuntimeException e) {
      IndexStore.closeQuietly(directory);
      throw e;
    }
    try {
      return new Index(store, new Refresher(vault, changes.layout(), chunker, store, progress));
    } catch (IOException | RuntimeException e) {
      store.close();
      throw e;
    }
  }

  /** Opens (or creates) the index of {@code vault}, walked at every search, without model. */
  public static EmbeddedEngine open(Path vault, Path indexDir, Chunker chunker) {
    return open(vault, indexDir, chunker, VaultFeed.walkEveryTime(), IndexProgress.NONE,
        Optional.empty());
  }

  /** {@link #open(Path, Path, Chunker, VaultFeed, IndexProgress, Optional)} without model. */
  public static EmbeddedEngine open(Path vault, Path indexDir, Chunker chunker,
      VaultFeed changes, IndexProgress progress) {
    return open(vault, indexDir, chunker, changes, progress, Optional.empty());
  }

  /**
   * Opens (or creates) the index of {@code vault}, kept fresh by {@code changes}: a stat walk
   * at every search ({@link VaultFeed#walkEveryTime()}) or only what a {@link
   * VaultFeed#watchOrWalk watcher} (started before this call) saw. The engine closes {@code
   * changes} when it closes, or when opening fails. With a {@code model} (which the caller
   * closes), chunks carry its vectors and deep search is hybrid. {@code indexDir} null keeps
   * the index in memory.
   *
   * @throws IndexException if the index cannot be opened (a folder that cannot be written,
   *     read-only say, is not an error: the index is then kept in memory, with a warning)
   */
  public static EmbeddedEngine open(Path vault, Path indexDir, Chunker chunker,
      VaultFeed changes, IndexProgress progress, Optional<EmbeddingModel> model) {
    Objects.requireNonNull(vault, "vault == null");
    Vectors vectors = Vectors.of(Objects.requireNonNull(model, "model == null"));
    Objects.requireNonNull(chunker, "chunker == null");
    Objects.requireNonNull(changes, "changes == null");
    Objects.requireNonNull(progress, "progress == null");
    Directory directory = null;
    try {
      if (indexDir == null) {
        directory = new ByteBuffersDirectory();
        return new EmbeddedEngine(vault, chunker, directory, "memory", null, changes, progress,
            vectors);
      }
      try {
        Files.createDirectories(indexDir);
        directory = FSDirectory.open(indexDir);
        return new EmbeddedEngine(vault, chunker, directory, indexDir.toString(), indexDir,
            changes, progress, vectors);
      } catch (IOException | RuntimeException e) {
        boolean readOnly = e instanceof FileSystemException && !(e instanceof NoSuchFileException);
        if (!readOnly && !IndexHealer.isDamage(e, indexDir.toString())) throw e;
        // A read-only cache folder (a locked-down home, a read-only mount), or an index damaged
        // again as fast as it was healed: it is derived data, so search from memory instead.
        IndexStore.closeQuietly(directory);
        IndexHealer.logInMemory(indexDir, readOnly, e);
        directory = new ByteBuffersDirectory();
        return new EmbeddedEngine(vault, chunker, directory, "memory", null, changes,
            progress, vectors);
      }
    } catch (IOException | RuntimeException e) {
      changes.close();
      IndexStore.closeQuietly(directory);
      if (e instanceof IndexException) throw (IndexException) e;
      throw IndexStore.failure("Cannot open the index of the vault " + vault, e);
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

  @Override // typed conditions are index filters: RecordFields
  public boolean indexesRecords() { return true; }

  @Override
  public String indexLocation() {
    return current.store().location();
  }

  @Override
  public List<Hit> search(EngineQuery query) {
    // Refreshed inside the call: a search retried on a healed index refreshes that one too
    // (its first refresh walks the whole vault), so it never answers from a rebuild older
    // than the changes this search must see. The refresher reads the feed under its lock.
    return withIndex(index -> {
      index.refresher().refresh(changes::look);
      return IndexSearch.search(index.store(), query, vectors);
    });
  }

  /**
   * {@link #search} on the index as it is, not brought up to date first (it may be stale):
   * for a warm-up whose results nobody sees, while the first refresh runs.
   */
  public List<Hit> searchAsIs(EngineQuery query) {
    return withIndex(index -> IndexSearch.search(index.store(), query, vectors));
  }

  @Override
  public Optional<Total> count(EngineQuery query) {
    return withIndex(index -> index.store().withSearcher(s -> Ranker.count(s, query)));
  }

  @Override
  public Map<String, String> diagnostics() {
    Map<String, String> d = new LinkedHashMap<>(Map.of("index", indexLocation()));
    d.put("documents indexed", Integer.toString(fileCount()));
    d.put("chunks indexed", Integer.toString(chunkCount()));
    d.put("deep search", vectors.describeDeep());
    return d;
  }

  @Override
  public Optional<Vocabulary> vocabulary() {
    return Optional.of(new EmbeddedVocabulary(this::onReader));
  }

  private <T> T onReader(Function<IndexReader, T> call) {
    return withIndex(index -> index.store().withReader(call));
  }

  /** Number of chunks in the index, after a refresh. */
  public int chunkCount() {
    refresh();
    return withIndex(index -> index.store().chunkCount());
  }

  /** Number of indexed files, after a refresh. */
  public int fileCount() {
    refresh();
    return current.refresher().fileCount();
  }

  /**
   * Brings the index up to date with the vault: what the change feed reports (everything,
   * by a stat walk, unless the vault is watched), then only new, changed and deleted files
   * are (re)indexed. Called before every search; cheap when nothing changed.
   *
   * @return how many files were (re)indexed and removed
   * @throws IndexException if the vault cannot be walked or the index cannot be written
   */
  public RefreshStats refresh() {
    return withIndex(index -> index.refresher().refresh(changes::look));
  }

  /** Whether the vault is watched, so that a search re-reads only what changed. */
  public boolean watching() {
    return changes.watching();
  }

  /** The index snapshot and ranking, for benchmarks that time ranking alone. */
  IndexStore store() {
    return current.store();
  }

  /**
   * Runs {@code call} on the index; when it fails because the index is damaged (a file
   * changed, vanished or fails its checksum under this process), heals the index and runs it
   * once more on the healed one.
   */
  private <T> T withIndex(IndexCall<T> call) {
    // A few rounds: processes sharing the folder may heal it again while this one reopens.
    for (int attempt = 1; ; attempt++) {
      Index index = current;
      try {
        return call.apply(index);
      } catch (IOException | RuntimeException | InternalError e) {
        if (e instanceof InternalError && !IndexHealer.isMappedFault(e)) throw (InternalError) e;
        if (closed || attempt == HEAL_ATTEMPTS
            || !IndexHealer.isDamage(e, index.store().location())) {
          throw rethrown(e);
        }
        heal(index, e);
      }
    }
  }

  private RuntimeException rethrown(Throwable e) {
    if (e instanceof RuntimeException) return (RuntimeException) e;
    return IndexStore.failure("The search failed in the index of the vault " + vault, e);
  }

  /**
   * Replaces the damaged {@code failed} opening of the index with a sound one: rebuilt from
   * the vault and put in place ({@link IndexHealer}), or reopened when sound again. Searches
   * wait for it; one warning per heal; a folder that cannot take it leaves it in memory. */
  private void heal(Index failed, Throwable cause) {
    synchronized (healLock) {
      if (current != failed || closed) return; // healed meanwhile by another search
      IndexHealer.logHeal(vault, cause);
      failed.refresher().whileIdle(failed.store()::close);
      if (indexDir != null) {
        try {
          IndexHealer.makeSound(vault, changes.layout(), chunker, indexDir, stamp, vectors,
            progress);
          current = openIndex(FSDirectory.open(indexDir), indexDir.toString());
          return;
        } catch (IOException | RuntimeException e) {
          LOG.warn("Cannot put a rebuilt index in {} ({}); this process keeps it in memory "
              + "instead", indexDir, Problems.describe(e));
        }
      }
      try {
        current = openIndex(new ByteBuffersDirectory(), "memory");
      } catch (IOException e) {
        throw IndexStore.failure("Cannot rebuild the index of the vault " + vault, e);
      }
    }
  }

  @Override
  public void close() {
    closed = true;
    changes.close();
    Index index = current;
    index.refresher().whileIdle(index.store()::close);
  }

  @Override
  public String toString() {
    return "EmbeddedEngine[" + vault + " -> " + indexLocation() + "]";
  }
}
