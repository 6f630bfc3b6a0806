package org.qmd4j;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import org.qmd4j.embedded.EmbeddedEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds {@link Searcher}s, choosing the engine.
 *
 * <table>
 *   <caption>Engine choice</caption>
 *   <tr><th>condition</th><th>engine</th></tr>
 *   <tr><td>{@code QMD4J_SEARCH_FALLBACK=1}</td><td>embedded, whatever was asked</td></tr>
 *   <tr><td>{@link EngineChoice#EMBEDDED}</td><td>embedded</td></tr>
 *   <tr><td>{@link EngineChoice#QMD}</td><td>qmd, or an error saying why it cannot run</td></tr>
 *   <tr><td>{@link EngineChoice#AUTO}</td><td>qmd when usable, else embedded with a logged
 *       warning saying why</td></tr>
 * </table>
 *
 * <p>The choice and its reason are logged once per searcher and returned by
 * {@link Searcher#describe()}.
 */
public final class SearchProviders {
  private static final Logger LOG = LoggerFactory.getLogger(SearchProviders.class);

  /** Environment variable that forces the embedded engine when set to {@code 1}. */
  public static final String FALLBACK_ENV = "QMD4J_SEARCH_FALLBACK";

  private SearchProviders() {}

  /** A searcher for {@code vault} with {@link SearchOptions#DEFAULT}. */
  public static Searcher forVault(Path vault) {
    return forVault(vault, SearchOptions.DEFAULT);
  }

  /**
   * A searcher for {@code vault}.
   *
   * @throws VaultNotFoundException if {@code vault} is not an existing folder
   * @throws QmdUnavailableException if {@link EngineChoice#QMD} is asked and qmd cannot run
   * @throws IndexException if the embedded index cannot be created
   */
  public static Searcher forVault(Path vault, SearchOptions options) {
    Objects.requireNonNull(vault, "vault == null");
    Objects.requireNonNull(options, "options == null");
    Path root = realVault(vault);
    String fallback = options.environment().get(FALLBACK_ENV);
    String reason;
    if ("1".equals(fallback) || "true".equalsIgnoreCase(fallback)) {
      reason = FALLBACK_ENV + "=" + fallback + " forces the embedded engine";
    } else if (options.engine() == EngineChoice.EMBEDDED) {
      reason = "the embedded engine was requested";
    } else if (options.engine() == EngineChoice.QMD) {
      throw new QmdUnavailableException("The qmd engine is not available in this version of "
          + "qmd4j; use --engine embedded (or auto)");
    } else {
      reason = "the qmd engine is not available in this version of qmd4j";
      LOG.warn("Using the embedded engine for {}: {}", root, reason);
    }
    Path indexDir = options.inMemoryIndex() ? null : indexDir(root, options);
    EmbeddedEngine engine = EmbeddedEngine.open(root, indexDir, options.chunker());
    EngineDescription description =
        new EngineDescription(engine.name(), reason, root.toString(), engine.indexLocation());
    LOG.debug("Searcher for {}: {}", root, description);
    return new Searcher(engine, description, options.clock(), options.resolveExecutor());
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
  static Path indexDir(Path root, SearchOptions options) {
    return vaultCacheDir(root, options).resolve("embedded-" + EmbeddedEngine.formatName()
        + "-" + options.chunkSize() + "-" + options.denseDaySize());
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
