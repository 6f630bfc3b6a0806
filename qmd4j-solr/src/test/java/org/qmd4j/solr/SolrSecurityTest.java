package org.qmd4j.solr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.EngineChoice;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.EngineException;
import org.qmd4j.testkit.TestVaults;

/**
 * Solr's basic authentication passed through: on a cluster that refuses unknown
 * users, the right credentials search, wrong ones are an error that says so.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag("cluster")
class SolrSecurityTest {
  /** User {@code solr}, password {@code SolrRocks}: the example of Solr's reference guide. */
  private static final String SECURITY = "{\"authentication\":{\"blockUnknown\":true,"
      + "\"class\":\"solr.BasicAuthPlugin\",\"credentials\":{\"solr\":"
      + "\"IV0EHq1OnNrj6gvRCwvFwTrZ1+z1oBbnQdiVC3otuq0= "
      + "Ndd7LKvVBAaZIF0QAVi1ekCfAJXr1GGfLtRUXhgrF8c=\"}},"
      + "\"authorization\":{\"class\":\"solr.RuleBasedAuthorizationPlugin\","
      + "\"permissions\":[{\"name\":\"all\",\"role\":\"admin\"}],"
      + "\"user-role\":{\"solr\":\"admin\"}}}";

  private TestCluster cluster;
  private Path vault;
  private SearchOptions options;

  @BeforeAll
  void setUp(@TempDir Path tmp) throws Exception {
    cluster = TestCluster.start(SECURITY);
    vault = TestVaults.copyProjectsVault(tmp.resolve("vault"));
    options = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED).withWatch(false)
        .withClock(TestVaults.CLOCK).withEnvironment(Map.of()).withCacheDir(tmp.resolve("c"));
  }

  @AfterAll
  void tearDown() {
    if (cluster != null) cluster.close();
  }

  @Test
  void theRightCredentialsSearch() {
    SolrTarget target = cluster.target("secured").withBasicAuth("solr", "SolrRocks");
    try (Searcher searcher = SearchProviders.forVault(vault, options,
        SolrEngine.factory(target))) {
      assertThat(searcher.search("décision")).isNotEmpty();
    }
  }

  @Test
  void wrongOrMissingCredentialsAreAnErrorSayingSo() {
    for (SolrTarget target : new SolrTarget[] {cluster.target("secured"),
        cluster.target("secured").withBasicAuth("solr", "wrong")}) {
      try (Searcher searcher = SearchProviders.forVault(vault, options,
          SolrEngine.factory(target))) {
        assertThatThrownBy(() -> searcher.search("décision"))
            .isInstanceOf(EngineException.class)
            .hasMessageContaining("refused qmd4j's credentials (HTTP 401)")
            .hasMessageContaining("QMD4J_SOLR_USER");
      }
    }
  }
}
