package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.search.InvalidQueryException;
import org.qmd4j.search.LineMatch;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * Quoted phrases and exclusions (docs/query-syntax.md), embedded engine, on a vault of notes
 * and on the projects vault's tasks (chunks of one file). {@code QmdQuerySyntaxSearchTest}
 * runs the same tests on the real qmd binary.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public class QuerySyntaxSearchTest {
  private Searcher notes;
  private Searcher projects;

  /** The searcher under test over {@code vault}; {@code tmp} is an empty temporary folder. */
  protected Searcher open(Path vault, Path tmp) {
    return SearchProviders.forVault(vault, Fixtures.memoryOptions());
  }

  /** Writes the notes of these tests into {@code vault}. */
  public static Path writeVault(Path vault) throws IOException {
    Map<String, String> notes = Map.of(
        "ordre.md", "# Ordre\n\nDécision : geler les recrutements jusqu'en septembre.\n",
        "inverse.md", "# Inverse\n\nLes recrutements, on verra plus tard s'il faut les geler.\n",
        "adjacent.md", "# Adjacent\n\nPoint budget : recrutements geler depuis mars.\n",
        "taches.md", "# Tâches\n\n- status: en-cours, la revue du 2025-07-14\n",
        "autres.md", "# Autres\n\n- status: à-faire, la revue du 2025-07-15\n");
    for (Map.Entry<String, String> n : notes.entrySet()) {
      Files.writeString(vault.resolve(n.getKey()), n.getValue());
    }
    return vault;
  }

  @BeforeAll
  final void openSearchers(@TempDir Path tmp) throws IOException {
    Path vault = writeVault(Files.createDirectories(tmp.resolve("vault"))).toRealPath();
    notes = open(vault, Files.createDirectories(tmp.resolve("notes")));
    Path copy = Fixtures.copyVault(tmp.resolve("projects")).toRealPath();
    projects = open(copy, Files.createDirectories(tmp.resolve("projects-tmp")));
  }

  @AfterAll
  final void closeSearchers() {
    if (notes != null) notes.close();
    if (projects != null) projects.close();
  }

  private List<String> paths(Searcher searcher, String query) {
    return searcher.search(SearchRequest.of(query).withLimit(50)).stream()
        .map(SearchResult::path).distinct().sorted().toList();
  }

  @Test
  void wordsInAnyOrderFindEveryNoteThatHoldsThem() {
    assertThat(paths(notes, "recrutements geler"))
        .containsExactly("adjacent.md", "inverse.md", "ordre.md");
  }

  @Test
  void aQuotedPhraseFindsItsWordsNextToEachOtherInItsOrderOnly() {
    assertThat(paths(notes, "\"recrutements geler\"")).containsExactly("adjacent.md");
    assertThat(paths(notes, "\"geler les recrutements\"")).containsExactly("ordre.md");
    assertThat(paths(notes, "\"GELER LES Recrutement\"")).as("folded and stemmed")
        .containsExactly("ordre.md");
    assertThat(paths(notes, "\"recrutements septembre\"")).isEmpty();
  }

  @Test
  void anUnclosedQuoteIsAPhraseToTheEnd() {
    assertThat(paths(notes, "\"geler les recrutements")).containsExactly("ordre.md");
  }

  @Test
  void thePhraseIsHighlightedWhole() {
    SearchResult r = notes.search(SearchRequest.of("\"geler les recrutements\"")).get(0);
    LineMatch line = r.matches().get(0);
    String text = r.chunk().lines().toList().get(line.line() - r.lines().from());
    assertThat(line.ranges()).extracting(x -> text.substring(x.start(), x.end()))
        .containsExactly("geler les recrutements");
  }

  @Test
  void excludedWordsAndPhrasesDropTheChunksThatHoldThem() {
    assertThat(paths(notes, "recrutements -budget")).containsExactly("inverse.md", "ordre.md");
    assertThat(paths(notes, "recrutements -\"geler les\""))
        .containsExactly("adjacent.md", "inverse.md");
    assertThat(paths(notes, "recrutements -GELÉ")).as("folded, stemmed, not as a prefix")
        .containsExactly("adjacent.md", "inverse.md", "ordre.md");
    assertThat(paths(notes, "recrutements -Gel")).as("geler's stem").isEmpty();
  }

  @Test
  void compoundsAndDatesAreWordsUnlessADashStartsThem() {
    assertThat(paths(notes, "status: en-cours")).contains("taches.md");
    assertThat(paths(notes, "\"2025-07-14\"")).containsExactly("taches.md");
    assertThat(paths(notes, "status -en-cours")).containsExactly("autres.md");
    assertThat(paths(notes, "revue -2025-07-14")).containsExactly("autres.md");
  }

  @Test
  void aWildcardWithExclusionsListsEveryOtherChunk() {
    assertThat(paths(notes, "* -recrutements")).containsExactly("autres.md", "taches.md");
  }

  @Test
  void onlyExclusionsIsAnErrorSayingWhatToAdd() {
    assertThatThrownBy(() -> notes.search(SearchRequest.of("-budget -\"en retard\"")))
        .isInstanceOf(InvalidQueryException.class)
        .hasMessageContaining("only excludes")
        .hasMessageContaining("\"quoted phrase\"");
  }

  @Test
  void exclusionIsPerChunkSoOtherTasksOfTheSameFileStay() {
    List<SearchResult> all = projects.search(SearchRequest.of("status")
        .withScope(org.qmd4j.search.Scope.parse("all-tasks")).withLimit(200));
    List<SearchResult> kept = projects.search(SearchRequest.of("status -en-cours")
        .withScope(org.qmd4j.search.Scope.parse("all-tasks")).withLimit(200));
    assertThat(all).anyMatch(r -> r.chunk().contains("en-cours"));
    assertThat(kept).isNotEmpty().noneMatch(r -> r.chunk().contains("en-cours"));
    assertThat(kept.size()).isEqualTo(all.stream()
        .filter(r -> !r.chunk().contains("en-cours")).count());
    List<String> filesWithEnCours = all.stream().filter(r -> r.chunk().contains("en-cours"))
        .map(SearchResult::path).distinct().toList();
    assertThat(kept).anyMatch(r -> filesWithEnCours.contains(r.path()));
  }

  @Test
  void tagsAndScopesWorkBesideTheSyntax() {
    List<SearchResult> r = projects.search(SearchRequest.of("[décision] -\"fin août\"")
        .withScope(org.qmd4j.search.Scope.parse("project:startup-x")).withLimit(50));
    assertThat(r).isNotEmpty().allMatch(x -> x.path().startsWith("projects/startup-x/"))
        .noneMatch(x -> x.chunk().contains("fin août"));
    assertThat(projects.search(SearchRequest.of("[décision] \"fin août\"").withLimit(50)))
        .isNotEmpty().allMatch(x -> x.chunk().contains("fin août"));
  }
}
