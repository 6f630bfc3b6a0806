package org.qmd4j.find;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.InvalidFindException;

/**
 * A find that finds nothing says why when the request is the likely cause: a field no
 * searched note has (a misspelt field), or matches that lie in the folder's sub-folders.
 */
class EmptyFindTest {
  private static Searcher vault;
  private static Searcher notes;

  @BeforeAll
  static void open() {
    vault = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
    notes = SearchProviders.forVault(Fixtures.notesVault(), Fixtures.memoryOptions());
  }

  @AfterAll
  static void close() {
    vault.close();
    notes.close();
  }

  @Test
  void aFieldNoSearchedNoteHasIsAnErrorNamingTheNearestAndTheFieldsThere() {
    assertThatThrownBy(() -> vault.find(FindRequest.newBuilder().where("statut eq bloqué")
        .build()))
        .isInstanceOf(InvalidFindException.class)
        .hasMessageStartingWith("No note has a field 'statut' (condition 'statut eq bloqué'),"
            + " so nothing can match. Did you mean 'status'? Fields of the ")
        .hasMessageContaining(" searched notes: status, ")
        .hasMessageContaining("deadline").hasMessageContaining("updated");
  }

  @Test
  void theFieldsListedAreThoseOfTheSearchedNotesOnly() {
    assertThatThrownBy(() -> notes.find(FindRequest.newBuilder().folder("clients/dupont")
        .where("clien eq Dupont").build()))
        .isInstanceOf(InvalidFindException.class)
        .hasMessageContaining("Did you mean 'client'?")
        .hasMessageContaining("Fields of the 2 searched notes: client, ")
        .hasMessageNotContaining("status");
  }

  @Test
  void conditionsThatPassWithoutTheFieldAreNoTypo() {
    assertThat(vault.find(FindRequest.newBuilder().where("statut missing").build()).total())
        .isPositive();
    assertThat(vault.find(FindRequest.newBuilder().where("statut ne x").build()).total())
        .isPositive();
  }

  @Test
  void aKnownFieldWithNoMatchIsAnEmptyAnswerNotAnError() {
    FindResult none = vault.find(FindRequest.newBuilder().where("status eq zanzibar").build());
    assertThat(none.total()).isZero();
    assertThat(none.inSubfolders()).isZero();
  }

  @Test
  void nothingInAFolderWhoseSubFoldersMatchSaysHowManyAndNamesRecursive() {
    FindResult r = vault.find(FindRequest.newBuilder().folder("projects")
        .where("status eq bloqué").build());
    assertThat(r.results()).isEmpty();
    assertThat(r.total()).isZero();
    int below = vault.find(FindRequest.newBuilder().folder("projects").recursive(true)
        .where("status eq bloqué").build()).total();
    assertThat(below).isPositive();
    assertThat(r.inSubfolders()).isEqualTo(below);
    assertThat(r.notes()).containsExactly("no note directly in 'projects' matches, but "
        + below + " results lie in its sub-folders: search them with recursive (--recursive"
        + " on the command line)");
    assertThat(r.toWire()).containsEntry("inSubfolders", below);
  }

  @Test
  void theRootFolderIsNamedAsSuch() {
    FindResult r = vault.find(FindRequest.newBuilder().folder(".").where("type eq réunion")
        .build());
    assertThat(r.total()).isZero();
    assertThat(r.inSubfolders()).isPositive();
    assertThat(r.notes()).singleElement().asString()
        .startsWith("no note directly in the vault's root folder matches, but ");
  }

  @Test
  void aFoundAnswerCarriesNoSubFolderCount() {
    FindResult r = vault.find(FindRequest.newBuilder().folder("projects/startup-x")
        .build());
    assertThat(r.total()).isPositive();
    assertThat(r.inSubfolders()).isZero();
    assertThat(r.toWire()).doesNotContainKey("inSubfolders");
  }
}
