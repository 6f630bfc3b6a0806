package org.qmd4j.solr;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.solr.client.solrj.SolrRequest;
import org.apache.solr.client.solrj.SolrServerException;
import org.apache.solr.client.solrj.impl.HttpJdkSolrClient;
import org.apache.solr.client.solrj.request.CollectionAdminRequest;
import org.apache.solr.common.SolrException;
import org.apache.solr.common.util.NamedList;
import org.qmd4j.search.EngineException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster's nodes as one client over the JDK's HTTP client: a request goes to the node
 * that answered last and, when that node cannot be reached or answers 5xx, to the next one
 * (SolrCloud routes any node's request to live replicas, so one live node is enough). The
 * nodes the user named are completed by the cluster's live nodes. When no node answers, an
 * {@link EngineException} names the cluster. Thread-safe.
 *
 * <p>SolrJ's cloud client is built on its Jetty 10 client, which cannot share a class path
 * with the Jetty 12 of {@code qmd4j serve}; this class stands for it.
 */
final class Nodes implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Nodes.class);

  private final SolrTarget target;
  private final Map<String, HttpJdkSolrClient> clients = new ConcurrentHashMap<>();
  private volatile List<String> known;
  private volatile String preferred;

  Nodes(SolrTarget target) {
    this.target = target;
    this.known = target.nodes();
    this.preferred = known.get(0);
  }

  SolrTarget target() {
    return target;
  }

  /** The nodes known now: those named, then those the cluster listed as live. */
  List<String> known() {
    return known;
  }

  /**
   * Sends {@code request} about {@code collection} (null for cluster requests) to the first
   * node that answers.
   *
   * @throws EngineException if no node answers, naming the cluster and the last reason
   */
  NamedList<Object> request(SolrRequest<?> request, String collection) {
    List<String> order = new ArrayList<>();
    order.add(preferred);
    for (String url : known) if (!url.equals(preferred)) order.add(url);
    String reason = "no node was tried";
    for (String url : order) {
      try {
        NamedList<Object> response = client(url).request(request, collection);
        preferred = url;
        return response;
      } catch (SolrServerException | IOException e) {
        reason = url + ": " + Failures.describe(e);
      } catch (SolrException e) {
        if (e.code() == 401 || e.code() == 403) {
          throw new EngineException("The SolrCloud cluster at " + target.describe()
              + " refused qmd4j's credentials (HTTP " + e.code() + "); set QMD4J_SOLR_USER and"
              + " QMD4J_SOLR_PASSWORD", e);
        }
        if (e.code() < 500) {
          throw new EngineException("The SolrCloud cluster at " + target.describe()
              + " refused a request on the collection " + target.collection() + ": "
              + Failures.firstLine(e.getMessage()), e);
        }
        reason = url + ": " + Failures.firstLine(e.getMessage());
      }
      LOG.debug("Solr node did not answer, trying the next one: {}", reason);
    }
    throw new EngineException("The SolrCloud cluster at " + target.describe()
        + " did not answer (" + reason + "); check that it is running and reachable");
  }

  /** Adds the cluster's live nodes to the known ones; best effort (a failure is logged). */
  void learnLiveNodes() {
    try {
      NamedList<Object> status =
          request(CollectionAdminRequest.getClusterStatus(), null);
      Object live = ((NamedList<?>) status.get("cluster")).get("live_nodes");
      Set<String> urls = new LinkedHashSet<>(target.nodes());
      if (live instanceof List) {
        String scheme = target.nodes().get(0).startsWith("https:") ? "https://" : "http://";
        for (Object node : (List<?>) live) urls.add(scheme + nodeUrl(node.toString()));
      }
      known = List.copyOf(urls);
    } catch (EngineException | ClassCastException | NullPointerException e) {
      LOG.debug("Could not list the live nodes of {}", target.describe(), e);
    }
  }

  /** {@code host:8983_solr} to {@code host:8983/solr} (the context's slashes are encoded). */
  static String nodeUrl(String nodeName) {
    int colon = nodeName.indexOf(':');
    int underscore = nodeName.indexOf('_', Math.max(colon, 0));
    if (underscore < 0) return nodeName;
    return nodeName.substring(0, underscore) + "/"
        + URLDecoder.decode(nodeName.substring(underscore + 1), StandardCharsets.UTF_8);
  }

  private HttpJdkSolrClient client(String url) {
    return clients.computeIfAbsent(url, u -> {
      long millis = target.timeout().toMillis();
      HttpJdkSolrClient.Builder b = new HttpJdkSolrClient.Builder(u)
          .useHttp1_1(true)
          .withConnectionTimeout(Math.min(millis, 5_000), TimeUnit.MILLISECONDS)
          .withRequestTimeout(millis, TimeUnit.MILLISECONDS)
          .withIdleTimeout(millis, TimeUnit.MILLISECONDS);
      if (target.user().isPresent()) {
        b = b.withBasicAuthCredentials(target.user().get(), target.password().orElse(""));
      }
      return b.build();
    });
  }

  @Override
  public void close() {
    for (HttpJdkSolrClient c : clients.values()) {
      try {
        c.close();
      } catch (IOException | RuntimeException e) {
        LOG.debug("Closing a Solr client failed", e);
      }
    }
    clients.clear();
  }
}
