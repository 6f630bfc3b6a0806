package org.qmd4j.embedded;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.PostingsEnum;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.TermVectors;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.BytesRef;
import org.qmd4j.analysis.TextTokens;
import org.qmd4j.analysis.TokenCache;
import org.qmd4j.spi.Chunk;

/**
 * Reads the chunks of one searcher's hits: their stored fields (kept a while), and the tokens
 * of their text from the {@code exact} field's term vectors, handed to {@link TokenCache} so
 * that their matches are not found by analysing the text again. Not thread-safe: one per
 * search.
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
  private final TermVectors vectors;

  ChunkReader(IndexSearcher searcher) throws IOException {
    this.reader = searcher.getIndexReader();
    this.stored = searcher.storedFields();
    this.vectors = reader.termVectors();
  }

  /** The chunk of document {@code doc}, its tokens kept. */
  Chunk read(int doc) throws IOException {
    return keepTokens(doc, chunk(doc));
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

  /** Keeps the tokens of {@code chunk}, the chunk of document {@code doc}; returns it. */
  Chunk keepTokens(int doc, Chunk chunk) throws IOException {
    if (!TokenCache.holds(chunk.text())) {
      Terms terms = vectors.get(doc, Fields.EXACT);
      // An index written before the term vectors (none): the text is analysed when matched.
      if (terms != null) TokenCache.remember(chunk.text(), tokens(terms, chunk.text()));
    }
    return chunk;
  }

  /** The tokens of {@code text} as its document's term vector holds them. */
  static TextTokens tokens(Terms terms, String text) throws IOException {
    TextTokens.Builder out = new TextTokens.Builder(TextTokens.isNormal(text));
    TermsEnum te = terms.iterator();
    PostingsEnum postings = null;
    for (BytesRef term = te.next(); term != null; term = te.next()) {
      String t = term.utf8ToString();
      postings = te.postings(postings, PostingsEnum.OFFSETS);
      postings.nextDoc();
      for (int i = postings.freq(); i > 0; i--) {
        postings.nextPosition();
        out.add(t, postings.startOffset(), postings.endOffset());
      }
    }
    return out.build();
  }
}
