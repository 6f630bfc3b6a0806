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
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How near a chunk must be to a query for deep search to show it on its vector alone. Every
 * query has nearest chunks, a nonsense one too; a model's similarities have no fixed scale
 * (an English model puts all French text close together). So the floor is measured, per index
 * and model: strings of random letters (the probes) are embedded like queries, and the
 * nearest any of them comes to a chunk of the index is the similarity of noise. A vector-only candidate
 * must come nearer to its query than that. Similarities here are centred cosines: query and
 * chunk minus the index's mean vector, so that the shared direction of all texts counts for
 * nothing. Thread-safe; floors are kept per index reader and forgotten with it.
 */
final class SimilarityFloor {
  /** Random-letter strings: no language's words, as far as any model knows. */
  static final List<String> PROBES = probes(8, 42);
  /** Most chunks of a segment the floor is measured on (8 x 20,000 x 384 multiplications). */
  private static final int SAMPLED = 20_000;
  /**
   * Added to the measured floor; tuned on the French evaluation set of {@code qmd4j-semantic}
   * with e5-small-v2 (docs/benchmarks.md): at 0 half the semantic answers were lost; at -0.04
   * 8 semantic questions of 16 are answered instead of 6 without a floor (chunks of noise no
   * longer push answers down the vector list) and unrelated questions get 36 chunks by
   * meaning alone instead of 43. Volatile: a test hook for tuning.
   */
  static volatile double margin = -0.04;

  /** Per index reader, and per segment core: the probes' nearest. */
  private static final Map<Object, Double> FLOORS =
      Collections.synchronizedMap(new WeakHashMap<>());
  private static final Map<Object, Double> SEGMENTS =
      Collections.synchronizedMap(new WeakHashMap<>());

  private static final Logger LOG = LoggerFactory.getLogger(SimilarityFloor.class);

  private SimilarityFloor() {}

  /**
   * The floor of {@code searcher}'s index: the nearest a probe comes to one of its chunks,
   * computed exactly (an approximate nearest-neighbour search missed different chunks from
   * one build of an index to the next, and the floor moved by 0.02) over at most
   * {@value #SAMPLED} chunks per segment, evenly spread. Kept per segment, which never
   * changes: after an edit only the new small segment is measured (with the centre of that
   * moment; the centre moves little).
   */
  static double of(IndexSearcher searcher, Vectors vectors, float[] centre) throws IOException {
    IndexReader reader = searcher.getIndexReader();
    IndexReader.CacheHelper helper = reader.getReaderCacheHelper();
    Object key = helper == null ? null : helper.getKey();
    Double known = key == null ? null : FLOORS.get(key);
    if (known == null) {
      List<float[]> probes = new ArrayList<>();
      for (float[] probe : vectors.probes()) probes.add(CorpusCentre.centred(probe, centre));
      double floor = -1;
      for (LeafReaderContext leaf : reader.leaves()) {
        floor = Math.max(floor, segment(leaf.reader(), probes, centre));
      }
      known = floor;
      if (key != null) FLOORS.put(key, known);
      LOG.debug("The similarity floor of {} segments: {}", reader.leaves().size(), floor);
    }
    return known + margin;
  }

  /** The nearest the probes come to a chunk of one segment; -1 when it has no vectors. */
  private static double segment(LeafReader reader, List<float[]> probes, float[] centre)
      throws IOException {
    IndexReader.CacheHelper helper = reader.getCoreCacheHelper();
    Object key = helper == null ? null : helper.getKey();
    Double known = key == null ? null : SEGMENTS.get(key);
    if (known != null) return known;
    double floor = -1;
    FloatVectorValues values = reader.getFloatVectorValues(Fields.VECTOR);
    if (values != null && values.dimension() == centre.length) {
      long stride = Math.max(1, (values.size() + SAMPLED - 1) / SAMPLED);
      long seen = 0;
      while (values.nextDoc() != DocIdSetIterator.NO_MORE_DOCS) {
        if (seen++ % stride != 0) continue;
        float[] c = values.vectorValue();
        for (float[] q : probes) floor = Math.max(floor, centredCosine(c, q, centre));
      }
    }
    if (key != null) SEGMENTS.put(key, floor);
    return floor;
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
    return centredCosine(values.vectorValue(), centredQuery, centre);
  }

  private static double centredCosine(float[] c, float[] centredQuery, float[] centre) {
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
