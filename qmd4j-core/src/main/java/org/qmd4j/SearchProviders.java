package org.qmd4j;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.qmd4j.analysis.StandardAnalysis;
import org.qmd4j.embedded.EmbeddedEngine;
import org.qmd4j.internal.Problems;
import org.qmd4j.qmd.FallbackEngine;
import org.qmd4j.qmd.QmdBinary;
import org.qmd4j.qmd.QmdEngine;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.Layout;
import org.qmd4j.search.QmdUnavailableException;
import org.qmd4j.search.VaultNotFoundException;
import org.qmd4j.spi.BinaryLocator;
import org.qmd4j.spi.EmbeddingModel;
import org.qmd4j.spi.QmdOptions;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.spi.TextAnalysis;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.watch.VaultFeed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds {@link Searcher}s, choosing the engine.
 *
 * <table>
 *   <caption>SearchEngine choice</caption>
 *   <tr><th>condition</th><th>engine</th></tr>
 *   <tr><td>an engine on the class path, by name ({@link SearchOptions#engineName()})</td>
 *       <td>that engine, as {@link #forVault(Path, SearchOptions, SearchEngine.Factory)}
 *       opens it</td></tr>
 *   <tr><td>{@code QMD4J_SEARCH_FALLBACK=1}</td><td>embedded, whatever built-in engine was
 *       asked</td></tr>
 *   <tr><td>{@link EngineChoice#EMBEDDED}</td><td>embedded</td></tr>
 *   <tr><td>{@link EngineChoice#QMD}</td><td>qmd, or an error saying why it cannot run</td></tr>
 *   <tr><td>{@link EngineChoice#AUTO}</td><td>qmd when usable, else embedded with a logged
 *       warning saying why</td></tr>
 * </table>
 *
 * <p>The choice and its reason are logged once per searcher and returned by
 * {@link Searcher#describe()}, with the vault's {@link org.qmd4j.search.Layout layout},
 * chosen in {@link SearchOptions#layout()} or detected once here.
 */
public final class SearchProviders {
  private static final Logger LOG = LoggerFactory.getLogger(SearchProviders.class);

  /** Environment variable that forces the embedded engine when set to {@code 1}. */
  public static final String FALLBACK_ENV = "QMD4J_SEARCH_FALLBACK";

  // The engine choice is logged once per vault and reason, not per searcher; at info level,
  // since falling back is the designed behaviour (doctor and describe() say it too).
  private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

  /** What deep search does with the embedded engine. */
  static final String EMBEDDED_DEEP =
      "embedded keyword search (keyword lists fused by rank, no semantic model)";

  /** What deep search does with the embedded engine and a model. */
  static String embeddedDeep(Optional<EmbeddingModel> model, String why) {
    return model.map(m -> "embedded hybrid search (BM25 and nearest chunks by the model "
        + m.id() + ", fused by weighted rank" + (why.isEmpty() ? "" : "; " + why) + ")")
        .orElse(EMBEDDED_DEEP.replace(")", why.isEmpty() ? ")" : "; " + why + ")"));
  }

  private SearchProviders() {}

  /** A searcher for {@code vault} with {@link SearchOptions#DEFAULT}. */
  public static Searcher forVault(Path vault) {
    return forVault(vault, SearchOptions.DEFAULT);
  }

  /**
   * The names of the engines {@link SearchOptions.Builder#engine(String)} can choose: {@code
   * auto}, {@code qmd}, {@code embedded}, then those registered on the class path.
   *
   * @since 0.9
   */
  public static List<String> engines() {
    return EnginePlugins.names();
  }

  /**
   * Expert: qmd4j's text analysis, as the built-in engines index and search with it, for an
   * engine outside core when it has no vault at hand (writing a schema); an open engine has it
   * from {@link SearchEngine.Context#analysis()}.
   *
   * @since 0.9
   */
  public static TextAnalysis analysis() {
    return StandardAnalysis.INSTANCE;
  }

  /**
   * A searcher for {@code vault}.
   *
   * @throws VaultNotFoundException if {@code vault} is not an existing folder
   * @throws QmdUnavailableException if {@link EngineChoice#QMD} is asked and qmd cannot run
   * @throws IndexException if the embedded index cannot be created
   */
  public static Searcher forVault(Path vault, SearchOptions options) {
    return open(vault, options, false);
  }

  /**
   * Expert: {@link #forVault(Path, SearchOptions)} for a long-lived server, which should answer
   * its clients before its index is open. The searcher is returned without waiting for the
   * embedded engine's index to open (the index checked, its file records loaded): that runs on
   * a thread of its own, while the watcher registers the vault's folders on another, and
   * every search waits for both. A failure to open is then the {@link IndexException} of each search instead
   * of this call's; {@link Searcher#describe()} names the index folder even when the index
   * turns out to be kept in memory (a warning says so). Other engines open as with {@code
   * forVault}.
   *
   * @throws VaultNotFoundException if {@code vault} is not an existing folder
   * @throws QmdUnavailableException if {@link EngineChoice#QMD} is asked and qmd cannot run
   * @since 0.9
   */
  public static Searcher openInBackground(Path vault, SearchOptions options) {
    return open(vault, options, true);
  }

  private static Searcher open(Path vault, SearchOptions options, boolean background) {
    Objects.requireNonNull(vault, "vault == null");
    Objects.requireNonNull(options, "options == null");
    if (!EnginePlugins.isBuiltIn(options.engineName())) {
      return forVault(vault, options, EnginePlugins.named(options.engineName()));
    }
    EngineChoice choice = EngineChoice.parse(options.engineName());
    Path root = realVault(vault);
    VaultLayout layout = layoutOf(root, options);
    String fallback = options.environment().get(FALLBACK_ENV);
    if ("1".equals(fallback) || "true".equalsIgnoreCase(fallback)) {
      return embedded(root, layout, options,
          FALLBACK_ENV + "=" + fallback + " forces the embedded engine", background);
    }
    if (choice == EngineChoice.EMBEDDED) {
      return embedded(root, layout, options, "the embedded engine was requested", background);
    }
    QmdOptions qmd = options.qmd();
    BinaryLocator locator =
        qmd.locator().orElseGet(() -> BinaryLocator.fromEnvironment(options.environment()));
    Optional<Path> binaryPath = locator.locate();
    String problem;
    if (binaryPath.isEmpty()) {
      problem = "qmd was not found on PATH (install @tobilu/qmd 2.x, or set "
          + BinaryLocator.BINARY_ENV + ")";
    } else {
      QmdBinary.Probe probe = QmdBinary.probe(binaryPath.get(), qmd.runner(),
          options.resolveCacheDir());
      if (probe.binary().isPresent()) {
        try {
          return qmd(root, layout, options, probe.binary().get(), choice);
        } catch (EngineException e) {
          if (choice == EngineChoice.QMD) throw e;
          problem = "qmd could not set up its index: " + e.getMessage();
        }
      } else {
        problem = probe.problem();
      }
    }
    if (choice == EngineChoice.QMD) {
      throw new QmdUnavailableException("The qmd engine cannot run: " + problem);
    }
    if (WARNED.add(root + "|" + problem)) {
      LOG.info("Using the embedded engine for {}: {}", root, problem);
    }
    return embedded(root, layout, options, problem, background);
  }

  /**
   * A searcher for {@code vault} that runs the engine {@code factory} makes (the application's
   * own, or one {@link #forVault(Path, SearchOptions)} found by name); {@link
   * SearchOptions#engineName()} and {@code QMD4J_SEARCH_FALLBACK} are not consulted. Scope,
   * dates, line ranges, briefs, find and the typed facade work as with the built-in engines.
   *
   * <pre>{@code
   * try (Searcher searcher = SearchProviders.forVault(vault, SearchOptions.DEFAULT,
   *     context -> new MyRemoteEngine(context))) {
   *   searcher.search("factures");
   * }
   * }</pre>
   *
   * @throws VaultNotFoundException if {@code vault} is not an existing folder
   * @since 0.2
   */
  public static Searcher forVault(Path vault, SearchOptions options,
      SearchEngine.Factory factory) {
    Objects.requireNonNull(vault, "vault == null");
    Objects.requireNonNull(options, "options == null");
    Objects.requireNonNull(factory, "factory == null");
    Path root = realVault(vault);
    VaultLayout layout = layoutOf(root, options);
    SearchEngine engine = Objects.requireNonNull(
        factory.open(new EngineContext(root, layout, options, vaultCacheDir(root, options))),
        "factory returned null");
    return searcher(engine, "the " + engine.name() + " engine, supplied by the application",
        "the " + engine.name() + " engine's deep search", root, layout, options);
  }

  private static Searcher qmd(Path root, VaultLayout layout, SearchOptions options,
      QmdBinary binary, EngineChoice choice) {
    QmdOptions qmd = options.qmd();
    Optional<EmbeddingModel> model = EmbeddingModels.of(options);
    QmdEngine qmdEngine = QmdEngine.open(root, layout,
        vaultCacheDir(root, options).resolve("qmd" + suffix(layout)), binary, qmd,
        options.chunker(), options.environment(), changeFeed(root, layout, options));
    // Deep search without qmd's models is answered by the embedded engine, marked degraded.
    SearchEngine engine = new FallbackEngine(qmdEngine,
        () -> openEmbedded(root, layout, options, model, false),
        qmd.onFailure() == QmdOptions.FailurePolicy.FALLBACK_TO_EMBEDDED,
        qmdEngine::deepUnavailable);
    String reason = "qmd " + binary.version() + " found at " + binary.path()
        + (choice == EngineChoice.QMD ? " (requested)" : "");
    String deep = qmdEngine.deepUnavailable()
        .map(why -> embeddedDeep(model, why)).orElse(QmdEngine.DEEP_SEARCH);
    return searcher(engine, reason, deep, root, layout, options);
  }

  private static Searcher embedded(Path root, VaultLayout layout, SearchOptions options,
      String reason, boolean background) {
    Optional<EmbeddingModel> model = EmbeddingModels.of(options);
    SearchEngine engine = !background ? openEmbedded(root, layout, options, model, false)
        : new OpeningEngine("embedded", options.inMemoryIndex() ? "memory"
            : indexDir(root, layout, options).toString(),
            () -> openEmbedded(root, layout, options, model, true));
    return searcher(engine, reason,
        model.isEmpty() ? EMBEDDED_DEEP.replace(")", " without qmd)") : embeddedDeep(model, ""),
        root, layout, options);
  }

  private static Searcher searcher(SearchEngine engine, String reason, String deep, Path root,
      VaultLayout layout, SearchOptions options) {
    EngineDescription description = new EngineDescription(engine.name(), reason,
        root.toString(), engine.indexLocation(), layout.layout(), layout.reason(), deep);
    LOG.debug("Searcher for {}: {}", root, description);
    SearchPipeline pipeline = new SearchPipeline(engine, root, layout, options.clock());
    return new Searcher(pipeline, description, options.resolveExecutor());
  }

  /** The embedded engine; {@code background}: its watcher starts while its index opens. */
  private static EmbeddedEngine openEmbedded(Path root, VaultLayout layout,
      SearchOptions options, Optional<EmbeddingModel> model, boolean background) {
    Path indexDir = options.inMemoryIndex() ? null : indexDir(root, layout, options);
    VaultFeed feed = background && options.watch()
        ? VaultFeed.watchOrWalkInBackground(root, layout) : changeFeed(root, layout, options);
    return EmbeddedEngine.open(root, indexDir, options.chunker(), feed, options.progress(),
        model);
  }

  /** A watcher when the options ask for one, else a walk of the vault before each search. */
  private static VaultFeed changeFeed(Path root, VaultLayout layout, SearchOptions options) {
    return options.watch() ? VaultFeed.watchOrWalk(root, layout)
        : VaultFeed.walkEveryTime(layout);
  }

  /** The layout chosen in {@code options}, or detected; a notes layout reads its ignore file. */
  private static VaultLayout layoutOf(Path root, SearchOptions options) {
    try {
      return VaultLayout.of(root, options.layout().layout());
    } catch (IOException e) {
      throw new IndexException(Problems.cannotReadVault(root, e), e);
    }
  }

  /** Each layout has its own index: the projects one keeps the folder names it always had. */
  private static String suffix(VaultLayout layout) {
    return layout.layout() == Layout.PROJECTS ? "" : "-" + layout.layout().wireName();
  }

  private static Path realVault(Path vault) {
    if (!Files.exists(vault)) {
      throw new VaultNotFoundException("Vault folder does not exist: " + vault.toAbsolutePath());
    }
    if (!Files.isDirectory(vault)) {
      throw new VaultNotFoundException("Vault path is not a folder: " + vault.toAbsolutePath());
    }
    try {
      return vault.toRealPath();
    } catch (IOException e) {
      throw new VaultNotFoundException("Vault folder cannot be read: " + vault.toAbsolutePath()
          + " (" + e + ")");
    }
  }

  /** {@code <cache>/<vault-name>-<hash>/embedded-<format>-<sizes>}. */
  static Path indexDir(Path root, VaultLayout layout, SearchOptions options) {
    return vaultCacheDir(root, options).resolve("embedded-" + EmbeddedEngine.formatName()
        + "-" + options.chunkSize() + "-" + options.denseDaySize() + suffix(layout));
  }

  /** The folder qmd4j owns for one vault: its name plus a hash of its real path. */
  static Path vaultCacheDir(Path root, SearchOptions options) {
    String name = root.getFileName() == null ? "root" : root.getFileName().toString();
    name = name.replaceAll("[^A-Za-z0-9._-]", "_");
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256")
          .digest(root.toString().getBytes(StandardCharsets.UTF_8));
      return options.resolveCacheDir()
          .resolve(name + "-" + HexFormat.of().formatHex(digest, 0, 6));
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("Every JDK has SHA-256", e);
    }
  }
}
