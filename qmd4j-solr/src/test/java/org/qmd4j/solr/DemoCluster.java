package org.qmd4j.solr;

/**
 * Starts the tests' 2-node SolrCloud and keeps it running until the process is stopped: for
 * trying {@code ./qmd4j --engine solr} by hand (the examples of docs/engines.md were run on it). Run
 * with the module's test class path; prints the nodes' base URLs.
 */
final class DemoCluster {
  private DemoCluster() {}

  public static void main(String[] args) throws Exception {
    TestCluster cluster = TestCluster.start();
    Runtime.getRuntime().addShutdownHook(new Thread(cluster::close));
    System.out.println("SolrCloud running: " + cluster.urls());
    System.out.flush();
    Thread.currentThread().join();
  }
}
