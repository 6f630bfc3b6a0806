package org.qmd4j.embedded;

/** Test hook: the vector weight of hybrid deep ranking, for tuning it on the evaluation set. */
public final class HybridWeights {
  private HybridWeights() {}

  public static double vectorWeight() {
    return HybridRanker.vectorWeight;
  }

  public static void setVectorWeight(double weight) {
    HybridRanker.vectorWeight = weight;
  }
}
