package org.qmd4j.examples;

import java.nio.file.Path;
import java.util.List;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.Mode;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/** Searches a vault: java SearchExample [VAULT] (default: testfixtures/vault). */
public final class SearchExample {
  public static void main(String[] args) {
    Path vault = Path.of(args.length > 0 ? args[0] : "testfixtures/vault");
    try (Searcher searcher = SearchProviders.forVault(vault, SearchOptions.DEFAULT)) {
      List<SearchResult> hits = searcher.search(SearchRequest.of("factures impayées")
          .withScope(Scope.parse("project:comptabilite")) // or all-states, all-changelogs, ...
          .withFrom(DateSpec.parse("2025-06-01"))          // or "3 months ago", today, hier
          .withMode(Mode.FAST)                              // or DEEP
          .withLimit(5));
      for (SearchResult hit : hits) {
        System.out.println(hit.path() + ":" + hit.lines() + " " + hit.score());
      }
    }
  }
}
