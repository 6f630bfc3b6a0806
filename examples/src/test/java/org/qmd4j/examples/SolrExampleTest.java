package org.qmd4j.examples;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.search.EngineException;

/**
 * The Solr example of docs/scale-out.md, run against a cluster that does not answer (a port
 * nothing listens on): an error naming the cluster, never a hang. The example's search on a
 * real cluster is what qmd4j-solr's own tests run, on a cluster started in their JVM.
 */
class SolrExampleTest {
  @Test
  void aClusterThatDoesNotAnswerIsAnErrorNamingIt() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    String url = "http://127.0.0.1:" + port + "/solr";
    assertThatThrownBy(() -> SolrExample.main(new String[] {Fixtures.vault().toString(), url}))
        .isInstanceOf(EngineException.class)
        .hasMessageContaining("The SolrCloud cluster at")
        .hasMessageContaining("127.0.0.1:" + port)
        .hasMessageNotContaining("Exception");
  }
}
