package org.qmd4j.embedded;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.WeakHashMap;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.index.Term;

/**
 * How near a chunk must be to a query for deep search to show it on its vector alone. Every
 * query has nearest chunks, a nonsense one too; a model's similarities have no fixed scale
 * (an English model puts all French text close together). So the floor is measured, per index
 * and model: strings of random letters (the probes) are searched like queries, and the
 * nearest any of them comes to a chunk is the similarity of noise. A vector-only candidate
 * must come nearer to its query than that. Similarities here are centred cosines: query and
 * chunk minus the index's mean vector, so that the shared direction of all texts counts for
 * nothing. Thread-safe; floors are kept per index reader and forgotten with it.
 */
final class SimilarityFloor {
  /** Random-letter strings: no language's words, as far as any model knows. */
  static final List<String> PROBES = probes(8, 42);
  /** Nearest chunks looked at per probe (the KNN ranks by another measure). */
  private static final int PER_PROBE = 10;
  /**
   * Added to the measured floor; tuned on the French evaluation set of {@code qmd4j-semantic}
   * with e5-small-v2 (docs/benchmarks.md): at 0 no nonsense query kept a chunk but 3 of the 6
   * semantic answers were lost; at -0.02 8 semantic questions are answered (chunks of noise
   * no longer crowd the vector list) and a quarter of the unrelated results go. Volatile: a
   * test hook for tuning.
   */
  static volatile double margin = -0.02;

  private static final Map<Object, Double> FLOORS =
      Collections.synchronizedMap(new WeakHashMap<>());

  private SimilarityFloor() {}

  /** The floor of {@code searcher}'s index: the nearest a probe comes to one of its chunks. */
  static double of(IndexSearcher searcher, Vectors vectors, float[] centre) throws IOException {
    IndexReader reader = searcher.getIndexReader();
    IndexReader.CacheHelper helper = reader.getReaderCacheHelper();
    Object key = helper == null ? null : helper.getKey();
    Double known = key == null ? null : FLOORS.get(key);
    if (known == null) {
      double floor = -1;
      for (float[] probe : vectors.probes()) {
        float[] q = CorpusCentre.centred(probe, centre);
        TopDocs top = searcher.search(new KnnFloatVectorQuery(Fields.VECTOR, q, PER_PROBE,
            new TermQuery(new Term(Fields.TYPE, Fields.TYPE_CHUNK))), PER_PROBE);
        for (ScoreDoc sd : top.scoreDocs) {
          floor = Math.max(floor, centredCosine(reader, sd.doc, q, centre));
        }
      }
      known = floor;
      if (key != null) FLOORS.put(key, known);
    }
    return known + margin;
  }

  /**
   * The cosine of {@code centredQuery} (a unit vector, the query minus the centre) and the
   * chunk {@code doc}'s vector minus {@code centre}; -1 for a document without a vector.
   */
  static double centredCosine(IndexReader reader, int doc, float[] centredQuery,
      float[] centre) throws IOException {
    List<LeafReaderContext> leaves = reader.leaves();
    LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
    FloatVectorValues values = leaf.reader().getFloatVectorValues(Fields.VECTOR);
    if (values == null || values.advance(doc - leaf.docBase) != doc - leaf.docBase) return -1;
    float[] c = values.vectorValue();
    double dot = 0;
    double norm = 0;
    for (int d = 0; d < c.length; d++) {
      double x = c[d] - centre[d];
      dot += centredQuery[d] * x;
      norm += x * x;
    }
    return norm == 0 ? 0 : dot / Math.sqrt(norm);
  }

  /** {@code count} strings of three to five random lowercase words, seeded. */
  static List<String> probes(int count, long seed) {
    Random random = new Random(seed);
    List<String> out = new ArrayList<>();
    for (int p = 0; p < count; p++) {
      StringBuilder b = new StringBuilder();
      int words = 3 + random.nextInt(3);
      for (int w = 0; w < words; w++) {
        if (w > 0) b.append(' ');
        int letters = 4 + random.nextInt(5);
        for (int l = 0; l < letters; l++) b.append((char) ('a' + random.nextInt(26)));
      }
      out.add(b.toString());
    }
    return List.copyOf(out);
  }
}
