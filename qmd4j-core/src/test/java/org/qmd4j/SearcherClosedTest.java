package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.qmd4j.concat.ConcatItem;
import org.qmd4j.find.FindRequest;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearcherClosedException;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;

/** A closed Searcher says so with its own type, never with Lucene's exception. */
class SearcherClosedTest {
  private static final String CLOSED = " is closed; open a new one with SearchProviders.forVault";

  @Test
  void everyCallAfterCloseThrowsSearcherClosedException() throws Exception {
    Searcher searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
    assertThat(searcher.search("webhook")).isNotEmpty();
    searcher.close();
    searcher.close(); // idempotent
    List<ThrowingCallable> calls = List.of(
        () -> searcher.search("webhook"),
        () -> searcher.search(SearchRequest.of("*")),
        () -> searcher.find(FindRequest.newBuilder().folder("projects").build()),
        () -> searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).build()),
        () -> searcher.read("tasks.md"),
        () -> searcher.concat(List.of(ConcatItem.parse("tasks.md")), ""),
        () -> searcher.tree(),
        () -> searcher.brief(SearchRequest.of("webhook")),
        () -> searcher.diagnostics());
    for (ThrowingCallable call : calls) {
      assertThatThrownBy(call).isInstanceOf(SearcherClosedException.class)
          .hasMessageStartingWith("This searcher of the vault ").hasMessageEndingWith(CLOSED);
    }
    CompletableFuture<?> async = searcher.async().search(SearchRequest.of("webhook"));
    assertThatThrownBy(() -> async.get(1, TimeUnit.MINUTES))
        .isInstanceOf(ExecutionException.class)
        .hasCauseInstanceOf(SearcherClosedException.class);
  }

  @Test
  void aSearchRunningWhileTheSearcherClosesThrowsSearcherClosedException() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch closed = new CountDownLatch(1);
    SearchEngine.Factory factory = context -> new SearchEngine() {
      @Override public String name() {
        return "blocking";
      }

      @Override public List<Hit> search(EngineQuery query) {
        entered.countDown();
        try {
          closed.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        throw new IllegalStateException("this IndexReader is closed");
      }

      @Override public String indexLocation() {
        return "memory";
      }

      @Override public Map<String, String> diagnostics() {
        return Map.of();
      }

      @Override public void close() {
        closed.countDown();
      }
    };
    Searcher searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions(),
        factory);
    CompletableFuture<?> running = searcher.async().search(SearchRequest.of("webhook"));
    assertThat(entered.await(1, TimeUnit.MINUTES)).isTrue();
    searcher.close();
    assertThatThrownBy(() -> running.get(Duration.ofMinutes(1).toMillis(), TimeUnit.MILLISECONDS))
        .hasCauseInstanceOf(SearcherClosedException.class)
        .cause().hasMessageEndingWith(CLOSED)
        .hasRootCauseMessage("this IndexReader is closed");
  }
}
