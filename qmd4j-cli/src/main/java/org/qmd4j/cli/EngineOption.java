package org.qmd4j.cli;

import java.nio.file.Path;
import java.util.Map;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import picocli.CommandLine.Option;

/**
 * The {@code --engine} option shared by search, brief, find, doctor, mcp and serve: an engine
 * by name, built in or on the class path, and its settings. {@code --solr} and
 * {@code --collection} are the Solr engine's settings {@code url} and {@code collection}.
 */
final class EngineOption {
  @Option(names = "--engine", defaultValue = "auto", paramLabel = "NAME",
      description = "Engine to use: auto, qmd, embedded, or an engine on the class path by"
          + " name, such as solr (a SolrCloud collection: --solr, --collection or"
          + " QMD4J_SOLR_URL). QMD4J_SEARCH_FALLBACK=1 forces embedded over qmd.")
  String engine;

  @Option(names = "--engine-setting", paramLabel = "KEY=VALUE",
      description = "A setting of the chosen engine, such as url=http://localhost:8983/solr"
          + " for solr; repeatable.")
  Map<String, String> settings;

  @Option(names = "--solr", paramLabel = "URL[,URL...]",
      description = "Solr base URLs of the SolrCloud cluster, e.g. http://localhost:8983/solr"
          + " (default: QMD4J_SOLR_URL). Implies --engine solr.")
  String solr;

  @Option(names = "--collection", paramLabel = "NAME",
      description = "SolrCloud collection (default: QMD4J_SOLR_COLLECTION, else qmd4j).")
  String collection;

  /**
   * {@code base} with the engine asked for and its settings.
   *
   * @throws org.qmd4j.search.InvalidRequestException for an unknown engine, naming the valid
   *     ones
   */
  SearchOptions applyTo(SearchOptions base) {
    SearchOptions.Builder options = base.toBuilder().engine(solr != null ? "solr" : engine);
    if (settings != null) settings.forEach(options::engineSetting);
    if (solr != null) options.engineSetting("url", solr);
    if (collection != null) options.engineSetting("collection", collection);
    return options.build();
  }

  /** A searcher for {@code vault} on {@code options}, which {@link #applyTo} made. */
  Searcher open(Path vault, SearchOptions options) {
    return SearchProviders.forVault(vault, options);
  }

  /**
   * {@link #open} for a long-lived server: returned before the embedded engine's index is
   * open, which its first search waits for.
   */
  Searcher openInBackground(Path vault, SearchOptions options) {
    return SearchProviders.openInBackground(vault, options);
  }
}
