package com.example.ownengine;

import org.qmd4j.spi.SearchEngine;

/**
 * The naive engine by its name, {@code naive}: registered in this jar's {@code
 * META-INF/services/org.qmd4j.spi.SearchEngine$Factory}, so that {@code
 * SearchOptions.builder().engine("naive")} chooses it, as {@code engine("solr")} chooses the
 * Solr engine.
 */
public final class NaiveEngineFactory implements SearchEngine.Factory {
  /** The factory {@link java.util.ServiceLoader} makes. */
  public NaiveEngineFactory() {}

  @Override
  public String name() {
    return "naive";
  }

  @Override
  public SearchEngine open(SearchEngine.Context context) {
    return new NaiveEngine(context);
  }
}
