package org.qmd4j.solr;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.qmd4j.EngineChoice;
import org.qmd4j.IdentifierSearchTest;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.testkit.TestVaults;

/**
 * Code names on a real SolrCloud: the tests of {@link IdentifierSearchTest}, where Solr's field
 * types, written from qmd4j-core's one analysis definition, index identifiers whole and by
 * their parts as the embedded engine does.
 */
@Tag("cluster")
class SolrIdentifierSearchTest extends IdentifierSearchTest {
  @Override
  protected Searcher open(Path vault, Path tmp) {
    try {
      SearchOptions options = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
          .withWatch(false).withInMemoryIndex(true).withClock(TestVaults.CLOCK)
          .withEnvironment(Map.of()).withCacheDir(tmp.resolve("cache"));
      return SearchProviders.forVault(vault, options,
          SolrEngine.factory(TestCluster.shared().target("identifiers")));
    } catch (Exception e) {
      throw new AssertionError("The test cluster did not start", e);
    }
  }
}
