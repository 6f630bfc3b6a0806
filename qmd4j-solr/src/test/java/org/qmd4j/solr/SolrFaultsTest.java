package org.qmd4j.solr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.solr.embedded.JettySolrRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.EngineChoice;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.SearchResult;
import org.qmd4j.testkit.TestVaults;

/**
 * Faults on a cluster of its own: a node stopped mid-run and searches keep
 * answering from the replicas; the whole cluster down and searches fail with an
 * {@code EngineException} naming it, never hanging; the cluster back and the engine recovers.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.MethodName.class)
@Timeout(value = 3, unit = TimeUnit.MINUTES) // a guard against a hang, not a measurement
@Tag("cluster")
class SolrFaultsTest {
  private static final String COLLECTION = "faults";
  private TestCluster cluster;
  private Searcher searcher;
  private List<String> expected;
  private String named;
  private Searcher withFallback;

  @BeforeAll
  void setUp(@TempDir Path tmp) throws Exception {
    cluster = TestCluster.start();
    Path vault = TestVaults.copyProjectsVault(tmp.resolve("vault"));
    SearchOptions options = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withWatch(false).withClock(TestVaults.CLOCK).withEnvironment(Map.of())
        .withCacheDir(tmp.resolve("cache"));
    // Only the first node is named: the engine learns the second from the cluster.
    SolrTarget target = cluster.target(COLLECTION).withTimeout(Duration.ofSeconds(2));
    named = target.nodes().get(0);
    searcher = SearchProviders.forVault(vault, options, SolrEngine.factory(target));
    withFallback = SearchProviders.forVault(vault, options,
        SolrEngine.factory(target.withFallback(true)));
    expected = paths();
  }

  @AfterAll
  void tearDown() {
    if (searcher != null) searcher.close();
    if (withFallback != null) withFallback.close();
    if (cluster != null) cluster.close();
  }

  private List<String> paths() {
    return searcher.search("décision").stream().map(SearchResult::path).toList();
  }

  @Test
  void a_theDoctorShowsTheClusterTheCollectionItsShardsAndDocuments() {
    Map<String, String> facts = searcher.diagnostics();
    assertThat(facts.get("solr live nodes")).startsWith("2 ");
    assertThat(facts.get("solr collection")).startsWith("faults (configset qmd4j-");
    assertThat(facts.get("solr shards")).startsWith("2 shards:")
        .contains("(2 replicas, 2 active)");
    assertThat(facts.get("solr documents")).matches("\\d+ chunks of this vault .*");
  }

  @Test
  void b_searchesKeepAnsweringWhenTheNamedNodeStops() throws Exception {
    assertThat(expected).isNotEmpty();
    JettySolrRunner first = cluster.cluster.getJettySolrRunner(0);
    cluster.cluster.stopJettySolrRunner(first);
    cluster.cluster.waitForJettyToStop(first);
    assertThat(paths()).isEqualTo(expected);
    assertThat(paths()).isEqualTo(expected);
    cluster.cluster.startJettySolrRunner(first, true); // on its port, as a real node
    cluster.cluster.waitForNode(first, 60);
    cluster.waitForActive(COLLECTION);
    assertThat(paths()).isEqualTo(expected);
  }

  @Test
  void c_theWholeClusterDownIsAnEngineErrorNamingItThenTheEngineRecovers() throws Exception {
    List<JettySolrRunner> nodes = List.copyOf(cluster.cluster.getJettySolrRunners());
    for (JettySolrRunner node : nodes) {
      cluster.cluster.stopJettySolrRunner(node);
      cluster.cluster.waitForJettyToStop(node);
    }
    assertThatThrownBy(this::paths).isInstanceOf(EngineException.class)
        .hasMessageContaining("The SolrCloud cluster at " + named)
        .hasMessageContaining("did not answer")
        .hasMessageNotContaining("Exception");
    // Asked for: the embedded engine answers instead, each result saying why.
    List<SearchResult> fallback = withFallback.search("décision");
    assertThat(fallback).isNotEmpty();
    assertThat(fallback.get(0).path()).isEqualTo(expected.get(0));
    assertThat(fallback).allSatisfy(r -> assertThat(r.degraded()).hasValueSatisfying(
        why -> assertThat(why).startsWith("the embedded engine answered: The SolrCloud"
            + " cluster at " + named)));

    for (JettySolrRunner node : nodes) cluster.cluster.startJettySolrRunner(node, true);
    for (JettySolrRunner node : nodes) cluster.cluster.waitForNode(node, 60);
    cluster.waitForActive(COLLECTION);
    assertThat(paths()).isEqualTo(expected);
    assertThat(withFallback.search("décision")).allSatisfy(r -> assertThat(r.degraded())
        .isEmpty());
  }
}
