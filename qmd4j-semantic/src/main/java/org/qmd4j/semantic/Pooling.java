package org.qmd4j.semantic;

import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.qmd4j.search.ModelException;

/** Turns a model's output into one vector per window, as its settings say. */
final class Pooling {
  private Pooling() {}

  /**
   * One vector per window. {@code dims} is the output's shape: {@code [batch, tokens,
   * dimension]} (token vectors, pooled here) or {@code [batch, dimension]} (already pooled).
   *
   * @throws ModelException if the output has another shape or size than declared
   */
  static float[][] pool(FloatBuffer values, long[] dims, List<long[]> masks,
      ModelSettings settings, Path folder) {
    int batch = masks.size();
    int dimension = (int) dims[dims.length - 1];
    if ((dims.length != 2 && dims.length != 3) || dims[0] != batch) {
      throw new ModelException(Inference.MODEL_FILE + " in " + folder + " answers with the"
          + " shape " + Arrays.toString(dims) + "; a sentence encoder answers [batch, tokens,"
          + " dimension] or [batch, dimension]");
    }
    if (dimension != settings.dimension()) {
      throw new ModelException(Inference.MODEL_FILE + " in " + folder + " gives vectors of "
          + dimension + " floats but its settings declare \"dimension\": "
          + settings.dimension() + "; set \"dimension\": " + dimension + " in "
          + ModelSettings.FILE);
    }
    float[][] out = new float[batch][dimension];
    if (dims.length == 2) {
      for (int b = 0; b < batch; b++) values.get(b * dimension, out[b]);
      return out;
    }
    int tokens = (int) dims[1];
    for (int b = 0; b < batch; b++) {
      int base = b * tokens * dimension;
      if (settings.pooling() == ModelSettings.Pooling.CLS) {
        values.get(base, out[b]);
        continue;
      }
      long[] mask = masks.get(b);
      if (settings.pooling() == ModelSettings.Pooling.MAX) {
        max(values, base, tokens, dimension, mask, out[b]);
        continue;
      }
      int counted = 0;
      for (int t = 0; t < Math.min(tokens, mask.length); t++) {
        if (mask[t] == 0) continue;
        counted++;
        int at = base + t * dimension;
        for (int d = 0; d < dimension; d++) out[b][d] += values.get(at + d);
      }
      for (int d = 0; d < dimension; d++) out[b][d] /= Math.max(1, counted);
    }
    return out;
  }

  /** Each dimension's largest value over the window's tokens, padding left out. */
  private static void max(FloatBuffer values, int base, int tokens, int dimension, long[] mask,
      float[] out) {
    Arrays.fill(out, Float.NEGATIVE_INFINITY);
    boolean any = false;
    for (int t = 0; t < Math.min(tokens, mask.length); t++) {
      if (mask[t] == 0) continue;
      any = true;
      int at = base + t * dimension;
      for (int d = 0; d < dimension; d++) out[d] = Math.max(out[d], values.get(at + d));
    }
    if (!any) Arrays.fill(out, 0f);
  }
}
