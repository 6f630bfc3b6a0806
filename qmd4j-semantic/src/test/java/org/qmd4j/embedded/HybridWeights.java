package org.qmd4j.embedded;

/**
 * Test hook: the vector weight of hybrid deep ranking and the margin over the similarity
 * floor, for tuning them on the evaluation set.
 */
public final class HybridWeights {
  private HybridWeights() {}

  public static double vectorWeight() {
    return HybridRanker.vectorWeight;
  }

  public static void setVectorWeight(double weight) {
    HybridRanker.vectorWeight = weight;
  }

  public static double floorMargin() {
    return SimilarityFloor.margin;
  }

  public static void setFloorMargin(double margin) {
    SimilarityFloor.margin = margin;
  }
}
