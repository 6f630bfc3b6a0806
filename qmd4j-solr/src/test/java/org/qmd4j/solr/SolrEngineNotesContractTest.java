package org.qmd4j.solr;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.testkit.SearchEngineContract;
import org.qmd4j.testkit.TestVaults;

/**
 * The engine contract on the notes layout (every {@code *.md}, kind {@code note}, dated by
 * frontmatter or modification time), with a {@code folder:} scope as the Solr filter.
 */
@Tag("cluster")
class SolrEngineNotesContractTest extends SearchEngineContract {
  @Override
  protected Path copyVault(Path target) {
    return TestVaults.copyNotesVault(target);
  }

  @Override
  protected String filteredScope() {
    return "folder:journal";
  }

  @Override
  protected SearchEngine.Factory factory() {
    try {
      return SolrEngine.factory(TestCluster.shared().target("contract"));
    } catch (Exception e) {
      throw new IllegalStateException("The test cluster did not start", e);
    }
  }
}
