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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.search.LineMatch;
import org.qmd4j.search.Mode;
import org.qmd4j.search.NoteNotFoundException;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResponse;
import org.qmd4j.search.SearchResult;

/**
 * Obsidian tags and wiki links in a vault of notes, embedded engine.
 * {@code QmdObsidianConventionsTest} runs the same tests on the real qmd binary.
 *
 * <p>{@code #projet} finds the notes tagged {@code #projet}, {@code #projet/client} or
 * {@code tags: [projet]}, never a note that only says the word; tags fold case and accents
 * like words, are highlighted in {@code matches}, and are never corrected as misspellings.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public class ObsidianConventionsTest {
  /** The notes tagged #projet, or one of its children. */
  static final List<String> TAGGED_PROJET = List.of("bucket/tagged-child.md",
      "bucket/tagged-frontmatter.md", "bucket/tagged-inline.md", "bucket/tagged-list.md");

  private Searcher searcher;

  /** The searcher under test over {@code vault}; {@code tmp} is an empty temporary folder. */
  protected Searcher open(Path vault, Path tmp) {
    return SearchProviders.forVault(vault, Fixtures.memoryOptions());
  }

  /** Writes the notes of these tests into {@code vault}. */
  public static Path writeVault(Path vault) throws IOException {
    Files.createDirectories(vault.resolve("bucket/clients"));
    Files.createDirectories(vault.resolve("archives"));
    Map<String, String> notes = Map.of(
        "bucket/tagged-inline.md", "# Réunion client\n\nSuivi du dossier #projet avec "
            + "l'équipe.\n",
        "bucket/tagged-child.md", "# Acme\n\nContrat signé le 3 mars. #projet/client\n",
        "bucket/tagged-frontmatter.md", "---\ntags: [projet, facture]\n---\n# Budget\n\n"
            + "La facture du trimestre est partie.\n",
        "bucket/tagged-list.md", "---\ntitle: Relance\ntags:\n  - Projet/Client\n---\n"
            + "# Relance\n\nRelancer Acme pour le devis.\n",
        "bucket/word-only.md", "# Le projet\n\nCe projet avance. Voir page#projet, `#projet`"
            + " et #2025.\n\n```\n#projet\n```\n",
        "bucket/links.md", "# Liens\n\nVoir [[Plan de Zanzibar]], [[archives/Acme|"
            + "Kilimandjaro]] et [[Budget#Trimestre]].\n",
        "bucket/Plan de Zanzibar.md", "# Plan\n\nLe plan.\n",
        "archives/Acme.md", "# Acme, archivé\n",
        "bucket/clients/Acme.md", "# Acme, client\n");
    for (Map.Entry<String, String> n : notes.entrySet()) {
      Files.writeString(vault.resolve(n.getKey()), n.getValue());
    }
    return vault;
  }

  @BeforeAll
  final void openSearcher(@TempDir Path tmp) throws IOException {
    Path vault = writeVault(Files.createDirectories(tmp.resolve("vault"))).toRealPath();
    searcher = open(vault, tmp);
  }

  @AfterAll
  final void closeSearcher() {
    if (searcher != null) searcher.close();
  }

  /** Whether the engine under test runs deep searches here (qmd needs its models). */
  protected boolean deepRuns() {
    return true;
  }

  private List<String> paths(String query) {
    return paths(searcher.search(SearchRequest.of(query).withLimit(20)));
  }

  private static List<String> paths(List<SearchResult> results) {
    return results.stream().map(SearchResult::path).sorted().distinct().toList();
  }

  @Test
  void aTagFindsTheNotesTaggedWithItOrAChildNotTheWord() {
    assertThat(paths("#projet")).containsExactlyElementsOf(TAGGED_PROJET);
  }

  @Test
  void theWordStillFindsTheWordAndTheTags() {
    assertThat(paths("projet")).contains("bucket/word-only.md", "bucket/tagged-inline.md");
  }

  @Test
  void aNestedTagFindsItselfAndItsChildrenOnly() {
    assertThat(paths("#projet/client"))
        .containsExactly("bucket/tagged-child.md", "bucket/tagged-list.md");
  }

  @ParameterizedTest
  @ValueSource(strings = {"#PROJET", "#Projét", "#projet,"})
  void tagsFoldCaseAndAccentsLikeWords(String query) {
    assertThat(paths(query)).containsExactlyElementsOf(TAGGED_PROJET);
  }

  @Test
  void deepModeKeepsTheTagExact() {
    if (!deepRuns()) return;
    assertThat(paths(searcher.search(SearchRequest.of("#projet").withMode(Mode.DEEP)
        .withLimit(20)))).containsExactlyElementsOf(TAGGED_PROJET);
  }

  @Test
  void aTagAndAWordRankTheNoteHoldingBothFirst() {
    List<SearchResult> results = searcher.search(SearchRequest.of("#projet facture"));
    assertThat(results.get(0).path()).isEqualTo("bucket/tagged-frontmatter.md");
    // The others carry the tag (qmd's CLI fallback ANDs the words: it may return none).
    assertThat(paths(results)).isSubsetOf(TAGGED_PROJET);
  }

  @Test
  void theTagIsHighlightedWhereItIsWritten() {
    for (SearchResult r : searcher.search(SearchRequest.of("#projet").withLimit(20))) {
      assertThat(r.matches()).as(r.path()).isNotEmpty();
      for (LineMatch m : r.matches()) {
        String line = r.chunk().split("\n", -1)[m.line() - r.lines().from()];
        for (LineMatch.Range range : m.ranges()) {
          assertThat(line.substring(range.start(), range.end()).toLowerCase())
              .as(r.path()).matches("#?projet(/client)?");
        }
      }
    }
  }

  @Test
  void aTagIsNeverCorrected() {
    SearchResponse response = searcher.answer(SearchRequest.of("#projte"));
    assertThat(response.results()).isEmpty();
    assertThat(response.corrected()).isEmpty();
    assertThat(response.suggestions()).isEmpty();
  }

  @Test
  void numbersAreNotTags() {
    assertThat(paths("#2025")).containsExactly("bucket/word-only.md");
  }

  @ParameterizedTest
  @CsvSource(delimiterString = "->", value = {
      "[[Plan de Zanzibar]]           -> bucket/Plan de Zanzibar.md",
      "[[plan de zanzibar|le plan]]   -> bucket/Plan de Zanzibar.md",
      "[[Plan de Zanzibar#Plan]]      -> bucket/Plan de Zanzibar.md",
      "[[Plan de Zanzibar.md]]        -> bucket/Plan de Zanzibar.md",
      "[[bucket/Plan de Zanzibar]]    -> bucket/Plan de Zanzibar.md",
      // Two notes are named Acme: from the vault's root, the shorter path.
      "[[Acme]]                       -> archives/Acme.md",
      "[[clients/Acme]]               -> bucket/clients/Acme.md",
  })
  void readOpensTheNoteAWikiLinkNames(String link, String path) {
    assertThat(searcher.read(link).path()).isEqualTo(path);
  }

  @Test
  void readSaysWhenNoNoteMatchesAWikiLink() {
    assertThatThrownBy(() -> searcher.read("[[Nulle part]]"))
        .isInstanceOf(NoteNotFoundException.class)
        .hasMessage("No note of the vault matches the wiki link [[Nulle part]]; give a note's"
            + " file name (.md implied, any folder, any case) or its vault-relative path; tree"
            + " lists the vault's files");
  }

  @ParameterizedTest
  @ValueSource(strings = {"Zanzibar", "Kilimandjaro", "archives Acme", "Trimestre"})
  void aWikiLinkIsFoundByItsTargetAndAlias(String query) {
    assertThat(paths(query)).contains("bucket/links.md");
  }
}
