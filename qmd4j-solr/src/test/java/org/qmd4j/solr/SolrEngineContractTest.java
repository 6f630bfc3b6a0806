package org.qmd4j.solr;

import org.junit.jupiter.api.Tag;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.testkit.SearchEngineContract;

/** The engine contract on a real 2-node SolrCloud, collection of 2 shards x 2 replicas. */
@Tag("cluster")
class SolrEngineContractTest extends SearchEngineContract {
  @Override
  protected SearchEngine.Factory factory() {
    try {
      return SolrEngine.factory(TestCluster.shared().target("contract"));
    } catch (Exception e) {
      throw new IllegalStateException("The test cluster did not start", e);
    }
  }
}
