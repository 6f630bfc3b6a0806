package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.qmd4j.find.FindRequest;
import org.qmd4j.notes.BucketQuery;
import org.qmd4j.notes.ChangelogQuery;
import org.qmd4j.notes.DescriptionQuery;
import org.qmd4j.notes.StateQuery;
import org.qmd4j.notes.TaskQuery;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.SearchRequest;

class AsyncSearcherTest {
  @Test
  void everyCallAnswersAsItsBlockingTwin() {
    try (Searcher s = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions())) {
      AsyncSearcher async = s.async();
      assertThat(async.search(SearchRequest.of("webhook")).join())
          .isEqualTo(s.search(SearchRequest.of("webhook")));
      FindRequest find = FindRequest.newBuilder().query("webhook").build();
      assertThat(async.find(find).join()).isEqualTo(s.find(find));
      assertThat(async.tasks(TaskQuery.of("*")).join()).isEqualTo(s.tasks(TaskQuery.of("*")));
      assertThat(async.changelog(ChangelogQuery.of("*")).join())
          .isEqualTo(s.changelog(ChangelogQuery.of("*")));
      assertThat(async.states(StateQuery.of("*")).join()).isEqualTo(s.states(StateQuery.of("*")));
      assertThat(async.descriptions(DescriptionQuery.of("*")).join())
          .isEqualTo(s.descriptions(DescriptionQuery.of("*")));
      assertThat(async.buckets(BucketQuery.of("*")).join())
          .isEqualTo(s.buckets(BucketQuery.of("*")));
      assertThat(async.list(TaskQuery.of("*")).join().total())
          .isEqualTo(s.list(TaskQuery.of("*")).total());
      assertThat(s.async()).isSameAs(async);
    }
  }

  @Test
  void failuresCompleteTheFutureAndNullsFailAtOnce() {
    try (Searcher s = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions())) {
      ChangelogQuery backwards = ChangelogQuery.newBuilder().from("2025-07-01")
          .to("2025-06-01").build();
      assertThatThrownBy(() -> s.async().changelog(backwards).join())
          .isInstanceOf(CompletionException.class)
          .hasCauseInstanceOf(InvalidDateException.class);
      assertThatThrownBy(() -> s.async().tasks(null))
          .isInstanceOf(NullPointerException.class).hasMessage("query == null");
      assertThatThrownBy(() -> s.async().search(null))
          .isInstanceOf(NullPointerException.class).hasMessage("request == null");
    }
  }
}
