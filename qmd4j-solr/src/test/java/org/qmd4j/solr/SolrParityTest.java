package org.qmd4j.solr;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.EngineChoice;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.Mode;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResponse;
import org.qmd4j.search.SearchResult;
import org.qmd4j.testkit.TestVaults;

/**
 * The Solr engine answers as the embedded engine does: for a list of queries on the example
 * vault (fast and deep, scoped and dated), the same files in the top 5, ties aside.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SolrParityTest {
  private static final int TOP = 5;
  /** Scores this close are a tie (the two engines score prefixes slightly apart). */
  private static final double TIE = 0.01;
  private Searcher embedded;
  private Searcher solr;

  @BeforeAll
  void open(@TempDir Path tmp) throws Exception {
    Path vault = TestVaults.copyProjectsVault(tmp.resolve("vault"));
    SearchOptions options = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withWatch(false).withInMemoryIndex(true).withClock(TestVaults.CLOCK)
        .withEnvironment(Map.of()).withCacheDir(tmp.resolve("cache"));
    embedded = SearchProviders.forVault(vault, options);
    solr = SearchProviders.forVault(vault, options,
        SolrEngine.factory(TestCluster.shared().target("parity")));
  }

  @AfterAll
  void close() {
    if (embedded != null) embedded.close();
    if (solr != null) solr.close();
  }

  static Stream<Arguments> requests() {
    List<Arguments> out = new ArrayList<>();
    for (String q : List.of("décision", "facture impayée", "factures impayées", "abandonner",
        "bloque", "ÉCHÉANCES", "status: en-cours", "en-cours", "2025-07-14", "startup-x",
        "recrutement", "[décision]", "budget familial", "notaire", "pâte à crêpes",
        "l'API externe", "marathon", "toiture devis", "banque", "jardin potager tomates")) {
      for (Mode mode : Mode.values()) {
        out.add(Arguments.of(new SearchRequest(q, mode, Scope.vault(), Optional.empty(),
            Optional.empty(), 10)));
      }
    }
    out.add(Arguments.of(new SearchRequest("décision", Mode.FAST, Scope.project("startup-x"),
        Optional.empty(), Optional.empty(), 10)));
    out.add(Arguments.of(new SearchRequest("décision", Mode.FAST, Scope.parse("all-changelogs"),
        Optional.of(DateSpec.parse("2025-06-01", "date_from")), Optional.empty(), 10)));
    out.add(Arguments.of(new SearchRequest("bloqué", Mode.FAST, Scope.parse("all-tasks"),
        Optional.empty(), Optional.empty(), 10)));
    out.add(Arguments.of(new SearchRequest("devis", Mode.FAST, Scope.folder("projects"),
        Optional.empty(), Optional.of(DateSpec.parse("2025-09-30", "date_to")), 10)));
    out.add(Arguments.of(new SearchRequest("*", Mode.FAST, Scope.vault(), Optional.empty(),
        Optional.empty(), 10)));
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("requests")
  void sameFilesInTheTopFiveAsTheEmbeddedEngine(SearchRequest request) {
    List<SearchResult> expected = embedded.search(request);
    List<SearchResult> actual = solr.search(request);
    assertThat(actual.isEmpty()).as("empty answer").isEqualTo(expected.isEmpty());
    assertThat(clearTop(actual)).as("Solr's top files " + top(actual) + ", vs embedded "
        + top(expected))
        .isSubsetOf(topWithTies(expected));
    assertThat(clearTop(expected)).as("embedded's top files " + top(expected) + ", vs Solr "
        + top(actual))
        .isSubsetOf(topWithTies(actual));
  }

  @ParameterizedTest
  @ValueSource(strings = {"postgresql idempotance", "idempotance", "factrue impayée",
      "recrutemnt", "zzqxw", "bloqé"})
  void correctsAndSuggestsAsTheEmbeddedEngine(String query) {
    SearchResponse expected = embedded.answer(SearchRequest.of(query));
    SearchResponse actual = solr.answer(SearchRequest.of(query));
    assertThat(actual.corrected()).isEqualTo(expected.corrected());
    assertThat(actual.suggestions()).isEqualTo(expected.suggestions());
    assertThat(actual.results().stream().map(SearchResult::path).limit(1).toList())
        .isEqualTo(expected.results().stream().map(SearchResult::path).limit(1).toList());
  }

  /** The files of the first {@link #TOP} results, but those tied with the fifth. */
  private static List<String> clearTop(List<SearchResult> a) {
    if (a.size() <= TOP) return files(a, TOP);
    double fifth = a.get(TOP - 1).score();
    return a.subList(0, TOP).stream().filter(r -> r.score() > fifth + TIE)
        .map(SearchResult::path).distinct().toList();
  }

  /** The files of the first {@link #TOP} results and of those tied with the fifth. */
  private static List<String> topWithTies(List<SearchResult> a) {
    if (a.size() <= TOP) return files(a, TOP);
    double fifth = a.get(TOP - 1).score();
    List<String> out = new ArrayList<>(files(a, TOP));
    for (SearchResult r : a.subList(TOP, a.size())) {
      if (r.score() >= fifth - TIE) out.add(r.path());
    }
    return out;
  }

  private static List<String> top(List<SearchResult> a) {
    return a.stream().limit(TOP + 2).map(r -> r.path() + ":" + r.lines() + " "
        + String.format(java.util.Locale.ROOT, "%.4f", r.score())).toList();
  }

  private static List<String> files(List<SearchResult> results, int n) {
    return results.stream().limit(n).map(SearchResult::path).distinct().toList();
  }
}
