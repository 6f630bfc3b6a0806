package org.qmd4j.solr;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.EngineException;

/**
 * Where a vault's chunks live in SolrCloud: the nodes to ask first (more are learnt from the
 * cluster), the collection, the vault's id inside it, time limits and credentials.
 *
 * <table>
 *   <caption>Engine settings and environment variables read by {@link #fromSettings}</caption>
 *   <tr><th>setting</th><th>variable</th><th>meaning</th></tr>
 *   <tr><td>{@code url}</td><td>{@code QMD4J_SOLR_URL}</td><td>Solr base URLs,
 *       comma-separated ({@code http://solr1:8983/solr,http://solr2:8983/solr})</td></tr>
 *   <tr><td>{@code collection}</td><td>{@code QMD4J_SOLR_COLLECTION}</td><td>the collection
 *       (default {@code qmd4j})</td></tr>
 *   <tr><td>{@code vault}</td><td>{@code QMD4J_SOLR_VAULT}</td><td>the vault's id in the
 *       collection</td></tr>
 *   <tr><td>{@code user}, {@code password}</td><td>{@code QMD4J_SOLR_USER},
 *       {@code QMD4J_SOLR_PASSWORD}</td><td>Solr basic authentication</td></tr>
 *   <tr><td>{@code timeout}</td><td>{@code QMD4J_SOLR_TIMEOUT}</td><td>seconds a request may
 *       take (default 10)</td></tr>
 *   <tr><td>{@code fallback=1}</td><td>{@code QMD4J_SOLR_FALLBACK=1}</td><td>answer from the
 *       embedded engine, marked degraded, when the cluster fails</td></tr>
 * </table>
 *
 * @param nodes Solr base URLs ({@code http://host:8983/solr}), at least one
 * @param collection the SolrCloud collection
 * @param vaultId the vault's id in the collection; empty: the vault folder's name and a hash of
 *     its real path (set it to share one vault's documents between machines)
 * @param timeout how long one request may take before the next node is tried
 * @param user basic-authentication user, if the cluster asks for one
 * @param password basic-authentication password, with {@code user}
 * @param shards shards of the collection when qmd4j creates it
 * @param replicas replicas per shard when qmd4j creates it
 * @param watch watch the vault for changes (long-lived processes) instead of a stat walk
 *     before each search
 * @param fallback when the cluster fails, answer from the embedded engine (an index in the
 *     vault's cache folder), each result marked degraded with the reason
 * @since 0.5
 */
public record SolrTarget(List<String> nodes, String collection, Optional<String> vaultId,
    Duration timeout, Optional<String> user, Optional<String> password, int shards,
    int replicas, boolean watch, boolean fallback) {

  /** The collection when none is named. */
  public static final String DEFAULT_COLLECTION = "qmd4j";

  /** Checks the components; base URLs lose a trailing slash. */
  public SolrTarget {
    Objects.requireNonNull(nodes, "nodes == null");
    Objects.requireNonNull(collection, "collection == null");
    Objects.requireNonNull(vaultId, "vaultId == null");
    Objects.requireNonNull(timeout, "timeout == null");
    Objects.requireNonNull(user, "user == null");
    Objects.requireNonNull(password, "password == null");
    if (nodes.isEmpty()) {
      throw new IllegalArgumentException("Expected at least one Solr URL, such as"
          + " http://localhost:8983/solr");
    }
    List<String> urls = new ArrayList<>();
    for (String node : nodes) urls.add(checkUrl(node));
    nodes = List.copyOf(urls);
    if (!collection.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
      throw new IllegalArgumentException("Expected a collection name of letters, digits,"
          + " '.', '_' or '-' but was '" + collection + "'");
    }
    if (vaultId.isPresent() && !vaultId.get().matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
      throw new IllegalArgumentException("Expected a vault id of letters, digits, '.', '_'"
          + " or '-' but was '" + vaultId.get() + "'");
    }
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("Expected a positive timeout but was " + timeout);
    }
    if (user.isPresent() != password.isPresent()) {
      throw new IllegalArgumentException("Solr basic authentication needs both a user and a"
          + " password");
    }
    if (shards < 1 || replicas < 1) {
      throw new IllegalArgumentException("Expected at least 1 shard and 1 replica but was "
          + shards + " x " + replicas);
    }
  }

  /** A target on one or more base URLs (comma-separated) and a collection, 10 s per request. */
  public static SolrTarget of(String urls, String collection) {
    Objects.requireNonNull(urls, "urls == null");
    return new SolrTarget(List.of(urls.split(",")), collection, Optional.empty(),
        Duration.ofSeconds(10), Optional.empty(), Optional.empty(), 1, 1, false, false);
  }

  /**
   * The target the {@code QMD4J_SOLR_*} variables describe (table above).
   *
   * @throws EngineException if {@code QMD4J_SOLR_URL} is not set, or a value is not valid
   */
  public static SolrTarget fromEnvironment(Map<String, String> env) {
    return fromSettings(Map.of(), env);
  }

  /**
   * The target the engine settings describe, each setting not given read from its {@code
   * QMD4J_SOLR_*} variable (table above).
   *
   * @param settings the engine settings ({@code SearchOptions.engineSettings()})
   * @param env the environment variables
   * @throws EngineException if no address is given, or a value is not valid
   * @since 0.9
   */
  public static SolrTarget fromSettings(Map<String, String> settings, Map<String, String> env) {
    Objects.requireNonNull(settings, "settings == null");
    Objects.requireNonNull(env, "env == null");
    String urls = setting(settings, env, "url");
    if (urls == null || urls.isBlank()) {
      throw new EngineException("The Solr engine needs the cluster's address: pass --solr URL"
          + " or set QMD4J_SOLR_URL (e.g. http://localhost:8983/solr)");
    }
    try {
      String collection = setting(settings, env, "collection");
      SolrTarget t = of(urls, collection == null ? DEFAULT_COLLECTION : collection);
      String vault = setting(settings, env, "vault");
      if (vault != null && !vault.isBlank()) t = t.withVaultId(vault.strip());
      String user = setting(settings, env, "user");
      if (user != null && !user.isBlank()) {
        String password = setting(settings, env, "password");
        t = t.withBasicAuth(user, password == null ? "" : password);
      }
      if ("1".equals(setting(settings, env, "fallback"))) t = t.withFallback(true);
      String timeout = setting(settings, env, "timeout");
      if (timeout != null && !timeout.isBlank()) {
        t = t.withTimeout(Duration.ofMillis((long) (Double.parseDouble(timeout) * 1000)));
      }
      return t;
    } catch (IllegalArgumentException e) {
      throw new EngineException("Invalid Solr setting: " + e.getMessage(), e);
    }
  }

  /** The engine setting {@code key}, else the variable {@code QMD4J_SOLR_<KEY>}, else null. */
  private static String setting(Map<String, String> settings, Map<String, String> env,
      String key) {
    String value = settings.get(key);
    return value != null ? value : env.get("QMD4J_SOLR_" + key.toUpperCase(Locale.ROOT));
  }

  /** This target with the vault's id in the collection. */
  public SolrTarget withVaultId(String id) {
    return new SolrTarget(nodes, collection, Optional.of(id), timeout, user, password, shards,
        replicas, watch, fallback);
  }

  /** This target with another time limit per request. */
  public SolrTarget withTimeout(Duration t) {
    return new SolrTarget(nodes, collection, vaultId, t, user, password, shards, replicas,
        watch, fallback);
  }

  /** This target with Solr basic-authentication credentials. */
  public SolrTarget withBasicAuth(String u, String p) {
    return new SolrTarget(nodes, collection, vaultId, timeout, Optional.of(u), Optional.of(p),
        shards, replicas, watch, fallback);
  }

  /** This target creating its collection, when missing, with this many shards and replicas. */
  public SolrTarget withLayout(int shardCount, int replicaCount) {
    return new SolrTarget(nodes, collection, vaultId, timeout, user, password, shardCount,
        replicaCount, watch, fallback);
  }

  /** This target watching the vault (true) or walking it before each search (false). */
  public SolrTarget withWatch(boolean w) {
    return new SolrTarget(nodes, collection, vaultId, timeout, user, password, shards,
        replicas, w, fallback);
  }

  /** This target answering from the embedded engine, marked degraded, when the cluster fails. */
  public SolrTarget withFallback(boolean f) {
    return new SolrTarget(nodes, collection, vaultId, timeout, user, password, shards,
        replicas, watch, f);
  }

  /** Shows no password. */
  @Override
  public String toString() {
    return "SolrTarget[" + describe() + ", collection=" + collection + ", vaultId="
        + vaultId.orElse("(from the vault)") + ", timeout=" + timeout
        + user.map(u -> ", user=" + u).orElse("") + ", shards=" + shards + ", replicas="
        + replicas + (fallback ? ", fallback" : "") + "]";
  }

  /** The nodes, for messages: {@code http://a:8983/solr, http://b:8983/solr}. */
  String describe() {
    return String.join(", ", nodes);
  }

  private static String checkUrl(String node) {
    String url = Objects.requireNonNull(node, "node == null").strip();
    while (url.endsWith("/")) url = url.substring(0, url.length() - 1);
    URI uri;
    try {
      uri = URI.create(url);
    } catch (IllegalArgumentException e) {
      uri = null;
    }
    if (uri == null || uri.getHost() == null
        || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
      throw new IllegalArgumentException("Expected a Solr base URL such as"
          + " http://localhost:8983/solr but was '" + node + "'");
    }
    return url;
  }
}
