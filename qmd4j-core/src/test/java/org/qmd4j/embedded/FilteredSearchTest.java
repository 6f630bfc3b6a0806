package org.qmd4j.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.Mode;
import org.qmd4j.search.Scope;
import org.qmd4j.spi.ChunkFilter;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.vault.Chunker;

/**
 * Scopes and date bounds are applied inside the index: a filtered search returns
 * the same chunks, in the same order, as the whole vault's ranking filtered chunk by chunk,
 * and reads the stored text of the hits it returns only, however few chunks pass.
 */
class FilteredSearchTest {
  @TempDir static Path tmp;
  private static EmbeddedEngine engine;

  @BeforeAll
  static void open() throws IOException {
    Path vault = Fixtures.copyVault(tmp.resolve("vault")).toRealPath();
    Files.delete(vault.resolve("bucket/export-journal.md")); // 1 MB these tests don't need
    engine = EmbeddedEngine.open(vault, tmp.resolve("index"), Chunker.defaults());
    engine.refresh();
  }

  @AfterAll
  static void close() {
    engine.close();
  }

  static Stream<Arguments> filters() {
    Optional<LocalDate> none = Optional.empty();
    return Stream.of("client", "budget", "décision", "tâche", "marathon").flatMap(q -> Stream.of(
        Arguments.of(q, ChunkFilter.of(Scope.project("startup-x"), none, none)),
        Arguments.of(q, ChunkFilter.of(Scope.of(FileKind.TASKS), none, none)),
        Arguments.of(q, ChunkFilter.of(Scope.of(FileKind.CHANGELOG), none, none)),
        Arguments.of(q, ChunkFilter.of(Scope.folder("projects/client-dupont"), none, none)),
        Arguments.of(q, ChunkFilter.of(Scope.folder("projects"), none, none)),
        Arguments.of(q, ChunkFilter.of(Scope.vault(), Optional.of(LocalDate.of(2025, 1, 1)),
            none)),
        Arguments.of(q, ChunkFilter.of(Scope.project("marathon-2025"), none,
            Optional.of(LocalDate.of(2025, 6, 30))))));
  }

  @ParameterizedTest(name = "{0} in {1}")
  @MethodSource("filters")
  void filteredRankingIsTheWholeRankingFiltered(String query, ChunkFilter filter) {
    List<String> everything = engine.search(new EngineQuery(query, Mode.FAST,
        ChunkFilter.EVERYTHING, 10_000)).stream()
        .filter(h -> filter.test(h.chunk())).map(FilteredSearchTest::key).limit(5).toList();
    long before = Ranker.STORED_READS.sum();
    List<Hit> hits = engine.search(new EngineQuery(query, Mode.FAST, filter, 5));
    assertThat(hits.stream().map(FilteredSearchTest::key)).containsExactlyElementsOf(everything);
    assertThat(Ranker.STORED_READS.sum() - before).isEqualTo(hits.size());
  }

  @ParameterizedTest(name = "{0} in {1}")
  @MethodSource("filters")
  void deepAndWildcardSearchesReadOnlyTheirHitsAndKeepTheFilter(String query,
      ChunkFilter filter) {
    for (String text : List.of(query, EngineQuery.WILDCARD)) {
      long before = Ranker.STORED_READS.sum();
      List<Hit> hits = engine.search(new EngineQuery(text, Mode.DEEP, filter, 5));
      assertThat(Ranker.STORED_READS.sum() - before).isEqualTo(hits.size());
      assertThat(hits).allSatisfy(h -> assertThat(filter.test(h.chunk())).isTrue());
    }
  }

  private static String key(Hit h) {
    return h.chunk().path() + "#" + h.chunk().ordinal();
  }
}
