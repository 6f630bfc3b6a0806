package org.qmd4j.solr;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.Mode;
import org.qmd4j.spi.ChangeFeed;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.spi.TextAnalysis;
import org.qmd4j.spi.Vocabulary;

/**
 * A search engine whose index is a SolrCloud collection: each chunk of the vault is a Solr
 * document, analysed by the same French chain as the embedded engine, searched with the same
 * clauses, scores mapped to [0, 1] the same way, with scope and dates as Solr filters. Several
 * vaults may share one collection (each document carries its vault's id). Before each search
 * the files that changed are sent (only those), and the search waits until Solr shows them.
 *
 * <p>Chosen by name ({@code SearchOptions.builder().engine("solr")}, {@code --engine solr}):
 * {@link SolrEngineFactory} reads the target from the engine settings and the
 * {@code QMD4J_SOLR_*} variables ({@link SolrTarget#fromSettings}). Or given a target:
 *
 * <pre>{@code
 * SolrTarget target = SolrTarget.of("http://solr1:8983/solr,http://solr2:8983/solr", "notes");
 * try (Searcher searcher = SearchProviders.forVault(vault, SearchOptions.DEFAULT,
 *     SolrEngine.factory(target))) {
 *   searcher.search("factures impayées");
 * }
 * }</pre>
 *
 * <p>The configset and the collection are created on first use when missing ({@link #init}
 * does it ahead). A node that does not answer is skipped for the next one; when no node
 * answers, searches throw an {@code EngineException} naming the cluster, after at most the
 * target's timeout per node, and succeed again once the cluster is back; or, if the target
 * asks for it ({@link SolrTarget#withFallback}), are answered by the embedded engine, each
 * result marked degraded. Thread-safe.
 *
 * @since 0.5
 */
public final class SolrEngine implements SearchEngine {
  /** The least time a batch of updates and its commit are given. */
  private static final Duration WRITE_TIMEOUT = Duration.ofSeconds(60);

  private final Nodes nodes;
  private final Nodes writes;
  private final String vault;
  private final Sync sync;
  private final Ranking ranking;
  private final ChangeFeed feed;
  private final TextAnalysis analysis;
  private volatile boolean ready;

  private SolrEngine(Nodes nodes, Nodes writes, String vault, Sync sync, ChangeFeed feed,
      TextAnalysis analysis) {
    this.analysis = analysis;
    this.nodes = nodes;
    this.writes = writes;
    this.vault = vault;
    this.sync = sync;
    this.feed = feed;
    this.ranking = new Ranking(nodes, nodes.target().collection(), vault, analysis);
  }

  /**
   * The factory to give {@code SearchProviders.forVault(vault, options, factory)}.
   *
   * @param target the cluster and collection
   * @return a factory; opening contacts no node (the first search does)
   */
  public static SearchEngine.Factory factory(SolrTarget target) {
    Objects.requireNonNull(target, "target == null");
    return context -> {
      SolrEngine engine = open(target, context);
      if (!target.fallback()) return engine;
      // The embedded engine's own index, in the vault's cache folder, opened on first need.
      return new Fallback(engine,
          () -> context.openEmbedded(context.cacheDir().resolve("solr-fallback-embedded")));
    };
  }

  /**
   * Uploads qmd4j's configset and creates the target's collection when they are missing.
   *
   * @return what was done, one line
   * @throws org.qmd4j.search.EngineException if the cluster does not answer or the
   *     collection was made from another configset
   */
  public static String init(SolrTarget target) {
    Objects.requireNonNull(target, "target == null");
    try (Nodes nodes = new Nodes(target)) {
      return Cluster.ensure(nodes);
    }
  }

  private static SolrEngine open(SolrTarget target, SearchEngine.Context context) {
    String vault = target.vaultId().orElseGet(() -> defaultVaultId(context.vault()));
    ChangeFeed feed = context.changeFeed(target.watch());
    Nodes nodes = new Nodes(target);
    // Writes (a first indexing, a commit that waits for the new searcher) may take longer
    // than a search is allowed to.
    Nodes writes = new Nodes(target.timeout().compareTo(WRITE_TIMEOUT) > 0 ? target
        : target.withTimeout(WRITE_TIMEOUT));
    Sync sync = new Sync(writes, target.collection(), vault, context, feed);
    return new SolrEngine(nodes, writes, vault, sync, feed, context.analysis());
  }

  /** The vault folder's name and 12 hex digits of its real path's SHA-256. */
  static String defaultVaultId(Path vault) {
    String name = vault.getFileName() == null ? "root" : vault.getFileName().toString();
    name = name.replaceAll("[^A-Za-z0-9._-]", "_").replaceAll("^[._-]+", "");
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256")
          .digest(vault.toString().getBytes(StandardCharsets.UTF_8));
      return (name.isEmpty() ? "vault" : name) + "-" + HexFormat.of().formatHex(digest, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("Every JDK has SHA-256", e);
    }
  }

  @Override
  public String name() {
    return "solr";
  }

  @Override
  public List<Hit> search(EngineQuery query) {
    Objects.requireNonNull(query, "query == null");
    refresh();
    if (query.isWildcard()) return ranking.wildcard(query);
    return query.mode() == Mode.DEEP ? ranking.deep(query) : ranking.fast(query);
  }

  /** The vault's words in the collection, as of now. */
  @Override
  public Optional<Vocabulary> vocabulary() {
    return Optional.of(new SolrVocabulary(nodes, nodes.target().collection(), vault, analysis));
  }

  /**
   * Sends the vault's changes now (a search does it too); returns how many files were sent
   * or deleted.
   */
  int refresh() {
    if (!ready) {
      synchronized (this) {
        if (!ready) {
          Cluster.ensure(nodes);
          writes.learnLiveNodes();
          ready = true;
        }
      }
    }
    return sync.refresh();
  }

  /** The vault's id in the collection. */
  String vaultId() {
    return vault;
  }

  @Override
  public String indexLocation() {
    return "Solr collection " + nodes.target().collection() + " at " + nodes.target().describe()
        + " (vault id " + vault + ")";
  }

  @Override
  public Map<String, String> diagnostics() {
    Map<String, String> out = new LinkedHashMap<>(Cluster.facts(nodes, vault));
    out.put("solr freshness", feed.watching()
        ? "the vault is watched; changed files are sent before the next search"
        : "a stat walk before each search sends the changed files");
    return out;
  }

  @Override
  public void close() {
    feed.close();
    nodes.close();
    writes.close();
  }
}
