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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.EngineChoice;
import org.qmd4j.SearchOptions;
import org.qmd4j.SearchProviders;
import org.qmd4j.concat.Brief;
import org.qmd4j.find.FindItem;
import org.qmd4j.find.FindRequest;
import org.qmd4j.find.FindResult;
import org.qmd4j.find.FindSort;
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
 * vault (fast and deep, scoped and dated), the same files in the top 5, ties aside; the same
 * briefs, the same {@code find} answers and the same corrections.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag("cluster")
class SolrParityTest {
  private Searcher embedded;
  private Searcher solr;

  @BeforeAll
  void open(@TempDir Path tmp) throws Exception {
    Path vault = TestVaults.copyProjectsVault(tmp.resolve("vault"));
    // A rare word that a typo matches through its stem, beside the vault's frequent one.
    java.nio.file.Files.writeString(vault.resolve("bucket/association.md"),
        "# Association du quartier\n\nLa trésorière tient les comptes de l'association.\n");
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
    TopFiles.assertSameTop(request.toString(), embedded.search(request), solr.search(request));
  }

  @ParameterizedTest
  @ValueSource(strings = {"décision", "facture impayée", "[décision] abandon", "marathon",
      "toiture devis"})
  void briefsTheSameFilesAsTheEmbeddedEngine(String query) {
    SearchRequest request = SearchRequest.of(query);
    Brief expected = embedded.brief(request);
    Brief actual = solr.brief(request);
    TopFiles.assertSameTop(query, expected.results(), actual.results());
    assertThat(actual.suggestions()).isEqualTo(expected.suggestions());
  }

  static Stream<FindRequest> finds() {
    return Stream.of(
        FindRequest.newBuilder().query("devis").build(),
        FindRequest.newBuilder().query("AWS").where("status eq bloqué").build(),
        FindRequest.newBuilder().query("décision").folder("projects/startup-x").build(),
        FindRequest.newBuilder().query("facture").sort("name").build(),
        FindRequest.newBuilder().where("tag eq [décision]").folder("projects").build(),
        FindRequest.newBuilder().where("status eq bloqué").where("prio eq haute").build());
  }

  /**
   * {@code find} answers the same: with a query, the same files first (ties aside); a
   * listing sorted by name, date or a condition alone, the same items in the same order.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("finds")
  void findsAsTheEmbeddedEngine(FindRequest request) {
    FindResult expected = embedded.find(request);
    FindResult actual = solr.find(request);
    assertThat(actual.total()).as("total").isEqualTo(expected.total());
    boolean ranked = request.query().isPresent()
        && request.effectiveSort() == FindSort.RELEVANCE;
    if (!ranked) {
      assertThat(actual.paths()).isEqualTo(expected.paths());
      return;
    }
    assertThat(top(actual)).as("Solr's first files vs embedded " + top(expected))
        .containsExactlyInAnyOrderElementsOf(top(expected));
  }

  /** The distinct files of the first five items. */
  private static List<String> top(FindResult r) {
    return r.results().stream().limit(TopFiles.TOP).map(FindItem::path).distinct().toList();
  }

  @Test
  void searchesANearWordBesideARareOneAsTheEmbeddedEngine() {
    SearchResponse expected = embedded.answer(SearchRequest.of("tresorie"));
    SearchResponse actual = solr.answer(SearchRequest.of("tresorie"));
    assertThat(expected.alsoSearched()).isEqualTo(Map.of("tresorie", "trésorerie"));
    assertThat(actual.alsoSearched()).isEqualTo(expected.alsoSearched());
    assertThat(actual.results()).extracting(SearchResult::path).first()
        .isEqualTo("bucket/association.md");
    assertThat(actual.results().stream().map(SearchResult::path).distinct().sorted().toList())
        .isEqualTo(expected.results().stream().map(SearchResult::path).distinct().sorted()
            .toList());
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
}
