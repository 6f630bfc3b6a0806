package org.qmd4j.solr;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.solr.client.solrj.SolrRequest;
import org.apache.solr.client.solrj.request.CollectionAdminRequest;
import org.apache.solr.client.solrj.request.ConfigSetAdminRequest;
import org.apache.solr.client.solrj.request.QueryRequest;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.common.params.ModifiableSolrParams;
import org.apache.solr.common.util.ContentStreamBase;
import org.apache.solr.common.util.NamedList;
import org.qmd4j.search.EngineException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The collection's setup and facts: uploads qmd4j's configset and creates the collection when
 * they are missing, refuses a collection made from another configset, and describes the
 * cluster for {@code doctor}.
 */
final class Cluster {
  private static final Logger LOG = LoggerFactory.getLogger(Cluster.class);

  /** The least time a configset upload or a collection creation is given. */
  private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(120);

  private Cluster() {}

  /**
   * Makes sure the configset and the collection exist.
   *
   * @return what was done, for {@code qmd4j solr init}
   * @throws EngineException if the cluster does not answer, or the collection exists with a
   *     configset qmd4j did not write
   */
  static String ensure(Nodes nodes) {
    SolrTarget t = nodes.target();
    // Creating a collection waits for its replicas: longer than a search may take.
    Duration slow = t.timeout().compareTo(ADMIN_TIMEOUT) > 0 ? t.timeout() : ADMIN_TIMEOUT;
    try (Nodes admin = new Nodes(t.withTimeout(slow))) {
      String done = ensure(admin, t);
      nodes.learnLiveNodes();
      return done;
    }
  }

  private static String ensure(Nodes nodes, SolrTarget t) {
    String config = ConfigSet.name();
    StringBuilder done = new StringBuilder();
    NamedList<Object> sets = nodes.request(new ConfigSetAdminRequest.List(), null);
    List<?> names = (List<?>) sets.get("configSets");
    if (names == null || !names.contains(config)) {
      ConfigSetAdminRequest.Upload upload = new ConfigSetAdminRequest.Upload();
      upload.setConfigSetName(config);
      upload.setUploadStream(new ContentStreamBase.ByteArrayStream(ConfigSet.zip(),
          config + ".zip", "application/octet-stream"));
      nodes.request(upload, null);
      done.append("uploaded the configset ").append(config).append("; ");
    }
    Map<String, Object> collection = collection(nodes);
    if (collection == null) {
      nodes.request(waitingForReplicas(CollectionAdminRequest.createCollection(
          t.collection(), config, t.shards(), t.replicas())), null);
      done.append("created the collection ").append(t.collection()).append(" (")
          .append(t.shards()).append(" shards x ").append(t.replicas()).append(" replicas)");
      LOG.info("Created the Solr collection {} on {}", t.collection(), t.describe());
    } else {
      Object used = collection.get("configName");
      if (used != null && !used.toString().startsWith("qmd4j-")) {
        throw new EngineException("The Solr collection " + t.collection() + " at "
            + t.describe() + " was made from the configset '" + used + "', not by qmd4j;"
            + " name another collection (--collection), or create it with qmd4j solr init");
      }
      if (used != null && !used.toString().equals(config)) {
        LOG.warn("The Solr collection {} uses the configset {}, this qmd4j writes {}: "
            + "recreate the collection to use the new one", t.collection(), used, config);
      }
      done.append("the collection ").append(t.collection()).append(" exists");
    }
    return done.toString();
  }

  /**
   * {@code create}, answered once its replicas are active. The setter is deprecated in SolrJ
   * 9.10, but a Solr 9 node still waits only when asked (waitForFinalState, false by default).
   */
  @SuppressWarnings("deprecation")
  private static CollectionAdminRequest.Create waitingForReplicas(
      CollectionAdminRequest.Create create) {
    create.setWaitForFinalState(true);
    return create;
  }

  /** The collection's entry of CLUSTERSTATUS, or null when it does not exist. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> collection(Nodes nodes) {
    NamedList<Object> status = nodes.request(CollectionAdminRequest.getClusterStatus(), null);
    NamedList<Object> cluster = (NamedList<Object>) status.get("cluster");
    Object collections = cluster == null ? null : cluster.get("collections");
    Object entry = collections instanceof NamedList
        ? ((NamedList<Object>) collections).get(nodes.target().collection())
        : collections instanceof Map
            ? ((Map<String, Object>) collections).get(nodes.target().collection()) : null;
    if (entry instanceof NamedList) return shallowMap((NamedList<Object>) entry);
    return (Map<String, Object>) entry;
  }

  /** Facts for {@code doctor}: nodes, collection, shards and replicas, documents. */
  @SuppressWarnings("unchecked")
  static Map<String, String> facts(Nodes nodes, String vault) {
    Map<String, String> out = new LinkedHashMap<>();
    SolrTarget t = nodes.target();
    out.put("solr cluster", t.describe());
    try {
      NamedList<Object> status = nodes.request(CollectionAdminRequest.getClusterStatus(), null);
      Object live = ((NamedList<Object>) status.get("cluster")).get("live_nodes");
      out.put("solr live nodes", live instanceof List ? String.valueOf(((List<?>) live).size())
          + " " + live : "unknown");
      Map<String, Object> c = collection(nodes);
      if (c == null) {
        out.put("solr collection", t.collection() + " (missing: created on first search, or"
            + " by qmd4j solr init)");
        return out;
      }
      out.put("solr collection", t.collection() + " (configset " + c.get("configName") + ")");
      out.put("solr shards", shards(c));
      out.put("solr documents", count(nodes, vault) + " chunks of this vault (id " + vault
          + "), " + count(nodes, null) + " in the collection");
    } catch (EngineException e) {
      out.put("solr status", e.getMessage());
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static String shards(Map<String, Object> collection) {
    Object shards = collection.get("shards");
    Map<String, Object> byName = shards instanceof NamedList
        ? shallowMap((NamedList<Object>) shards) : (Map<String, Object>) shards;
    if (byName == null) return "unknown";
    StringBuilder s = new StringBuilder().append(byName.size()).append(" shards:");
    for (Map.Entry<String, Object> shard : byName.entrySet()) {
      Object replicas = shard.getValue() instanceof NamedList
          ? ((NamedList<Object>) shard.getValue()).get("replicas")
          : ((Map<String, Object>) shard.getValue()).get("replicas");
      Map<String, Object> r = replicas instanceof NamedList
          ? shallowMap((NamedList<Object>) replicas) : (Map<String, Object>) replicas;
      long active = r == null ? 0 : r.values().stream()
          .filter(v -> "active".equals(state(v))).count();
      s.append(' ').append(shard.getKey()).append(" (").append(r == null ? 0 : r.size())
          .append(" replicas, ").append(active).append(" active)");
    }
    return s.toString();
  }

  /**
   * {@code list} as a map in its order, the first value of a repeated name kept (as
   * {@code NamedList.get} gives it): what the deprecated {@code asShallowMap()} was read for.
   */
  private static Map<String, Object> shallowMap(NamedList<Object> list) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : list) map.putIfAbsent(e.getKey(), e.getValue());
    return map;
  }

  @SuppressWarnings("unchecked")
  private static Object state(Object replica) {
    return replica instanceof NamedList ? ((NamedList<Object>) replica).get("state")
        : replica instanceof Map ? ((Map<String, Object>) replica).get("state") : null;
  }

  /** Chunks of {@code vault} in the collection (all of them when null). */
  static long count(Nodes nodes, String vault) {
    ModifiableSolrParams p = new ModifiableSolrParams();
    p.set("q", "*:*");
    if (vault != null) p.add("fq", "{!term f=vault}" + vault);
    p.set("rows", 0);
    QueryResponse r = new QueryResponse(nodes.request(
        new QueryRequest(p, SolrRequest.METHOD.GET), nodes.target().collection()), null);
    return r.getResults().getNumFound();
  }
}
