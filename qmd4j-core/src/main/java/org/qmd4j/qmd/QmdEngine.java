package org.qmd4j.qmd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.qmd4j.cache.NoteCache;
import org.qmd4j.internal.Problems;
import org.qmd4j.search.IndexException;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.Mode;
import org.qmd4j.search.QmdFailedException;
import org.qmd4j.search.QmdTimeoutException;
import org.qmd4j.search.Total;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.ProcessResult;
import org.qmd4j.spi.QmdOptions;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.spi.Vocabulary;
import org.qmd4j.vault.Chunker;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.watch.VaultFeed;

/**
 * The engine that drives the {@code qmd} binary.
 *
 * <p>qmd ranks documents; qmd4j ranks the chunks inside them ({@link QmdChunks}): a chunk
 * holding every query word ranks above one holding some; scope and dates then apply per
 * chunk. Chunk text and line ranges come from qmd4j's chunker, so both engines return the
 * same chunks.
 *
 * <p>Searches go through a resident {@code qmd mcp} process ({@link ResidentSession}) when a
 * {@link org.qmd4j.spi.QmdSessionFactory} is available (the {@code qmd4j-mcp} module): one
 * {@code query} tool call with typed searches ({@link QmdSearches}), answered in milliseconds.
 * Without one, or when it cannot start, each search runs {@code qmd search} or
 * {@code qmd query}, and {@code doctor} says why.
 *
 * <p>Index: by default a private one per vault ({@code INDEX_PATH} and
 * {@code QMD_CONFIG_DIR} in qmd4j's cache folder, collection {@code qmd4j}), run from a
 * working folder where no {@code .qmd/} can take over ({@link QmdCommands}); always searched
 * in that collection only. Before each search, changes since the last {@code qmd update} are
 * detected and qmd updates first, so answers are never stale ({@link QmdFreshness}): by a stat
 * walk of the vault, or, for a long-lived searcher, from the vault watcher's change feed (the
 * walk then runs only after a reported change).
 *
 * <p>Thread-safe.
 */
public final class QmdEngine implements SearchEngine {
  /** What a deep search does when qmd's models are present. */
  public static final String DEEP_SEARCH = QmdModels.HYBRID;

  private final Path vault;
  private final VaultLayout layout;
  private final QmdBinary binary;
  private final QmdOptions options;
  private final Map<String, String> environment;
  private final Path indexFile;
  private final Path configDir;
  private final QmdCommands commands;
  private final QmdFreshness freshness;
  private final QmdCollection collection;
  private final ResidentSession session;
  private final NoteCache notes;
  private final QmdVocabulary words;
  private final QmdIndexHealer healer;
  private final QmdDocumentCount documentCount;
  private final QmdDocuments documents;

  private QmdEngine(Path vault, VaultLayout layout, Path stateDir, QmdBinary binary,
      QmdOptions options, Chunker chunker, Map<String, String> environment, VaultFeed changes)
      throws IOException {
    this.vault = vault;
    this.layout = layout;
    this.binary = binary;
    this.options = options;
    this.environment = Map.copyOf(environment);
    Files.createDirectories(stateDir);
    this.indexFile = options.attachedIndex().orElse(stateDir.resolve("index.sqlite"));
    this.configDir = options.attachedConfigDir().orElse(stateDir.resolve("config"));
    Files.createDirectories(configDir);
    this.commands = new QmdCommands(binary, options, indexFile, configDir, stateDir,
        environment);
    this.freshness = new QmdFreshness(vault, layout, stateDir, indexFile, commands,
        options.setupTimeout(), changes);
    this.collection = new QmdCollection(vault, layout, indexFile, configDir, options, commands,
        freshness);
    this.session = new ResidentSession(options.session(),
        () -> commands.sessionLaunch(options.session().startTimeout()));
    this.notes = new NoteCache(vault, layout, chunker);
    this.words = new QmdVocabulary(vault, layout, notes,
        () -> options.autoRefresh() ? freshness.watchedVault() : Optional.empty());
    this.documentCount = new QmdDocumentCount(session, options, collection);
    this.documents = new QmdDocuments(vault, options, this.environment, commands, session,
        words);
    this.healer = new QmdIndexHealer(vault, indexFile, freshness, collection, session,
        commands);
  }

  /**
   * Opens the qmd engine for {@code vault}: makes sure the collection exists (creating and
   * indexing it in the private index when missing). The resident session starts at the first
   * search.
   *
   * @param stateDir a folder qmd4j owns for this vault's qmd index and bookkeeping
   * @throws QmdFailedException if qmd fails to set up the collection
   * @throws QmdTimeoutException if qmd takes too long to set it up
   */
  public static QmdEngine open(Path vault, VaultLayout layout, Path stateDir, QmdBinary binary,
      QmdOptions options, Chunker chunker, Map<String, String> environment) {
    return open(vault, layout, stateDir, binary, options, chunker, environment,
        VaultFeed.walkEveryTime(layout));
  }

  /**
   * {@link #open(Path, VaultLayout, Path, QmdBinary, QmdOptions, Chunker, Map)} with the feed
   * that tells what changed in the vault: {@link VaultFeed#walkEveryTime(VaultLayout)} walks
   * the vault before each search, a {@link VaultFeed#watchOrWalk watcher} (started before this
   * call) only after a change it saw. The engine closes {@code changes}, also when it fails to
   * open.
   */
  public static QmdEngine open(Path vault, VaultLayout layout, Path stateDir, QmdBinary binary,
      QmdOptions options, Chunker chunker, Map<String, String> environment,
      VaultFeed changes) {
    QmdEngine engine = null;
    boolean opened = false;
    try {
      engine = new QmdEngine(vault, layout, stateDir, binary, options, chunker, environment,
          changes);
      engine.collection.ensure();
      opened = true;
      return engine;
    } catch (IOException e) {
      throw new IndexException("Cannot prepare qmd's index of the vault " + vault + " ("
          + Problems.describe(e) + "); check that the cache folder can be written (qmd4j doctor"
          + " shows it), or use the embedded engine", e);
    } finally {
      if (!opened) {
        if (engine != null) engine.close();
        else changes.close();
      }
    }
  }

  @Override
  public String name() {
    return "qmd";
  }

  @Override
  public String indexLocation() {
    return indexFile.toString();
  }

  /** The qmd binary in use. */
  public QmdBinary binary() {
    return binary;
  }

  /** The collection searched. */
  public String collection() {
    return options.collection();
  }

  @Override
  public List<Hit> search(EngineQuery engineQuery) {
    ChunkFilter filter = engineQuery.filter();
    int limit = engineQuery.limit();
    Mode mode = engineQuery.mode();
    String query = engineQuery.text();
    try {
      if (engineQuery.isWildcard()) {
        List<Hit> out = new ArrayList<>();
        for (Chunk c : notes.newestFirst(filter, limit)) {
          out.add(new Hit(c, 1.0, MatchType.WILDCARD));
        }
        return out;
      }
      // qmd returns documents; ask for more when filters, tags or the ignore file may drop some.
      boolean dropsNone = filter.passesEverything() && !QmdQuery.hasTags(query)
          && layout.ignoreRules() == 0;
      int rows = dropsNone ? limit : Math.max(limit * 5, 50);
      // A chunk may hold some of several words: the page then often needs the wider list,
      // asked for in the same call (QmdDocuments.get).
      int wider = QmdChunks.hasSeveralTerms(query) ? QmdChunks.widened(rows) : rows;
      // A damaged index (qmd's own words) is rebuilt and the call asked again, at every call.
      boolean healable = !options.isAttached() && options.autoRefresh();
      if (healable) healer.healIfChangedBehindUs();
      QmdDocuments.Answer answer = healer.healing(healable, () -> options.autoRefresh()
          ? freshDocuments(query, mode, rows, wider) : documents.get(query, mode, rows, wider));
      if (answer.docs().isEmpty() && !options.isAttached()
          && healer.healing(healable, this::repairedEmptiedIndex)) {
        answer = healer.healing(healable, () -> documents.get(query, mode, rows, wider));
      }
      MatchType type = mode == Mode.FAST ? MatchType.KEYWORD : MatchType.HYBRID;
      List<QmdJson.DocHit> docs = answer.first(rows);
      List<Hit> hits = QmdChunks.rank(docs, query, filter, limit, type, notes);
      // qmd ranks documents: a document it ranked below the page may hold every word.
      if (!QmdChunks.mayMissBetter(hits, limit, docs.size(), rows)) return hits;
      int widened = QmdChunks.widened(rows);
      if (answer.asked() < widened) {
        answer = healer.healing(healable, () -> documents.get(query, mode, widened, widened));
      }
      return QmdChunks.rank(answer.docs(), query, filter, limit, type, notes);
    } catch (IOException e) {
      throw new IndexException("Cannot read the vault " + vault + " (" + Problems.describe(e)
          + ")" + "; check that the vault folder exists and can be read", e);
    }
  }

  /** A {@code *} listing is counted; qmd returns a bounded number of documents: not counted. */
  @Override
  public Optional<Total> count(EngineQuery query) {
    return query.isWildcard() ? Optional.of(notes.count(query.filter())) : Optional.empty();
  }

  /** qmd's documents for the query from an index that holds the vault as it is now. */
  private QmdDocuments.Answer freshDocuments(String query, Mode mode, int rows, int wider)
      throws IOException {
    // With the session, the check of the vault runs beside the call (QmdFreshness.fresh).
    return freshness.fresh(() -> documents.get(query, mode, rows, wider),
        mode == Mode.FAST && session.isUsable());
  }

  /**
   * Whether qmd held fewer documents than the vault has indexed files and was re-indexed:
   * an index emptied behind qmd4j's back would otherwise answer nothing until a note changes.
   */
  private boolean repairedEmptiedIndex() throws IOException {
    if (freshness.indexedFiles() == 0) return false;
    OptionalLong count = documentCount();
    if (count.isEmpty() || !freshness.repairIfShort(count.getAsLong())) return false;
    session.restart();
    return true;
  }

  /** The collection's document count, from the session when it runs, else the CLI. */
  OptionalLong documentCount() throws IOException {
    return documentCount.get();
  }

  /**
   * Why qmd cannot run a deep search now, if it cannot: its models are missing (checked at
   * each call, so that a {@code qmd pull} made meanwhile is seen).
   */
  public Optional<String> deepUnavailable() {
    return QmdModels.missing(QmdModels.folder(environment)).isEmpty() ? Optional.empty()
        : Optional.of(QmdModels.MISSING);
  }

  /** Runs {@code qmd update} now, whatever the stat walk says. */
  public void refreshIndex() throws IOException {
    freshness.update();
  }

  /**
   * Makes sure the collection exists: in the private index, created (and indexed) when
   * missing or pointing elsewhere; in an attached index, only checked.
   *
   * @throws QmdFailedException if qmd cannot create it, or it is missing from an attached index
   */
  public void ensureCollection() throws IOException {
    collection.ensure();
  }

  ProcessResult runRaw(List<String> args, Duration timeout) throws IOException {
    return commands.runRaw(args, timeout);
  }

  @Override
  public Optional<Vocabulary> vocabulary() {
    return Optional.of(words.current());
  }

  @Override
  public Map<String, String> diagnostics() {
    return QmdDiagnostics.of(this, freshness, binary, commands, options, indexFile, configDir,
        environment, session);
  }

  @Override
  public void close() {
    session.close();
    freshness.close();
  }

  @Override
  public String toString() {
    return "QmdEngine[" + binary.path() + " " + binary.version() + ", " + vault + " -> "
        + indexFile + " (" + options.collection() + ")]";
  }
}
