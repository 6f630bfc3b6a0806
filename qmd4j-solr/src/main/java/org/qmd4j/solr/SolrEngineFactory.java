package org.qmd4j.solr;

import org.qmd4j.spi.SearchEngine;

/**
 * The Solr engine as the engine named {@code solr}: registered as a service, so that {@code
 * SearchOptions.builder().engine("solr")} and {@code qmd4j --engine solr} find it with {@code
 * qmd4j-solr} on the class path. The cluster and collection come from the engine settings
 * ({@code url}, {@code collection}, ...), else from the {@code QMD4J_SOLR_*} variables ({@link
 * SolrTarget#fromSettings}); the vault is watched when the searcher watches it.
 *
 * @since 0.9
 */
public final class SolrEngineFactory implements SearchEngine.Factory {
  /** The factory {@link java.util.ServiceLoader} makes. */
  public SolrEngineFactory() {}

  @Override
  public String name() {
    return "solr";
  }

  /**
   * Opens the Solr engine on the target the context's settings and environment name.
   *
   * @throws org.qmd4j.search.EngineException if no cluster address is given, or a setting is
   *     not valid
   */
  @Override
  public SearchEngine open(SearchEngine.Context context) {
    SolrTarget target = SolrTarget.fromSettings(context.settings(), context.environment())
        .withWatch(context.watch());
    return SolrEngine.factory(target).open(context);
  }
}
