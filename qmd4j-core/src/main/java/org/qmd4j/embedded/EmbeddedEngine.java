package org.qmd4j.embedded;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.qmd4j.internal.ChangeFeed;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.IndexProgress;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.vault.Chunker;
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
 * <p>Sharing: writes take Lucene's write lock only while applying changes, so several
 * processes can share one folder.
 *
 * <p>Thread-safe: searches run concurrently; refreshes are serialized.
 */
public final class EmbeddedEngine implements SearchEngine {
  /** Bump when documents or analysis change: older indexes are then rebuilt. */
  static final String FORMAT = "v4"; // v4: file records in doc values
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedEngine.class);

  private final Path vault;
  private final IndexStore store;
  private final Refresher refresher;
  private final ChangeFeed changes;

  private EmbeddedEngine(Path vault, Chunker chunker, Directory directory, String location,
      ChangeFeed changes, IndexProgress progress) throws IOException {
    this.vault = vault;
    this.changes = changes;
    this.store = new IndexStore(directory, location, Map.of(
        "format", FORMAT,
        "chunkSize", Integer.toString(chunker.chunkSize()),
        "denseDaySize", Integer.toString(chunker.denseDaySize())));
    this.refresher = new Refresher(vault, chunker, store, progress);
  }

  /**
   * Opens (or creates) the index of {@code vault}.
   *
   * @param vault an existing vault folder, as a real path
   * @param indexDir the folder for the index, or {@code null} to keep it in memory
   * @param chunker how files are cut into chunks
   * @return the open engine
   * @throws IndexException if the index cannot be opened (a folder that cannot be written,
   *     read-only say, is not an error: the index is then kept in memory, with a warning)
   */
  public static EmbeddedEngine open(Path vault, Path indexDir, Chunker chunker) {
    return open(vault, indexDir, chunker, ChangeFeed.walkEveryTime(), IndexProgress.NONE);
  }

  /**
   * Opens (or creates) the index of {@code vault}, kept fresh by {@code changes}: a stat
   * walk at every search with {@link ChangeFeed#walkEveryTime()}, only what changed with a
   * {@link ChangeFeed#watchOrWalk watcher} (started before this call, so that nothing
   * written meanwhile is missed). The engine closes {@code changes} when it closes, or when
   * opening fails.
   *
   * @param vault an existing vault folder, as a real path
   * @param indexDir the folder for the index, or {@code null} to keep it in memory
   * @param chunker how files are cut into chunks
   * @param changes what changed in the vault since the last search
   * @param progress hears how indexing passes go
   * @return the open engine
   * @throws IndexException if the index folder cannot be created or written
   */
  public static EmbeddedEngine open(Path vault, Path indexDir, Chunker chunker,
      ChangeFeed changes, IndexProgress progress) {
    Objects.requireNonNull(vault, "vault == null");
    Objects.requireNonNull(chunker, "chunker == null");
    Objects.requireNonNull(changes, "changes == null");
    Objects.requireNonNull(progress, "progress == null");
    Directory directory = null;
    try {
      if (indexDir == null) {
        directory = new ByteBuffersDirectory();
        return new EmbeddedEngine(vault, chunker, directory, "memory", changes, progress);
      }
      try {
        Files.createDirectories(indexDir);
        directory = FSDirectory.open(indexDir);
        return new EmbeddedEngine(vault, chunker, directory, indexDir.toString(), changes,
            progress);
      } catch (FileSystemException e) {
        if (e instanceof NoSuchFileException) throw e;
        // A read-only cache folder (a locked-down home, a read-only mount): the index is
        // derived data, so search from memory rather than not at all.
        IndexStore.closeQuietly(directory);
        LOG.warn("Cannot write the index at {} ({}); this process keeps it in memory instead",
            indexDir, e.toString());
        directory = new ByteBuffersDirectory();
        return new EmbeddedEngine(vault, chunker, directory, "memory", changes, progress);
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

  @Override
  public String indexLocation() {
    return store.location();
  }

  @Override
  public List<Hit> search(EngineQuery query) {
    refresh();
    IndexSearcher searcher = store.acquire();
    ChunkFilter filter = query.filter();
    int limit = query.limit();
    try {
      if (query.isWildcard()) return Ranker.wildcard(searcher, filter, limit);
      QueryPlan plan = QueryPlan.of(query.text());
      if (plan.isEmpty()) return List.of();
      if (query.mode() == Mode.FAST) {
        return Ranker.ranked(searcher, plan.tiered(), true, filter, limit);
      }
      return Ranker.deep(searcher, plan, filter, limit);
    } catch (IOException e) {
      throw IndexStore.failure("The search failed in the index of the vault " + vault, e);
    } finally {
      store.release(searcher);
    }
  }

  @Override
  public Map<String, String> diagnostics() {
    Map<String, String> d = new LinkedHashMap<>();
    d.put("index", store.location());
    d.put("documents indexed", fileCount() + " files, " + chunkCount() + " chunks");
    d.put("deep search", "keyword lists fused by rank (no semantic model without qmd)");
    return d;
  }

  /** Number of chunks in the index, after a refresh. */
  public int chunkCount() {
    refresh();
    return store.chunkCount();
  }

  /** Number of indexed files, after a refresh. */
  public int fileCount() {
    refresh();
    return refresher.fileCount();
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
    return refresher.refresh(changes.changes());
  }

  /** Whether the vault is watched, so that a search re-reads only what changed. */
  public boolean watching() {
    return changes.watching();
  }

  /** The index snapshot and ranking, for benchmarks that time ranking alone. */
  IndexStore store() {
    return store;
  }

  @Override
  public void close() {
    changes.close();
    refresher.whileIdle(store::close);
  }

  @Override
  public String toString() {
    return "EmbeddedEngine[" + vault + " -> " + store.location() + "]";
  }
}
