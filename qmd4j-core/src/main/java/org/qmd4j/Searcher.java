package org.qmd4j;

import java.io.Closeable;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import org.qmd4j.concat.Block;
import org.qmd4j.concat.Brief;
import org.qmd4j.concat.ConcatDocument;
import org.qmd4j.concat.ConcatEngine;
import org.qmd4j.concat.ConcatItem;
import org.qmd4j.concat.OverviewWriter;
import org.qmd4j.concat.VaultTree;
import org.qmd4j.find.FindRequest;
import org.qmd4j.find.FindResult;
import org.qmd4j.find.NoteFinder;
import org.qmd4j.notes.BucketItem;
import org.qmd4j.notes.ChangelogEntry;
import org.qmd4j.notes.Description;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.Listing;
import org.qmd4j.notes.Note;
import org.qmd4j.notes.NoteQuery;
import org.qmd4j.notes.ProjectState;
import org.qmd4j.notes.Task;
import org.qmd4j.notes.TypedSearch;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.InvalidLineRangeException;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.NoteNotFoundException;
import org.qmd4j.search.NothingIndexed;
import org.qmd4j.search.PathRefusedException;
import org.qmd4j.search.SearchException;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResponse;
import org.qmd4j.search.SearchResult;

/**
 * Searches one markdown vault. The one entry point for application code, obtained from
 * {@link SearchProviders#forVault}; it hides which engine runs.
 *
 * <pre>{@code
 * try (Searcher searcher = SearchProviders.forVault(Path.of("notes"), SearchOptions.DEFAULT)) {
 *   searcher.search("[décision]").forEach(hit -> System.out.println(hit.path() + ":"
 *       + hit.lines() + " " + hit.matches()));
 * }
 * }</pre>
 *
 * <p>Scope and date filters, chunk text, line ranges and matched lines are computed in Java
 * for every engine, so results have the same shape whichever engine runs. Thread-safe: build
 * one per vault and share it; it holds no per-call state. Close it to release the index files.
 */
public final class Searcher implements Closeable {
  private final EngineDescription description;
  private final AsyncSearcher async;
  private final SearchPipeline chunks;

  Searcher(SearchPipeline chunks, EngineDescription description, Executor executor) {
    this.description = description;
    this.async = new AsyncSearcher(this, executor);
    this.chunks = chunks;
  }

  /**
   * Runs one search.
   * @return at most {@code request.limit()} chunks, best first; empty when nothing matches
   * @throws InvalidDateException if {@code from} resolves to a date after {@code to}
   * @throws EngineException if the engine fails
   */
  public List<SearchResult> search(SearchRequest request) {
    return answer(request).results();
  }

  /**
   * {@link #search(SearchRequest)} with the words it corrected (searched as the vault's nearest
   * words, or beside rare ones: those results are {@code FUZZY}, below the exact ones) or,
   * when nothing matched, up to 3 queries that would, and how many results precede the limit
   * ({@link SearchResponse#total()}, exact or at least). Throws as {@code search} does.
   * @since 0.3
   */
  public SearchResponse answer(SearchRequest request) {
    return chunks.answer(Objects.requireNonNull(request, "request == null"));
  }

  /** A fast search of the whole vault with the default limit. */
  public List<SearchResult> search(String query) {
    return search(SearchRequest.of(Objects.requireNonNull(query, "query == null")));
  }

  /**
   * The {@code search(query, mode, scope, date_from, date_to)} operation, with strings as an
   * agent passes them; {@code null} means "not given" for every parameter but the query.
   * @throws InvalidRequestException (a subclass) for an empty query, unknown mode or scope,
   *     unparseable date, or {@code date_from} after {@code date_to}
   */
  public List<SearchResult> search(String query, String mode, String scope, String dateFrom,
      String dateTo) {
    return search(SearchRequest.parse(query, mode, scope, dateFrom, dateTo));
  }

  SearchPipeline pipeline() {
    return chunks;
  }

  /** Which engine runs, why, where its index is, and the vault's layout. */
  public EngineDescription describe() {
    return description;
  }

  /**
   * Why the vault has no indexed file (its layout, ignore rules, what it holds instead), or
   * empty as soon as one file is indexed. Walks the vault: ask when a search finds nothing.
   * @since 0.4
   */
  public Optional<NothingIndexed> nothingIndexed() {
    return chunks.nothingIndexed();
  }

  /** Facts about the engine for {@code qmd4j doctor}; may run short qmd commands. */
  public Map<String, String> diagnostics() {
    return chunks.diagnostics(description);
  }

  /** The clock that resolves relative dates. */
  public Clock clock() {
    return chunks.clock();
  }

  /** Releases files and processes (idempotent); later calls throw SearcherClosedException. */
  @Override
  public void close() {
    chunks.close();
  }

  @Override
  public String toString() {
    return "Searcher[" + description + "]";
  }

  /**
   * Assembles vault files, whole or by line ranges, into one markdown document: the
   * overview, a {@code ---} line, then one {@code ## path} or {@code ## path (lines A-B)}
   * block per file or range, as {@link ConcatEngine} describes (ranges merged, clamped, each
   * block capped at 1 MiB). Any regular file inside the vault can be read, indexed or not.
   * @param overview the text before the {@code ---} line; blank for none
   * @throws PathRefusedException if a path is absolute, has {@code ..}, leads outside the
   *     vault through a symbolic link, or is a folder
   * @throws NoteNotFoundException if a path names no file
   * @throws InvalidLineRangeException if a range starts past the end of its file
   * @throws InvalidRequestException if {@code items} is empty
   * @since 0.1
   */
  public ConcatDocument concat(List<ConcatItem> items, String overview) {
    return reader().concat(items, overview);
  }

  /**
   * {@link #brief(SearchRequest, OverviewWriter)} with the mechanical overview.
   * @since 0.1
   */
  public Brief brief(SearchRequest request) {
    return brief(request, OverviewWriter.mechanical());
  }

  /**
   * Turns a question into a ready-to-read document: runs {@link #search(SearchRequest)},
   * includes whole files for states, descriptions and short files (at most 60 lines and
   * 4 KiB) and, for longer files, the lines of each hit with 2 lines of context (plus the
   * day line of a changelog hit), then opens it with {@code writer}'s overview. Nothing found
   * gives a document with an overview saying so and no block.
   * @throws InvalidRequestException (a subclass) for an invalid request, as {@code search}
   * @throws EngineException if the engine fails, a file cannot be read or the writer fails
   * @since 0.1
   */
  public Brief brief(SearchRequest request, OverviewWriter writer) {
    Objects.requireNonNull(request, "request == null");
    Objects.requireNonNull(writer, "writer == null");
    return reader().brief(request, answer(request), writer);
  }

  /**
   * One file, a range of its lines, or the note a wiki link names, as a block with its header:
   * {@code PATH}, {@code PATH:FROM-TO}, {@code PATH:LINE} or {@code [[Note Name]]} (resolved
   * as {@link org.qmd4j.concat.WikiLink} says). Same rules and errors as {@link #concat}.
   * @throws InvalidLineRangeException if the range is malformed or starts past the end
   * @since 0.1
   */
  public Block read(String pathWithOptionalRange) {
    return reader().read(pathWithOptionalRange);
  }

  /**
   * The vault's folders and files, each file marked with how it is indexed; hidden entries
   * and symbolic links are left out.
   * @throws EngineException if a folder cannot be listed
   * @since 0.1
   */
  public VaultTree tree() {
    return reader().tree();
  }

  private ConcatEngine reader() {
    return ConcatEngine.forVault(chunks.open().vault(),
        org.qmd4j.concat.ConcatOptions.DEFAULT, description.layout());
  }

  /**
   * The asynchronous view of this searcher: the same calls, each on the searcher's executor
   * ({@link SearchOptions#withExecutor}, by default a shared pool of daemon threads).
   * @since 0.6
   */
  public AsyncSearcher async() {
    return async;
  }

  /**
   * {@code find_notes}: the notes that match any mix of a query, a folder, frontmatter
   * conditions and file dates; see {@link FindRequest}.
   *
   * <pre>{@code
   * FindResult found = searcher.find(FindRequest.newBuilder()
   *     .query("devis").folder("projects/renovation-maison").recursive(true)
   *     .where("type eq référence").build());
   * }</pre>
   * @return one page of results with the total before paging
   * @throws InvalidDateException if {@code date_start} resolves after {@code date_end}
   * @throws EngineException if the vault cannot be read or the engine fails
   * @since 0.2
   */
  public FindResult find(FindRequest request) {
    return NoteFinder.find(chunks.open(), Objects.requireNonNull(request, "request == null"));
  }

  /**
   * Changelog entries (one per H2 entry of a day), best first, or newest first for the
   * query {@code "*"}; see {@link Kind#CHANGELOG}.
   *
   * <pre>{@code
   * List<ChangelogEntry> decisions = searcher.changelog(NoteQuery.newBuilder(Kind.CHANGELOG)
   *     .project("startup-x").tag("décision").from("3 months ago").build());
   * }</pre>
   * @throws InvalidDateException if {@code from} resolves after {@code to}
   * @throws EngineException if the engine fails
   * @since 0.2
   */
  public List<ChangelogEntry> changelog(NoteQuery<ChangelogEntry> query) {
    return list(query).results();
  }

  /**
   * Tasks with their status, priority and deadline; see {@link Kind#TASKS}.
   * @throws EngineException if the engine fails
   * @since 0.2
   */
  public List<Task> tasks(NoteQuery<Task> query) {
    return list(query).results();
  }

  /**
   * Project states with their sections; see {@link Kind#STATES}.
   * @throws InvalidDateException if {@code from} resolves after {@code to}
   * @throws EngineException if the engine fails
   * @since 0.2
   */
  public List<ProjectState> states(NoteQuery<ProjectState> query) {
    return list(query).results();
  }

  /**
   * Project descriptions; see {@link Kind#DESCRIPTIONS}.
   * @throws EngineException if the engine fails
   * @since 0.2
   */
  public List<Description> descriptions(NoteQuery<Description> query) {
    return list(query).results();
  }

  /**
   * Bucket notes with their frontmatter; see {@link Kind#BUCKETS}.
   * @throws InvalidDateException if {@code from} resolves after {@code to}
   * @throws EngineException if a note's frontmatter cannot be read or the engine fails
   * @since 0.2
   */
  public List<BucketItem> buckets(NoteQuery<BucketItem> query) {
    return list(query).results();
  }

  /**
   * Any typed query ({@link #tasks}, {@link #changelog} ...) with how many records there are
   * before its limit, exactly or at least ({@link Listing#total()}); throws as they do.
   * @since 0.6
   */
  public <T extends Note> Listing<T> list(NoteQuery<T> query) {
    return TypedSearch.list(chunks, Objects.requireNonNull(query, "query == null"));
  }
}
