package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.notes.Listing;
import org.qmd4j.notes.Task;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResponse;
import org.qmd4j.search.Total;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;

/**
 * Every listing says how many results its limit left out: the typed queries and search count
 * what passes before the limit, exactly where the engine counts, else "at least".
 */
class CountsTest {
  private static final int BIG = 10_000;
  private static Searcher searcher;

  @BeforeAll
  static void open() {
    searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
  }

  @AfterAll
  static void close() {
    searcher.close();
  }

  @Test
  void tasksCutAtTheLimitCountEveryTaskOfTheVault() {
    Listing<Task> listed = searcher.list(NoteQuery.newBuilder(Kind.TASKS).limit(20).build());
    assertThat(listed.results()).hasSize(20);
    assertThat(listed.total()).isEqualTo(Total.exactly(28));
    assertThat(listed.leftOut()).isTrue();
    assertThat(searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).limit(20).build()))
        .isEqualTo(listed.results());
  }

  @Test
  void aListingThatShowsEverythingHasItsOwnSizeAsTotal() {
    Listing<Task> all = searcher.list(NoteQuery.newBuilder(Kind.TASKS).limit(100).build());
    assertThat(all.results()).hasSize(28);
    assertThat(all.total()).isEqualTo(Total.exactly(28));
    assertThat(all.leftOut()).isFalse();
  }

  @Test
  void filteredTasksAreCountedAfterTheirFilters() {
    int blocked = searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).status("bloqué").limit(BIG).build())
        .size();
    assertThat(blocked).isGreaterThan(1);
    Listing<Task> one = searcher.list(NoteQuery.newBuilder(Kind.TASKS).status("bloque").limit(1).build());
    assertThat(one.results()).hasSize(1);
    assertThat(one.total()).isEqualTo(Total.exactly(blocked));
  }

  @Test
  void changelogCountsEntriesNotDays() {
    int entries = searcher.changelog(NoteQuery.newBuilder(Kind.CHANGELOG).limit(BIG).build()).size();
    assertThat(entries).isGreaterThan(8);
    var eight = searcher.list(NoteQuery.newBuilder(Kind.CHANGELOG).limit(8).build());
    assertThat(eight.results()).hasSize(8);
    assertThat(eight.total()).isEqualTo(Total.exactly(entries));
    int decisions = searcher.changelog(NoteQuery.newBuilder(Kind.CHANGELOG).tag("décision")
        .limit(BIG).build()).size();
    assertThat(searcher.list(NoteQuery.newBuilder(Kind.CHANGELOG).tag("décision").limit(1).build())
        .total()).isEqualTo(Total.exactly(decisions));
  }

  @Test
  void everyKindCountsLikeItsFullList() {
    assertThat(searcher.list(NoteQuery.newBuilder(Kind.STATES).limit(1).build()).total().value())
        .isEqualTo(searcher.states(NoteQuery.newBuilder(Kind.STATES).limit(BIG).build()).size());
    assertThat(searcher.list(NoteQuery.newBuilder(Kind.DESCRIPTIONS).limit(1).build()).total().value())
        .isEqualTo(searcher.descriptions(NoteQuery.newBuilder(Kind.DESCRIPTIONS).limit(BIG).build())
            .size());
    assertThat(searcher.list(NoteQuery.newBuilder(Kind.BUCKETS).limit(1).build()).total().value())
        .isEqualTo(searcher.buckets(NoteQuery.newBuilder(Kind.BUCKETS).limit(BIG).build()).size());
  }

  @Test
  void fastSearchCountsEveryMatchingChunk() {
    int all = searcher.search(SearchRequest.of("décision").withLimit(BIG)).size();
    assertThat(all).isGreaterThan(3);
    SearchResponse three = searcher.answer(SearchRequest.of("décision").withLimit(3));
    assertThat(three.results()).hasSize(3);
    assertThat(three.total()).isEqualTo(Total.exactly(all));
    assertThat(three.countNotice()).isEqualTo("3 of " + all + " results");
    assertThat(three.toWire()).containsEntry("total", all).containsEntry("totalExact", true);
  }

  @Test
  void wildcardCountsEveryChunkOfItsScope() {
    SearchRequest tasks = SearchRequest.parse("*", null, "all-tasks", null, null);
    int all = searcher.search(tasks.withLimit(BIG)).size();
    SearchResponse five = searcher.answer(tasks.withLimit(5));
    assertThat(five.total()).isEqualTo(Total.exactly(all));
    assertThat(all).isEqualTo(28);
  }

  @Test
  void aSearchWithinItsLimitSaysNothingIsLeftOut() {
    SearchResponse all = searcher.answer(SearchRequest.of("décision").withLimit(BIG));
    assertThat(all.total()).isEqualTo(Total.exactly(all.results().size()));
    assertThat(all.countNotice()).isEmpty();
  }

  @Test
  void deepSearchThatFillsItsLimitSaysAtLeastOneMore() {
    SearchResponse deep = searcher.answer(SearchRequest.parse("décision", "deep", null, null,
        null).withLimit(2));
    assertThat(deep.results()).hasSize(2);
    assertThat(deep.total()).isEqualTo(Total.atLeast(3));
    assertThat(deep.countNotice()).isEqualTo("2 of at least 3 results");
    assertThat(deep.toWire()).containsEntry("total", 3).containsEntry("totalExact", false);
  }

  @Test
  void anEngineThatCannotCountGivesALowerBound() {
    SearchEngine.Factory listing = context -> new SearchEngine() {
      @Override public String name() {
        return "listing";
      }

      @Override public List<Hit> search(EngineQuery query) {
        List<Hit> out = new ArrayList<>();
        for (String path : context.indexedFiles()) {
          for (Chunk c : context.chunks(path)) {
            if (out.size() < query.limit() && query.filter().test(c)) {
              out.add(new Hit(c, 1.0, MatchType.WILDCARD));
            }
          }
        }
        return out;
      }

      @Override public String indexLocation() {
        return "memory";
      }

      @Override public Map<String, String> diagnostics() {
        return Map.of();
      }

      @Override public void close() {}
    };
    try (Searcher own = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions(),
        listing)) {
      Listing<Task> tasks = own.list(NoteQuery.newBuilder(Kind.TASKS).limit(20).build());
      assertThat(tasks.results()).hasSize(20);
      assertThat(tasks.total()).isEqualTo(Total.atLeast(21));
      assertThat(own.list(NoteQuery.newBuilder(Kind.TASKS).limit(40).build()).total())
          .isEqualTo(Total.exactly(28));
      SearchResponse star = own.answer(SearchRequest.of("*").withLimit(4));
      assertThat(star.total()).isEqualTo(Total.atLeast(5));
    }
  }

  @Test
  void totalsAreNeverBelowWhatIsShown() {
    assertThat(Total.exactly(28)).hasToString("28");
    assertThat(Total.atLeast(21)).hasToString("at least 21");
    assertThat(Total.exactly(28).exceeds(20)).isTrue();
    assertThat(Total.exactly(20).exceeds(20)).isFalse();
    assertThatThrownBy(() -> Total.exactly(-1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Expected a total >= 0 but was -1");
    assertThatThrownBy(() -> new Listing<Task>(searcher.tasks(NoteQuery.of(Kind.TASKS, "*")),
        Total.exactly(1))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Expected a total of at least");
    assertThat(new SearchResponse(List.of(), Map.of(), List.of()).total())
        .isEqualTo(Total.exactly(0));
  }
}
