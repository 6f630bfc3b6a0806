package org.qmd4j.solr;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.solr.cloud.MiniSolrCloudCluster;
import org.apache.solr.embedded.JettySolrRunner;

/**
 * A real SolrCloud in this JVM: an embedded ZooKeeper and two Solr nodes (Jetty) on loopback
 * ports, from Solr's own test framework. No Docker, no installed Solr.
 */
final class TestCluster implements AutoCloseable {
  /** The collection's layout in the tests: 2 shards x 2 replicas over the 2 nodes. */
  static final int SHARDS = 2;
  static final int REPLICAS = 2;

  private static TestCluster shared;

  final MiniSolrCloudCluster cluster;
  private final Path dir;

  private TestCluster(MiniSolrCloudCluster cluster, Path dir) {
    this.cluster = cluster;
    this.dir = dir;
  }

  /** A new 2-node cluster, for a test class that stops nodes. */
  static TestCluster start() throws Exception {
    return start(null);
  }

  /** A new 2-node cluster with Solr's {@code security.json} (null: none). */
  static TestCluster start(String securityJson) throws Exception {
    // Solr's test framework reads these; the defaults are for its own randomized tests.
    System.setProperty("solr.directoryFactory", "solr.NRTCachingDirectoryFactory");
    System.setProperty("solr.autoSoftCommit.maxTime", "1000");
    System.setProperty("solr.max.booleanClauses", "1024");
    Path dir = Files.createTempDirectory("qmd4j-solr-");
    MiniSolrCloudCluster.Builder builder = new MiniSolrCloudCluster.Builder(2, dir)
        .withMetrics(false);
    if (securityJson != null) builder = builder.withSecurityJson(securityJson);
    MiniSolrCloudCluster cluster = builder.build();
    return new TestCluster(cluster, dir);
  }

  /** One cluster for every test class that leaves its nodes running; stopped with the JVM. */
  static synchronized TestCluster shared() throws Exception {
    if (shared == null) {
      shared = start();
      TestCluster c = shared;
      Runtime.getRuntime().addShutdownHook(new Thread(c::close));
    }
    return shared;
  }

  /** The nodes' base URLs, comma-separated. */
  String urls() {
    List<String> urls = new ArrayList<>();
    for (JettySolrRunner j : cluster.getJettySolrRunners()) urls.add(j.getBaseUrl().toString());
    return String.join(",", urls);
  }

  /** A target on this cluster's first node only (the engine learns the others). */
  SolrTarget target(String collection) {
    return SolrTarget.of(cluster.getJettySolrRunner(0).getBaseUrl().toString(), collection)
        .withLayout(SHARDS, REPLICAS);
  }

  void waitForActive(String collection) {
    cluster.waitForActiveCollection(collection, 60, TimeUnit.SECONDS, SHARDS,
        SHARDS * REPLICAS);
  }

  @Override
  public void close() {
    try {
      cluster.shutdown();
    } catch (Exception e) {
      throw new IllegalStateException("The test cluster did not stop", e);
    }
  }
}
