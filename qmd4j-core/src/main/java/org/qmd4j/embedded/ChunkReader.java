package org.qmd4j.embedded;

import java.io.IOException;
import org.apache.lucene.index.PostingsEnum;
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
 * Reads the chunks of one searcher's hits: their stored fields, and the tokens of their text
 * from the {@code exact} field's term vectors, handed to {@link TokenCache} so that their
 * matches are not found by analysing the text again. Not thread-safe: one per search.
 */
final class ChunkReader {
  private final StoredFields stored;
  private final TermVectors vectors;

  ChunkReader(IndexSearcher searcher) throws IOException {
    this.stored = searcher.storedFields();
    this.vectors = searcher.getIndexReader().termVectors();
  }

  /** The chunk of document {@code doc}, its tokens kept. */
  Chunk read(int doc) throws IOException {
    return keepTokens(doc, chunk(doc));
  }

  /** The chunk of document {@code doc}, from its stored fields only. */
  Chunk chunk(int doc) throws IOException {
    return ChunkDocuments.toChunk(stored.document(doc));
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
