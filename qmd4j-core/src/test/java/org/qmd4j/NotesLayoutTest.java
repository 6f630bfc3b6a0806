package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.concat.VaultTree;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.InvalidScopeException;
import org.qmd4j.search.Layout;
import org.qmd4j.search.NothingIndexed;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;

/**
 * A folder of notes that is not in the projects layout is searchable; hidden,
 * skipped and ignored files never are; {@code folder:} scopes work; an unindexed vault says
 * why.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class NotesLayoutTest {
  private Path vault;
  private Searcher searcher;

  @BeforeAll
  void open(@TempDir Path tmp) throws IOException {
    vault = Fixtures.copy(Fixtures.notesVault(), tmp);
    // No frontmatter date: the note is dated by its modification day.
    Files.setLastModifiedTime(vault.resolve("accueil.md"),
        FileTime.from(Instant.parse("2025-04-02T10:00:00Z")));
    searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions());
  }

  @AfterAll
  void close() {
    searcher.close();
  }

  private List<String> paths(SearchRequest request) {
    return searcher.search(request.withLimit(100)).stream().map(SearchResult::path).distinct()
        .sorted().collect(Collectors.toList());
  }

  @Test
  void typedQueriesSayThatANotesVaultHasNoSuchFiles() {
    assertThatThrownBy(() -> searcher.tasks(org.qmd4j.notes.NoteQuery.of(Kind.TASKS, "*")))
        .isInstanceOf(InvalidScopeException.class)
        .hasMessageStartingWith("Tasks are read from the projects layout (tasks.md and"
            + " projects/<name>/tasks.md), but this vault uses the notes layout (detected")
        .hasMessageContaining("--layout projects")
        .hasMessageNotContaining("all-tasks");
    assertThatThrownBy(() -> searcher.changelog(org.qmd4j.notes.NoteQuery.of(Kind.CHANGELOG, "*")))
        .isInstanceOf(InvalidScopeException.class)
        .hasMessageStartingWith("Changelog entries are read from the projects layout");
  }

  @Test
  void findConditionsOnStatusOrTagAreFrontmatterOnesInANotesVault() throws IOException {
    Path note = vault.resolve("journal/2025/statut.md");
    Files.writeString(note, "---\nstatus: bloqué\ntag: dossier\n---\n# Dossier en attente\n");
    try {
      org.qmd4j.find.FindResult found = searcher.find(org.qmd4j.find.FindRequest.newBuilder()
          .where("status eq bloqué").where("tag eq dossier").build());
      assertThat(found.results()).extracting(org.qmd4j.find.FindItem::path)
          .containsExactly("journal/2025/statut.md");
    } finally {
      Files.delete(note);
    }
  }

  @Test
  void aFolderOfNotesIsDetectedAsTheNotesLayout() {
    assertThat(searcher.describe().layout()).isEqualTo(Layout.NOTES);
    assertThat(searcher.describe().layoutReason()).startsWith("detected");
    assertThat(searcher.diagnostics()).containsEntry("ignore file", ".qmd4jignore: 5 rules");
  }

  @Test
  void everyMarkdownNoteIsSearchableButHiddenSkippedAndIgnoredOnesNever() {
    assertThat(paths(SearchRequest.of("facture"))).containsExactly(
        "clients/dupont/facture-2025-014.md", "clients/dupont/reunion.md",
        "journal/2025/2025-06-12.md", "journal/2025/2025-07-03.md",
        "journal/2025/2025-08-28.md", "journal/2025/2025-09-08.md",
        "journal/2025/brouillon-garde.md");
    assertThat(paths(SearchRequest.of("*"))).noneMatch(p -> p.startsWith(".obsidian/")
        || p.startsWith(".trash/") || p.startsWith("node_modules/")
        || p.startsWith("brouillons/") || p.equals("prive.md") || p.endsWith(".excalidraw.md")
        || p.equals("journal/2025/brouillon-idee.md") || p.endsWith(".txt"));
    assertThat(searcher.search("facture")).allSatisfy(
        r -> assertThat(r.matches()).as(r.path()).isNotEmpty());
  }

  @Test
  void folderScopesCoverTheFolderAtAnyDepth() {
    assertThat(paths(SearchRequest.parse("recrutement", null, "folder:clients", null, null)))
        .containsExactly("clients/prive.md");
    assertThat(paths(SearchRequest.parse("décision", null, "folder:journal/2025/", null, null)))
        .allMatch(p -> p.startsWith("journal/2025/")).hasSize(5);
  }

  @Test
  void anUnknownFolderIsAnErrorThatListsTheRootFolders() {
    assertThatThrownBy(() -> searcher.search("facture", null, "folder:jounral", null, null))
        .isInstanceOf(InvalidScopeException.class)
        .hasMessage("Unknown folder in scope 'folder:jounral': there is no folder jounral/ in"
            + " the vault. Did you mean 'folder:journal'?");
    assertThatThrownBy(() -> searcher.search("facture", null, "folder:accueil.md", null, null))
        .isInstanceOf(InvalidScopeException.class).hasMessageContaining("names a file");
    assertThatThrownBy(() -> searcher.search("facture", null, "folder:../x", null, null))
        .isInstanceOf(InvalidScopeException.class).hasMessageContaining("without '..'");
  }

  @Test
  void projectScopesAreRefusedNamingTheLayout() {
    for (String scope : List.of("project:startup-x", "all-tasks", "all-changelogs")) {
      assertThatThrownBy(() -> searcher.search("facture", null, scope, null, null))
          .isInstanceOf(InvalidScopeException.class)
          .hasMessageStartingWith("Scope '" + scope + "' needs the projects layout, but this"
              + " vault uses the notes layout (detected: no projects/, changelog.md or"
              + " tasks.md at the root); valid scopes here are: folder:<path>");
    }
  }

  @Test
  void notesAreDatedByUpdatedThenDateThenCreatedThenTheirModificationDay() {
    assertThat(paths(SearchRequest.parse("*", null, null, "2025-07-01", "2025-07-31")))
        .containsExactly("journal/2025/2025-07-03.md", "journal/2025/2025-07-21.md",
            "journal/2025/brouillon-garde.md");
    assertThat(paths(SearchRequest.parse("*", null, null, "2025-08-28", "2025-08-28")))
        .as("created").containsExactly("journal/2025/2025-08-28.md");
    assertThat(paths(SearchRequest.parse("*", null, null, "2025-09-01", "2025-09-01")))
        .as("updated wins over date").isEmpty();
    assertThat(paths(SearchRequest.parse("*", null, null, "2025-04-02", "2025-04-02")))
        .as("modification day").containsExactly("accueil.md");
  }

  @Test
  void theTreeMarksNotesAndLeavesHiddenFoldersOut() {
    VaultTree tree = searcher.tree();
    assertThat(tree.files()).filteredOn(VaultTree.Entry::indexed)
        .allSatisfy(e -> assertThat(e.kind()).contains(FileKind.NOTE)).hasSize(12);
    assertThat(tree.entries()).noneMatch(e -> e.path().startsWith(".obsidian"));
    assertThat(tree.files()).filteredOn(e -> e.path().startsWith("node_modules/"))
        .noneMatch(VaultTree.Entry::indexed);
    assertThat(searcher.nothingIndexed()).isEmpty();
  }

  @Test
  void aBriefOfANotesVaultShowsItsNotes() {
    assertThat(searcher.brief(SearchRequest.of("facture 2025-014")).markdown())
        .contains("## clients/dupont/facture-2025-014.md");
  }

  @Test
  void aFolderOfTextFilesSaysThatNothingIsIndexedAndWhy() {
    try (Searcher txt = SearchProviders.forVault(Fixtures.txtOnlyVault(),
        Fixtures.memoryOptions())) {
      assertThat(txt.search("facture")).isEmpty();
      NothingIndexed why = txt.nothingIndexed().orElseThrow();
      assertThat(why.layout()).isEqualTo(Layout.NOTES);
      assertThat(why.message()).isEqualTo("Nothing is indexed in this vault: it uses the notes"
          + " layout (detected: no projects/, changelog.md or tasks.md at the root), which"
          + " indexes every .md file except in hidden folders, build/, dist/, node_modules/,"
          + " vendor/ and what .qmd4jignore excludes. The vault has no .md file (3 other files:"
          + " 3 .txt).");
    }
  }

  @Test
  void aForcedProjectsLayoutOnNotesSaysWhatItIndexesAndHowToChange() {
    try (Searcher forced = SearchProviders.forVault(vault,
        Fixtures.memoryOptions().withLayout(LayoutChoice.PROJECTS))) {
      assertThat(forced.describe().layoutReason()).isEqualTo("requested");
      assertThat(forced.search("facture")).isEmpty();
      assertThat(forced.nothingIndexed().orElseThrow().message())
          .startsWith("Nothing is indexed in this vault: it uses the projects layout (requested)")
          .endsWith("the notes layout (--layout notes) indexes every .md file.");
    }
  }

  @Test
  void theProjectsVaultIsStillDetectedAndIndexed() {
    try (Searcher projects = SearchProviders.forVault(Fixtures.vault(),
        Fixtures.memoryOptions())) {
      assertThat(projects.describe().layout()).isEqualTo(Layout.PROJECTS);
      assertThat(projects.describe().layoutReason()).isEqualTo("detected: projects/ exists");
      assertThat(projects.nothingIndexed()).isEmpty();
      assertThat(projects.search("facture", null, "folder:projects/client-dupont", null, null))
          .isNotEmpty().allMatch(r -> r.path().startsWith("projects/client-dupont/"));
    }
  }
}
