package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.concat.Block;
import org.qmd4j.concat.Brief;
import org.qmd4j.concat.ConcatDocument;
import org.qmd4j.concat.ConcatItem;
import org.qmd4j.concat.VaultTree;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.NoteNotFoundException;
import org.qmd4j.search.PathRefusedException;
import org.qmd4j.search.SearchRequest;

/**
 * The facade's reading methods (concat, brief, read, tree) on the example vault. Kept apart
 * from {@link SearcherTest}, which covers search().
 */
class SearcherReadingTest {
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
  void concatAssemblesTheDocumentOfTheDesign() {
    ConcatDocument doc = searcher.concat(List.of(
        ConcatItem.parse("projects/jardin-potager/state.md"),
        ConcatItem.parse("projects/startup-x/changelog.md:1-3")), "Deux extraits.");
    assertThat(doc.markdown()).startsWith("Deux extraits.\n\n---\n\n"
        + "## projects/jardin-potager/state.md\n\n---\nupdated: 2025-05-18\n");
    assertThat(doc.markdown()).endsWith("\n\n## projects/startup-x/changelog.md (lines 1-3)\n\n"
        + "# 2025-09-08\n\n## [livraison] Version v2.3.1 en production\n");
  }

  @Test
  void briefOfAChangelogHitVersusAStateHit() {
    Brief changelog = searcher.brief(SearchRequest.of("webhook").withLimit(1));
    assertThat(changelog.blocks()).extracting(Block::header).containsExactly(
        "## projects/startup-x/changelog.md (lines 21-32)");
    Brief state = searcher.brief(SearchRequest.of("cautionnement").withLimit(1));
    assertThat(state.blocks()).extracting(Block::header)
        .containsExactly("## projects/startup-x/state.md");
    assertThat(state.markdown()).startsWith("Question: \"cautionnement\".\n")
        .contains("\n---\n\n## projects/startup-x/state.md\n\n---\nupdated: 2025-07-15\n")
        .contains("cautionnement personnel");
  }

  @Test
  void briefTakesAnOverviewWriter() {
    Brief brief = searcher.brief(SearchRequest.of("fartlek"),
        context -> context.results().size() + " résultat pour " + context.question());
    assertThat(brief.markdown()).startsWith("1 résultat pour fartlek\n\n---\n\n"
        + "## projects/marathon-2025/state.md\n");
  }

  @Test
  void briefValidatesTheRequestLikeSearch() {
    assertThatThrownBy(() -> searcher.brief(SearchRequest.of("x")
        .withFrom(DateSpec.parse("today")).withTo(DateSpec.parse("yesterday"))))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageContaining("is after date_to");
  }

  @Test
  void readGivesOneBlockWithItsHeader() {
    Block block = searcher.read("projects/startup-x/changelog.md:21-23");
    assertThat(block.markdown()).isEqualTo("## projects/startup-x/changelog.md (lines 21-23)\n\n"
        + "# 2025-07-14\n\n## [décision] Abandon de l'API externe");
  }

  @Test
  void readRefusesPathsOutsideTheVault() {
    assertThatThrownBy(() -> searcher.read("../vault/tasks.md"))
        .isInstanceOf(PathRefusedException.class)
        .hasMessageStartingWith("Refused path '../vault/tasks.md': '..' segments are not "
            + "allowed");
    assertThatThrownBy(() -> searcher.read("projects/startup-x/nope.md"))
        .isInstanceOf(NoteNotFoundException.class)
        .hasMessageStartingWith("No file 'projects/startup-x/nope.md' in the vault;");
  }

  @Test
  void treeMarksIndexedFiles() {
    VaultTree tree = searcher.tree();
    assertThat(tree.files()).hasSize(67);
    assertThat(tree.render()).contains("\noverview.md\n", "\n    state.md  [state]\n")
        .endsWith("39 folders, 67 files, 59 indexed (marked [kind])\n");
  }

  @Test
  void nullsAreRejectedNamingTheParameter() {
    assertThatThrownBy(() -> searcher.concat(null, ""))
        .isInstanceOf(NullPointerException.class).hasMessage("items == null");
    assertThatThrownBy(() -> searcher.concat(List.of(), null))
        .isInstanceOf(NullPointerException.class).hasMessage("overview == null");
    assertThatThrownBy(() -> searcher.brief(null))
        .isInstanceOf(NullPointerException.class).hasMessage("request == null");
    assertThatThrownBy(() -> searcher.brief(SearchRequest.of("x"), null))
        .isInstanceOf(NullPointerException.class).hasMessage("writer == null");
    assertThatThrownBy(() -> searcher.read(null))
        .isInstanceOf(NullPointerException.class).hasMessage("pathWithOptionalRange == null");
  }
}
