package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.qmd4j.CodeVault.Identifier;
import org.qmd4j.CodeVault.Style;
import org.qmd4j.analysis.TermMatcher;
import org.qmd4j.search.LineMatch;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResponse;
import org.qmd4j.search.SearchResult;

/**
 * Code names in notes, on a generated vault of technical notes ({@link CodeVault}, seeded):
 * every identifier (camelCase, PascalCase, snake_case, kebab-case, dotted) finds its note
 * first by its whole name, with the match on the identifier, and every part finds every note
 * whose identifiers hold it; nonsense finds nothing; no chunk holding fewer query words ranks
 * above one holding more. The embedded engine here; {@code QmdIdentifierSearchTest} runs the
 * same on the real qmd binary and {@code SolrIdentifierSearchTest} on a Solr cluster, each
 * also checking it puts the same files first as the embedded engine.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public class IdentifierSearchTest {
  private static final long SEED = 30;
  private static final int NOTES = 12;

  private Path vault;
  private List<Identifier> identifiers;
  private Searcher searcher;
  private Searcher embedded;

  /** The searcher under test over {@code vault}; {@code tmp} is an empty temporary folder. */
  protected Searcher open(Path vault, Path tmp) {
    return SearchProviders.forVault(vault, Fixtures.memoryOptions());
  }

  @BeforeAll
  void openVault(@TempDir Path tmp) throws IOException {
    vault = tmp.resolve("vault");
    identifiers = CodeVault.generate(vault, NOTES, SEED);
    searcher = open(vault, Files.createDirectories(tmp.resolve("engine")));
    embedded = SearchProviders.forVault(vault, Fixtures.memoryOptions());
  }

  @AfterAll
  void close() {
    if (searcher != null) searcher.close();
    if (embedded != null) embedded.close();
  }

  private static List<SearchResult> results(Searcher s, String query) {
    return s.answer(request(query)).results();
  }

  private static SearchRequest request(String query) {
    return SearchRequest.of(query).withLimit(50);
  }

  /** The whole names a person would type for an identifier. */
  private static List<String> wholeNames(Identifier id) {
    List<String> out = new ArrayList<>(List.of(id.text()));
    if (id.style() == Style.DOTTED) out.add(id.text().substring(id.text().indexOf('.') + 1));
    return out;
  }

  @Test
  void everyIdentifierFindsItsNoteFirstByItsWholeNameWithTheMatchOnIt() throws IOException {
    assertThat(identifiers).as("seed " + SEED).hasSizeGreaterThan(15);
    for (Identifier id : identifiers) {
      for (String name : wholeNames(id)) {
        List<SearchResult> found = results(searcher, name);
        String what = "seed " + SEED + ", query " + name + " (" + id.style() + ")";
        assertThat(found).as(what).isNotEmpty();
        assertThat(found.get(0).path()).as(what).isEqualTo(id.path());
        assertThat(highlighted(found.get(0))).as(what + ": highlighted").contains(id.text());
      }
    }
  }

  @Test
  void everyPartFindsEveryNoteWhoseIdentifiersHoldIt() {
    for (Map.Entry<String, Set<String>> part : CodeVault.notesByPart(identifiers).entrySet()) {
      Set<String> paths = paths(results(searcher, part.getKey()));
      assertThat(paths).as("seed " + SEED + ", part " + part.getKey())
          .containsAll(part.getValue());
    }
  }

  @Test
  void theEnginesPutTheSameFilesFirst() {
    for (Identifier id : identifiers) {
      for (String name : wholeNames(id)) {
        assertThat(results(searcher, name).get(0).path()).as("seed " + SEED + ", " + name)
            .isEqualTo(results(embedded, name).get(0).path());
      }
    }
    for (String part : CodeVault.notesByPart(identifiers).keySet()) {
      assertThat(paths(results(searcher, part))).as("seed " + SEED + ", part " + part)
          .isEqualTo(paths(results(embedded, part)));
    }
  }

  static List<String> nonsense() {
    return List.of("aaaaaaaaaa", "xxxxxxxx", "x".repeat(5000), "zzzz", "!!! ??? ;;; ...",
        "--- *** ///", "aaaaaaaaaa xxxxxxxx");
  }

  @ParameterizedTest
  @MethodSource("nonsense")
  void nonsenseFindsNothingAndSuggestsNothing(String query) {
    SearchResponse response = searcher.answer(request(query));
    String what = "seed " + SEED + ", query " + query.substring(0, Math.min(40, query.length()));
    assertThat(response.results()).as(what).isEmpty();
    assertThat(response.suggestions()).as(what).isEmpty();
  }

  @Test
  void noChunkHoldingFewerQueryWordsRanksAboveOneHoldingMore() {
    Random random = new Random(SEED);
    List<String> pool = new ArrayList<>(CodeVault.PARTS);
    pool.addAll(List.of("lecture", "fichier", "équipe", "tests", "relire"));
    for (int q = 0; q < bandQueries(); q++) {
      Set<String> words = new LinkedHashSet<>();
      int n = 2 + random.nextInt(3);
      while (words.size() < n) words.add(pool.get(random.nextInt(pool.size())));
      String query = String.join(" ", words);
      TermMatcher matcher = TermMatcher.of(query);
      List<SearchResult> found = results(searcher, query);
      for (int i = 1; i < found.size(); i++) {
        int before = matcher.held(found.get(i - 1).chunk()).size();
        int after = matcher.held(found.get(i).chunk()).size();
        assertThat(before).as("seed " + SEED + ", query " + query + ": result " + (i - 1)
            + " holds " + before + " words, result " + i + " holds " + after)
            .isGreaterThanOrEqualTo(after);
      }
    }
  }

  /**
   * How many seeded queries check the bands; an engine that runs processes per search asks
   * fewer.
   */
  protected int bandQueries() {
    return 40;
  }

  private static Set<String> paths(List<SearchResult> results) {
    return results.stream().map(SearchResult::path).collect(Collectors.toSet());
  }

  /** The text of {@code result} its matches point at, each range as written. */
  private List<String> highlighted(SearchResult result) throws IOException {
    List<String> lines = Files.readAllLines(vault.resolve(result.path()));
    List<String> out = new ArrayList<>();
    for (LineMatch m : result.matches()) {
      String line = lines.get(m.line() - 1);
      for (LineMatch.Range r : m.ranges()) out.add(line.substring(r.start(), r.end()));
    }
    return out;
  }
}
