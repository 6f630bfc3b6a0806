package org.qmd4j.solr;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.qmd4j.EngineChoice;
import org.qmd4j.QuerySyntaxSearchTest;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.testkit.TestVaults;

/**
 * Quoted phrases and exclusions on the Solr engine, against a real cluster: the tests of
 * {@link QuerySyntaxSearchTest} (qmd4j-core), where Solr gets the phrases' words as required
 * clauses and the exclusions as prohibited ones, and qmd4j checks the phrases' adjacency.
 */
@Tag("cluster")
class SolrQuerySyntaxTest extends QuerySyntaxSearchTest {
  @Override
  protected Searcher open(Path vault, Path tmp) {
    SearchOptions options = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withWatch(false).withInMemoryIndex(true).withClock(TestVaults.CLOCK)
        .withEnvironment(Map.of()).withCacheDir(tmp.resolve("cache"));
    try {
      return SearchProviders.forVault(vault, options,
          SolrEngine.factory(TestCluster.shared().target("syntax-" + tmp.getFileName())));
    } catch (Exception e) {
      throw new IllegalStateException("The test cluster did not start", e);
    }
  }
}
