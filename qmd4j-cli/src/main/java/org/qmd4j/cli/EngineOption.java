package org.qmd4j.cli;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.qmd4j.EngineChoice;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.solr.SolrEngine;
import org.qmd4j.solr.SolrTarget;
import picocli.CommandLine.Option;

/** The {@code --engine} option shared by search, brief, find, doctor, mcp and serve. */
final class EngineOption {
  @Option(names = "--engine", defaultValue = "auto", paramLabel = "auto|qmd|embedded|solr",
      description = "Engine to use. QMD4J_SEARCH_FALLBACK=1 forces embedded; solr searches a"
          + " SolrCloud collection (--solr, --collection or QMD4J_SOLR_URL).")
  String engine;

  @Option(names = "--solr", paramLabel = "URL[,URL...]",
      description = "Solr base URLs of the SolrCloud cluster, e.g. http://localhost:8983/solr"
          + " (default: QMD4J_SOLR_URL). Implies --engine solr.")
  String solr;

  @Option(names = "--collection", paramLabel = "NAME",
      description = "SolrCloud collection (default: QMD4J_SOLR_COLLECTION, else qmd4j).")
  String collection;

  /** Whether the Solr engine was asked for. */
  boolean solr() {
    return solr != null || "solr".equals(engine == null ? null
        : engine.strip().toLowerCase(Locale.ROOT));
  }

  /** {@code base} with the engine asked for (the Solr engine is chosen by {@link #open}). */
  SearchOptions applyTo(SearchOptions base) {
    return solr() ? base : base.withEngine(EngineChoice.parse(engine));
  }

  /** A searcher for {@code vault} on the engine asked for. */
  Searcher open(Path vault, SearchOptions options) {
    if (!solr()) return SearchProviders.forVault(vault, options);
    Map<String, String> env = new HashMap<>(options.environment());
    if (solr != null) env.put("QMD4J_SOLR_URL", solr);
    if (collection != null) env.put("QMD4J_SOLR_COLLECTION", collection);
    SolrTarget target = SolrTarget.fromEnvironment(env).withWatch(options.watch());
    return SearchProviders.forVault(vault, options, SolrEngine.factory(target));
  }
}
