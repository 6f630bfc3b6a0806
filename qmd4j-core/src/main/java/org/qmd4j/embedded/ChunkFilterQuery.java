package org.qmd4j.embedded;

import java.io.IOException;
import java.util.function.Predicate;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TwoPhaseIterator;
import org.apache.lucene.search.Weight;
import org.qmd4j.spi.Chunk;

/**
 * The chunk documents that pass a filter (scope, dates, an extra condition), as a Lucene
 * query, so that a nearest-neighbour search applies the filter while it searches and fills
 * its {@code k}. Each candidate's stored fields are read and tested: it costs a read per chunk
 * the approximation offers, so it is used only when the filter does not pass everything.
 */
final class ChunkFilterQuery extends Query {
  /** Reading a document is far dearer than advancing a posting list. */
  private static final float MATCH_COST = 1_000f;

  private final Predicate<Chunk> filter;

  ChunkFilterQuery(Predicate<Chunk> filter) {
    this.filter = filter;
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
    return new ConstantScoreWeight(this, boost) {
      @Override
      public Scorer scorer(LeafReaderContext context) throws IOException {
        StoredFields stored = context.reader().storedFields();
        DocIdSetIterator all = DocIdSetIterator.all(context.reader().maxDoc());
        TwoPhaseIterator passing = new TwoPhaseIterator(all) {
          @Override
          public boolean matches() throws IOException {
            Ranker.STORED_READS.increment();
            Document doc = stored.document(approximation.docID());
            // File records carry no stored path: they are no chunks.
            return doc.get(Fields.PATH) != null && filter.test(ChunkDocuments.toChunk(doc));
          }

          @Override
          public float matchCost() {
            return MATCH_COST;
          }
        };
        return new ConstantScoreScorer(this, score(), scoreMode, passing);
      }

      @Override
      public boolean isCacheable(LeafReaderContext context) {
        return false; // the filter is a Java predicate, new for every search
      }
    };
  }

  @Override
  public void visit(QueryVisitor visitor) {
    visitor.visitLeaf(this);
  }

  @Override
  public String toString(String field) {
    return "ChunkFilterQuery(" + filter + ")";
  }

  @Override
  public boolean equals(Object other) {
    return other == this;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(this);
  }
}
