package org.qmd4j;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.qmd4j.find.FindRequest;
import org.qmd4j.find.FindResult;
import org.qmd4j.notes.BucketItem;
import org.qmd4j.notes.ChangelogEntry;
import org.qmd4j.notes.Description;
import org.qmd4j.notes.Listing;
import org.qmd4j.notes.Note;
import org.qmd4j.notes.NoteQuery;
import org.qmd4j.notes.ProjectState;
import org.qmd4j.notes.Task;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * The asynchronous view of a {@link Searcher}, from {@link Searcher#async()}: each call is the
 * searcher's blocking call of the same name, run on the searcher's executor
 * ({@link SearchOptions#withExecutor}, by default a shared pool of daemon threads). A failure
 * completes the future exceptionally with the same {@link org.qmd4j.search.SearchException};
 * a null argument throws {@link NullPointerException} at once. Thread-safe, like its searcher.
 *
 * <pre>{@code
 * CompletableFuture<List<Task>> blocked =
 *     searcher.async().tasks(NoteQuery.newBuilder(Kind.TASKS).status("bloqué").build());
 * }</pre>
 *
 * @since 0.6
 */
public final class AsyncSearcher {
  private final Searcher searcher;
  private final Executor executor;
  private final AtomicReference<CompletableFuture<Void>> warmUp = new AtomicReference<>();

  AsyncSearcher(Searcher searcher, Executor executor) {
    this.searcher = searcher;
    this.executor = executor;
  }

  /** {@link Searcher#search(SearchRequest)} on the executor. */
  public CompletableFuture<List<SearchResult>> search(SearchRequest request) {
    return call(request, "request", searcher::search);
  }

  /** {@link Searcher#find(FindRequest)} on the executor. */
  public CompletableFuture<FindResult> find(FindRequest request) {
    return call(request, "request", searcher::find);
  }

  /** {@link Searcher#list(NoteQuery)} on the executor. */
  public <T extends Note> CompletableFuture<Listing<T>> list(NoteQuery<T> query) {
    return call(query, "query", searcher::list);
  }

  /** {@link Searcher#changelog(NoteQuery)} on the executor. */
  public CompletableFuture<List<ChangelogEntry>> changelog(NoteQuery<ChangelogEntry> query) {
    return call(query, "query", searcher::changelog);
  }

  /** {@link Searcher#tasks(NoteQuery)} on the executor. */
  public CompletableFuture<List<Task>> tasks(NoteQuery<Task> query) {
    return call(query, "query", searcher::tasks);
  }

  /** {@link Searcher#states(NoteQuery)} on the executor. */
  public CompletableFuture<List<ProjectState>> states(NoteQuery<ProjectState> query) {
    return call(query, "query", searcher::states);
  }

  /** {@link Searcher#descriptions(NoteQuery)} on the executor. */
  public CompletableFuture<List<Description>> descriptions(NoteQuery<Description> query) {
    return call(query, "query", searcher::descriptions);
  }

  /** {@link Searcher#buckets(NoteQuery)} on the executor. */
  public CompletableFuture<List<BucketItem>> buckets(NoteQuery<BucketItem> query) {
    return call(query, "query", searcher::buckets);
  }

  /**
   * Expert: warms the search path in the background, for a long-lived server that has just
   * opened this searcher, so that its first searches are not several times slower than later
   * ones: the index is brought up to date, then searches of words taken from the vault's
   * newest chunks run one after another on a daemon thread of their own, their results
   * discarded, for at most 200 searches or 10 seconds once the index is up to date (5
   * searches for an engine other than the embedded one, whose searches cost a process or a
   * server). While the embedded engine's index is brought up to date, up to 200 more search
   * it as it was opened, on a second thread: they compile the search path meanwhile, and
   * their results, which may be stale, are never answered. Each waits while a search of the application's runs, so those never wait
   * behind more than the one warm-up search under way. Only the first call starts it; later
   * calls return the same future.
   *
   * @return completed when the warm-up ends; exceptionally with the {@link
   *     org.qmd4j.search.SearchException} a search failed with
   * @since 0.9
   */
  public CompletableFuture<Void> warmUp() {
    CompletableFuture<Void> started = warmUp.get();
    if (started != null) return started;
    CompletableFuture<Void> mine = new CompletableFuture<>();
    if (!warmUp.compareAndSet(null, mine)) return warmUp.get();
    boolean embedded = searcher.describe().engine().equals("embedded");
    WarmUp.start(searcher.pipeline(), embedded ? WarmUp.SEARCHES : WarmUp.FEW, embedded, mine);
    return mine;
  }

  private <Q, T> CompletableFuture<T> call(Q argument, String name, Function<Q, T> call) {
    Objects.requireNonNull(argument, () -> name + " == null");
    return CompletableFuture.supplyAsync(() -> call.apply(argument), executor);
  }
}
