package org.qmd4j.embedded;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.qmd4j.analysis.TokenCache;
import org.qmd4j.spi.Chunk;

/**
 * Reads the chunks of one searcher's hits: their stored fields (kept a while), and the tokens
 * of the query's words in those returned, from the {@code exact} field's postings, handed to
 * {@link TokenCache} so that their matches are not found by analysing the text again. Not
 * thread-safe: one per search.
 */
final class ChunkReader {
  /**
   * Chunks lately read, by segment and document: a segment's documents never change, so an
   * entry is never stale (an edited file's chunks are new documents, in another segment).
   * Two generations of at most this many chunks each; the older is dropped when the newer is
   * full. The same chunks come back for the same queries, and their stored fields were a
   * tenth of a long-lived server's search.
   */
  private static final int GENERATION = 1024;

  private static volatile ConcurrentHashMap<Key, Chunk> current = new ConcurrentHashMap<>();
  private static volatile ConcurrentHashMap<Key, Chunk> older = new ConcurrentHashMap<>();

  private record Key(Object segment, int doc) {}

  private final IndexReader reader;
  private final StoredFields stored;

  ChunkReader(IndexSearcher searcher) throws IOException {
    this.reader = searcher.getIndexReader();
    this.stored = searcher.storedFields();
  }

  /** The chunk of document {@code doc}, from its stored fields only. */
  Chunk chunk(int doc) throws IOException {
    Key key = key(doc);
    Chunk chunk = key == null ? null : current.get(key);
    if (chunk != null) return chunk;
    chunk = key == null ? null : older.get(key);
    if (chunk == null) chunk = ChunkDocuments.toChunk(stored.document(doc));
    if (key != null) keep(key, chunk);
    return chunk;
  }

  /** Document {@code doc}'s segment and number in it; null for a reader without core keys. */
  private Key key(int doc) {
    List<LeafReaderContext> leaves = reader.leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    IndexReader.CacheHelper core = leaf.reader().getCoreCacheHelper();
    return core == null ? null : new Key(core.getKey(), doc - leaf.docBase);
  }

  private static void keep(Key key, Chunk chunk) {
    current.put(key, chunk);
    if (current.size() > GENERATION) {
      synchronized (ChunkReader.class) {
        if (current.size() > GENERATION) {
          older = current;
          current = new ConcurrentHashMap<>();
        }
      }
    }
  }

  /**
   * Keeps the tokens of {@code words} (folded query words) in {@code chunks}, the chunks of
   * documents {@code docs} that a search returns: {@link IndexedTokens}.
   */
  void keepTokens(List<Integer> docs, List<Chunk> chunks, Set<String> words)
      throws IOException {
    IndexedTokens.keep(reader, docs, chunks, words);
  }
}
