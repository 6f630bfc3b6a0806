package org.qmd4j.examples;

import java.nio.file.Path;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.SearchResult;
import org.qmd4j.solr.SolrEngine;
import org.qmd4j.solr.SolrTarget;

/** Searches a vault through SolrCloud: java SolrExample [VAULT] [SOLR_URLS]. */
public final class SolrExample {
  public static void main(String[] args) {
    Path vault = Path.of(args.length > 0 ? args[0] : "testfixtures/vault");
    String solr = args.length > 1 ? args[1] : "http://solr1:8983/solr,http://solr2:8983/solr";
    SolrTarget target = SolrTarget.of(solr, "notes").withWatch(true);
    try (Searcher searcher = SearchProviders.forVault(vault, SearchOptions.DEFAULT,
        SolrEngine.factory(target))) {
      for (SearchResult hit : searcher.search("factures impayées")) {
        System.out.println(hit.path() + ":" + hit.lines() + " " + hit.score());
      }
    }
  }
}
