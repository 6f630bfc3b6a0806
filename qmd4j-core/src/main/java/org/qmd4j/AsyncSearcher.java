package org.qmd4j;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
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

  private <Q, T> CompletableFuture<T> call(Q argument, String name, Function<Q, T> call) {
    Objects.requireNonNull(argument, () -> name + " == null");
    return CompletableFuture.supplyAsync(() -> call.apply(argument), executor);
  }
}
