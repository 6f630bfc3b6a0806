package org.qmd4j.analysis;

import java.io.IOException;
import java.util.Map;
import org.apache.lucene.analysis.custom.CustomAnalyzer;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilterFactory;
import org.apache.lucene.analysis.pattern.PatternCaptureGroupFilterFactory;

/**
 * The filters of the chains built in Java: Lucene's, by their analysis SPI names, except two
 * that give the same tokens faster ({@code IdentifierPartsFilterTest} compares every token of
 * both chains with those of Lucene's own filters): the identifier parts
 * ({@link IdentifierPartsFilterFactory}) and the accent folding ({@link FoldingFilterFactory}).
 */
final class ChainFilters {
  private ChainFilters() {}

  /** Adds {@code filter} (an SPI name) with {@code parameters} to {@code chain}. */
  static void add(CustomAnalyzer.Builder chain, String filter, Map<String, String> parameters)
      throws IOException {
    if (filter.equals(PatternCaptureGroupFilterFactory.NAME)) {
      chain.addTokenFilter(IdentifierPartsFilterFactory.class, parameters);
    } else if (filter.equals(ASCIIFoldingFilterFactory.NAME) && parameters.isEmpty()) {
      chain.addTokenFilter(FoldingFilterFactory.class, parameters);
    } else {
      chain.addTokenFilter(filter, parameters);
    }
  }
}
