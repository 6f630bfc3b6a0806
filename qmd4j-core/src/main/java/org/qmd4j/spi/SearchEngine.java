package org.qmd4j.spi;

import java.io.Closeable;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.qmd4j.search.Layout;
import org.qmd4j.search.Total;

/**
 * A search engine over one vault. The built-in ones are the embedded Lucene engine and the
 * qmd engine; others (the Solr engine, an application's own: a remote index, a test double)
 * plug in through a {@link Factory}: given to {@code SearchProviders.forVault(Path,
 * SearchOptions, Factory)}, or found on the class path by its {@link Factory#name() name}
 * ({@code SearchOptions.builder().engine("solr")}, {@code qmd4j --engine solr}) when the jar
 * registers it as a service in {@code META-INF/services/org.qmd4j.spi.SearchEngine$Factory}.
 *
 * <p>The contract every engine keeps (the conformance test
 * {@code org.qmd4j.testkit.SearchEngineContract} of the {@code qmd4j-testkit} artifact checks
 * it):
 * <ul>
 *   <li>at most {@code query.limit()} hits, best first, scores in [0, 1] and descending;
 *       equal scores ordered by path, then line, so that the order holds across rebuilds;
 *   <li>only chunks that pass {@code query.filter()}, and the filter applied while ranking, so
 *       that the limit is filled whenever enough chunks pass;
 *   <li>the wildcard query ({@link EngineQuery#isWildcard()}) returns every chunk that passes,
 *       newest first (by {@link Chunk#date()}, undated last), with score 1.0;
 *   <li>a query that matches nothing returns an empty list, never {@code null};
 *   <li>failures are {@code SearchException}s ({@code EngineException} for the environment).
 * </ul>
 *
 * <p>Implementations are thread-safe: one instance serves concurrent searches.
 *
 * @since 0.2
 */
public interface SearchEngine extends Closeable {
  /** A short name shown by {@code doctor} and in logs, such as {@code embedded} or {@code qmd}. */
  String name();

  /**
   * Ranks the chunks matching {@code query.text()} and returns at most {@code query.limit()}
   * of them that pass {@code query.filter()}, best first.
   *
   * @param query the resolved search
   * @return the hits, best first; empty when nothing matches
   */
  List<Hit> search(EngineQuery query);

  /**
   * Expert: how many chunks pass {@code query} and its filter in all, as many as {@link
   * #search} would return without a limit, when this engine can count them without ranking
   * them all: {@link Total#exactly}, or {@link Total#atLeast} when it stopped counting. Asked
   * only after a search that filled its limit, so that an answer can say "20 of 28". Empty
   * (the default) when the engine cannot count: the answer then says "at least" one more
   * than the limit, which the search itself found.
   *
   * @param query the resolved search, as {@link #search} received it
   * @since 0.6
   */
  default Optional<Total> count(EngineQuery query) {
    return Optional.empty();
  }

  /**
   * Expert: whether this engine answers a filter's {@link ChunkFilter#record() record
   * condition} in its index, having indexed each chunk's {@link RecordCondition.Fields record
   * fields}. False (the default): the searcher hands the typed queries' conditions to this
   * engine as part of {@link ChunkFilter#extra()}, a test of each chunk.
   *
   * @since 0.9
   */
  default boolean indexesRecords() {
    return false;
  }

  /**
   * Expert: the words this engine has indexed, as of now, which the search uses to correct a
   * query word that matches nothing and to suggest other queries when nothing matches.
   * Asked once per search that needs it; empty (the default) turns both off.
   *
   * @since 0.3
   */
  default Optional<Vocabulary> vocabulary() {
    return Optional.empty();
  }

  /** Where this engine keeps its index, for {@code doctor} and logs. */
  String indexLocation();

  /** Facts for {@code qmd4j doctor}, in display order. */
  Map<String, String> diagnostics();

  /** Releases files and processes. Never throws. */
  @Override
  void close();

  /**
   * Opens an engine for one vault. Called once per {@code Searcher}.
   *
   * <p>A factory registered as a service (a public class with a public no-argument
   * constructor, named in {@code META-INF/services/org.qmd4j.spi.SearchEngine$Factory}) is
   * chosen by its {@link #name()}; it reads its own settings from {@link
   * Context#settings()} and {@link Context#environment()}.
   *
   * @since 0.2
   */
  @FunctionalInterface
  interface Factory {
    /**
     * Opens the engine.
     *
     * @param context the vault and the environment it runs in
     * @return an open engine; the {@code Searcher} closes it
     */
    SearchEngine open(Context context);

    /**
     * The name this factory is chosen by when it is registered as a service: lower-case
     * letters, digits and {@code -}, not one of the built-in {@code auto}, {@code qmd},
     * {@code embedded}. The default, empty, is a factory passed directly only.
     *
     * @since 0.9
     */
    default String name() {
      return "";
    }
  }

  /**
   * What an engine factory is given: the vault, the clock and environment, a cache folder, and
   * qmd4j's own reading of the vault (the indexed files and their chunks), so that an engine
   * returns the same chunks and line ranges as the built-in ones.
   *
   * @since 0.2
   */
  interface Context {
    /** The vault folder, as a real path. */
    Path vault();

    /** The clock that relative dates are resolved against. */
    Clock clock();

    /** The environment variables the searcher was given. */
    Map<String, String> environment();

    /** A folder this engine may keep files in; created on demand by the engine. */
    Path cacheDir();

    /**
     * The vault's layout, chosen or detected when the searcher was built; it decides which
     * files {@link #indexedFiles()} lists. Defaults to the projects layout for contexts made
     * before layouts existed.
     *
     * @since 0.4
     */
    default Layout layout() {
      return Layout.PROJECTS;
    }

    /** The vault-relative paths of the indexed files, sorted. */
    List<String> indexedFiles();

    /**
     * The chunks of one indexed file, as qmd4j's chunker cuts them.
     *
     * @param path a vault-relative path from {@link #indexedFiles()}
     * @return its chunks in file order; empty for an empty file
     */
    List<Chunk> chunks(String path);

    /**
     * The title of one indexed file as the chunker reads it, which the embedded engine weighs
     * above body words: its first H1 or H2 outside frontmatter and code fences, else its file
     * name without {@code .md}. An engine that ranks like the embedded one indexes this title
     * with each chunk (a chunk's text alone may not hold it: a changelog's day heading is in
     * no chunk's text when the day is cut into entries).
     *
     * @param path a vault-relative path from {@link #indexedFiles()}
     * @return the title; this default, for contexts made before titles existed, is the file
     *     name without {@code .md}
     * @since 0.5
     */
    default String title(String path) {
      String name = path.substring(path.lastIndexOf('/') + 1);
      return name.endsWith(".md") ? name.substring(0, name.length() - 3) : name;
    }

    /**
     * The engine's settings, as the application or the command line gave them ({@code
     * SearchOptions.builder().engineSetting("url", ...)}, {@code --engine-setting url=...});
     * an engine reads its own keys, and documents them, often with an environment variable
     * of its own as the default. Empty by default.
     *
     * @since 0.9
     */
    default Map<String, String> settings() {
      return Map.of();
    }

    /**
     * Whether the searcher is long-lived and asks for the vault to be watched ({@code
     * SearchOptions.watch()}); false (the default) for a searcher used once.
     *
     * @since 0.9
     */
    default boolean watch() {
      return false;
    }

    /**
     * Expert: a feed of the vault's changes, which the engine owns and closes: with {@code
     * watch}, a watcher of the vault where the platform can keep the feed's contract, else
     * (and by default) a feed that asks for a walk of the whole vault at every look.
     *
     * @since 0.9
     */
    default ChangeFeed changeFeed(boolean watch) {
      return ChangeFeed.EVERYTHING_EVERY_TIME;
    }

    /**
     * Expert: the indexed files under {@code under} (a vault-relative folder or file, {@code
     * ""} for the whole vault) with their stamps, as one stat of each tells them: what an
     * engine compares with the stamps it stored to find the files that changed.
     *
     * @param under a vault-relative path, {@code /}-separated, or {@code ""}
     * @return vault-relative path to stamp; files that vanished while listed are left out
     * @since 0.9
     */
    default Map<String, FileStamp> stamps(String under) {
      Map<String, FileStamp> out = new java.util.TreeMap<>();
      for (String path : indexedFiles()) {
        if (!under.isEmpty() && !path.equals(under) && !path.startsWith(under + "/")) continue;
        try {
          out.put(path, FileStamp.stat(vault().resolve(path)).stamp());
        } catch (java.io.IOException e) {
          continue; // gone since it was listed: a later look sees it deleted
        }
      }
      return out;
    }

    /**
     * Expert: qmd4j's text analysis, so that an engine indexes and searches the same tokens
     * as the built-in ones.
     *
     * @throws UnsupportedOperationException if this context has none (the default)
     * @since 0.9
     */
    default TextAnalysis analysis() {
      throw new UnsupportedOperationException("This context gives no text analysis");
    }

    /**
     * Expert: opens the embedded engine on this vault, its index in {@code indexDir}, walking
     * the vault before each search: what an engine answers from when its own index cannot
     * (the Solr engine's fallback). The caller closes it.
     *
     * @throws UnsupportedOperationException if this context cannot (the default)
     * @since 0.9
     */
    default SearchEngine openEmbedded(Path indexDir) {
      throw new UnsupportedOperationException("This context cannot open the embedded engine");
    }
  }
}
