package org.qmd4j.embedded;

import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.DocIdSetIterator;

/**
 * The mean of the index's chunk vectors, which deep search subtracts from the query's vector.
 * A model's vectors share a common direction (all French prose, for an English model, lies
 * close together), so the chunks nearest to that centre are near every query and crowd out
 * the ones that answer it (hubness); searching with {@code query - centre} ranks chunks by
 * {@code q·c - centre·c}, which takes that shared part out. Sums are kept per segment (they
 * never change) and forgotten with it. Thread-safe.
 */
final class CorpusCentre {
  /** Per segment core: the sum of its vectors, then their count in the last slot. */
  private static final Map<Object, double[]> SUMS =
      Collections.synchronizedMap(new WeakHashMap<>());

  private CorpusCentre() {}

  /** The mean vector of {@code reader}'s chunks; zeros when it holds none. */
  static float[] of(IndexReader reader, int dimension) throws IOException {
    double[] total = new double[dimension + 1];
    for (LeafReaderContext leaf : reader.leaves()) {
      double[] sum = segment(leaf.reader(), dimension);
      for (int d = 0; d <= dimension; d++) total[d] += sum[d];
    }
    float[] mean = new float[dimension];
    if (total[dimension] == 0) return mean;
    for (int d = 0; d < dimension; d++) mean[d] = (float) (total[d] / total[dimension]);
    return mean;
  }

  private static double[] segment(LeafReader reader, int dimension) throws IOException {
    IndexReader.CacheHelper helper = reader.getCoreCacheHelper();
    Object key = helper == null ? null : helper.getKey();
    double[] cached = key == null ? null : SUMS.get(key);
    if (cached != null && cached.length == dimension + 1) return cached;
    double[] sum = new double[dimension + 1];
    FloatVectorValues values = reader.getFloatVectorValues(Fields.VECTOR);
    if (values != null && values.dimension() == dimension) {
      while (values.nextDoc() != DocIdSetIterator.NO_MORE_DOCS) {
        float[] v = values.vectorValue();
        for (int d = 0; d < dimension; d++) sum[d] += v[d];
        sum[dimension]++;
      }
    }
    if (key != null) SUMS.put(key, sum);
    return sum;
  }

  /** {@code query - centre}, scaled to unit length. */
  static float[] centred(float[] query, float[] centre) {
    float[] out = new float[query.length];
    for (int d = 0; d < out.length; d++) out[d] = query[d] - centre[d];
    return Vectors.unit(out);
  }
}
