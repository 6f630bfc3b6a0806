package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.qmd4j.Fixtures;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.Mode;
import org.qmd4j.search.Scope;
import org.qmd4j.search.Total;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.vault.Chunker;

/**
 * A search that finds more than its limit is counted by its own ranking pass: the count that
 * follows it gives the same exact total as a count query of its own, without running one;
 * a count on a newer snapshot of the index, or of another query, runs its own.
 */
class PassCountTest {
  @TempDir static Path tmp;
  private static Path vault;
  private static EmbeddedEngine engine;

  @BeforeAll
  static void open() throws IOException {
    vault = Fixtures.copyVault(tmp.resolve("vault")).toRealPath();
    engine = EmbeddedEngine.open(vault, tmp.resolve("index"), Chunker.defaults());
    engine.refresh();
  }

  @AfterAll
  static void close() {
    engine.close();
  }

  static Stream<Arguments> queries() {
    Optional<LocalDate> none = Optional.empty();
    return Stream.of("client", "budget", "décision", "tâche bloquée", "projet -client")
        .flatMap(q -> Stream.of(
            Arguments.of(q, ChunkFilter.EVERYTHING),
            Arguments.of(q, ChunkFilter.of(Scope.of(FileKind.TASKS), none, none)),
            Arguments.of(q, ChunkFilter.of(Scope.folder("projects"), none, none)),
            Arguments.of(q, ChunkFilter.of(Scope.vault(), Optional.of(LocalDate.of(2025, 1, 1)),
                none))));
  }

  @ParameterizedTest(name = "{0} in {1}")
  @MethodSource("queries")
  void theCountAfterASearchIsTheCountOfItsOwnQuery(String text, ChunkFilter filter) {
    EngineQuery query = new EngineQuery(text, Mode.FAST, filter, 2);
    int found = engine.search(new EngineQuery(text, Mode.FAST, filter, 3)).size();
    long queries = Ranker.COUNT_QUERIES.sum();
    Total afterSearch = engine.count(query).orElseThrow();
    assertThat(Ranker.COUNT_QUERIES.sum()).isEqualTo(queries); // counted by the pass
    Total own = engine.count(query).orElseThrow(); // nothing left to take: a query of its own
    assertThat(Ranker.COUNT_QUERIES.sum()).isEqualTo(queries + 1);
    assertThat(afterSearch).isEqualTo(own);
    assertThat(own.exact()).isTrue();
    assertThat(own.value()).isGreaterThanOrEqualTo(found);
  }

  @Test
  void aCountOfAnotherQueryRunsItsOwn() {
    engine.search(new EngineQuery("client", Mode.FAST, ChunkFilter.EVERYTHING, 3));
    Total budget = engine.count(new EngineQuery("budget", Mode.FAST, ChunkFilter.EVERYTHING,
        2)).orElseThrow();
    engine.search(new EngineQuery("budget", Mode.FAST, ChunkFilter.EVERYTHING, 3));
    assertThat(engine.count(new EngineQuery("budget", Mode.FAST, ChunkFilter.EVERYTHING, 2)))
        .contains(budget);
  }

  @Test
  void aCountOnANewerSnapshotSeesTheChange() throws IOException {
    EngineQuery query = new EngineQuery("zorglubien", Mode.FAST, ChunkFilter.EVERYTHING, 1);
    Path note = vault.resolve("bucket/zorglub-1.md");
    Files.writeString(note, "# Un\n\nzorglubien\n");
    engine.search(new EngineQuery("zorglubien", Mode.FAST, ChunkFilter.EVERYTHING, 2));
    Files.writeString(vault.resolve("bucket/zorglub-2.md"), "# Deux\n\nzorglubien encore\n");
    Files.writeString(note, "\nzorglubien again\n", StandardOpenOption.APPEND);
    engine.refresh(); // a newer snapshot between the search and its count
    long queries = Ranker.COUNT_QUERIES.sum();
    assertThat(engine.count(query)).contains(Total.exactly(2));
    assertThat(Ranker.COUNT_QUERIES.sum()).isEqualTo(queries + 1);
  }
}
