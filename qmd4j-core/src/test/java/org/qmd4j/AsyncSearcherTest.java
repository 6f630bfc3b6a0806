package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.qmd4j.find.FindRequest;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;
import org.qmd4j.notes.ChangelogEntry;

class AsyncSearcherTest {
  @Test
  void everyCallAnswersAsItsBlockingTwin() {
    try (Searcher s = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions())) {
      AsyncSearcher async = s.async();
      assertThat(async.search(SearchRequest.of("webhook")).join())
          .isEqualTo(s.search(SearchRequest.of("webhook")));
      FindRequest find = FindRequest.newBuilder().query("webhook").build();
      assertThat(async.find(find).join()).isEqualTo(s.find(find));
      assertThat(async.tasks(NoteQuery.of(Kind.TASKS, "*")).join()).isEqualTo(s.tasks(NoteQuery.of(Kind.TASKS, "*")));
      assertThat(async.changelog(NoteQuery.of(Kind.CHANGELOG, "*")).join())
          .isEqualTo(s.changelog(NoteQuery.of(Kind.CHANGELOG, "*")));
      assertThat(async.states(NoteQuery.of(Kind.STATES, "*")).join()).isEqualTo(s.states(NoteQuery.of(Kind.STATES, "*")));
      assertThat(async.descriptions(NoteQuery.of(Kind.DESCRIPTIONS, "*")).join())
          .isEqualTo(s.descriptions(NoteQuery.of(Kind.DESCRIPTIONS, "*")));
      assertThat(async.buckets(NoteQuery.of(Kind.BUCKETS, "*")).join())
          .isEqualTo(s.buckets(NoteQuery.of(Kind.BUCKETS, "*")));
      assertThat(async.list(NoteQuery.of(Kind.TASKS, "*")).join().total())
          .isEqualTo(s.list(NoteQuery.of(Kind.TASKS, "*")).total());
      assertThat(s.async()).isSameAs(async);
    }
  }

  @Test
  void failuresCompleteTheFutureAndNullsFailAtOnce() {
    try (Searcher s = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions())) {
      NoteQuery<ChangelogEntry> backwards = NoteQuery.newBuilder(Kind.CHANGELOG).from("2025-07-01")
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
