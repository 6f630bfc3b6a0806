package org.qmd4j.vault;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.Layout;
import org.qmd4j.spi.VaultFile;

/** The vault layouts (docs/vaults.md), file kind by file kind, and everything that is not indexed. */
class VaultLayoutTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
      "changelog.md, CHANGELOG",
      "tasks.md, TASKS",
      "bucket/idee.md, BUCKET",
      "bucket/idees/app-budget-familial.md, BUCKET",
      "bucket/a/b/c/d.md, BUCKET",
  })
  void rootIndexedFilesHaveTheirKindAndNoProject(String path, FileKind kind) {
    assertThat(VaultLayout.PROJECTS.classify(path))
        .contains(new VaultFile(path, kind, Optional.empty()));
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
      "projects/startup-x/description.md, DESCRIPTION",
      "projects/startup-x/state.md, STATE",
      "projects/startup-x/tasks.md, TASKS",
      "projects/startup-x/changelog.md, CHANGELOG",
      "projects/startup-x/bucket/pricing.md, BUCKET",
      "projects/startup-x/bucket/reunions/2025-07-10-point-tech.md, BUCKET",
  })
  void projectIndexedFilesHaveTheirKindAndProject(String path, FileKind kind) {
    assertThat(VaultLayout.PROJECTS.classify(path))
        .contains(new VaultFile(path, kind, Optional.of("startup-x")));
  }

  @Test
  void deepBucketFileOfAProjectIsIndexed() {
    assertThat(VaultLayout.PROJECTS.classify("projects/x/bucket/sub/deep.md"))
        .contains(new VaultFile("projects/x/bucket/sub/deep.md", FileKind.BUCKET,
            Optional.of("x")));
  }

  @Test
  void aProjectNamedLikeAFolderIsStillAProject() {
    assertThat(VaultLayout.PROJECTS.classify("projects/bucket/state.md"))
        .contains(new VaultFile("projects/bucket/state.md", FileKind.STATE,
            Optional.of("bucket")));
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {
      "overview.md",
      "tree.md",
      "profile.md",
      "inbox/2025-09-11-note-rapide.md",
      "inbox/deep/er/note.md",
      "inbox/changelog.md",
      "archives/2024.md",
      "archives/changelog.md",
      "state.md",
      "description.md",
      "notes.md",
      "projects/x/notes/y.md",
      "projects/startup-x/notes/brouillon.md",
      "projects/x/overview.md",
      "projects/x/sub/state.md",
      "projects/x/sub/changelog.md",
      "projects/state.md",
      "projects/changelog.md",
      "projects/x/bucket.md",
      "bucket.md",
      // names are case-sensitive
      "Changelog.md",
      "TASKS.md",
      "projects/x/State.md",
      "Bucket/x.md",
      "Projects/x/state.md",
      "bucket/x.MD",
      // non-markdown
      "bucket/photo.png",
      "bucket/notes.txt",
      "bucket/md",
      "projects/x/bucket/devis.pdf",
      "changelog.md.bak",
      "changelog",
      // hidden segments
      ".obsidian/workspace.md",
      ".changelog.md",
      "bucket/.hidden.md",
      "bucket/.trash/x.md",
      "projects/.x/state.md",
      "projects/x/.bucket/y.md",
      "projects/x/bucket/.cache/y.md",
      "projects/../changelog.md",
      "./changelog.md",
      // malformed paths
      "",
      "/changelog.md",
      "bucket//x.md",
      "bucket/",
      "projects\\x\\state.md",
  })
  void notIndexed(String path) {
    assertThat(VaultLayout.PROJECTS.classify(path)).isEmpty();
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {
      "", "bucket", "bucket/idees", "projects", "projects/x", "projects/x/bucket",
      "projects/x/bucket/reunions/2025"})
  void foldersThatMayHoldIndexedFiles(String folder) {
    assertThat(VaultLayout.PROJECTS.mayContainIndexedFiles(folder)).isTrue();
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {
      "inbox", "archives", "projects/x/notes", "projects/x/notes/bucket", ".obsidian",
      "bucket/.trash", "projects/.x", "Projects", "Bucket"})
  void foldersThatCannotHoldIndexedFilesAreSkipped(String folder) {
    assertThat(VaultLayout.PROJECTS.mayContainIndexedFiles(folder)).isFalse();
  }

  @Test
  void everyIndexedPathLiesInAFolderThatMayHoldIndexedFiles() {
    String[] paths = {"changelog.md", "bucket/a/b.md", "projects/x/state.md",
        "projects/x/bucket/sub/deep.md"};
    for (String path : paths) {
      assertThat(VaultLayout.PROJECTS.classify(path)).as(path).isPresent();
      String folder = path.contains("/") ? path.substring(0, path.lastIndexOf('/')) : "";
      assertThat(VaultLayout.PROJECTS.mayContainIndexedFiles(folder)).as(folder).isTrue();
    }
  }

  // The notes layout and its detection.

  private static final VaultLayout NOTES =
      VaultLayout.notes("brouillons/\n*.excalidraw.md\n/prive.md\n");

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {"accueil.md", "journal/2025/2025-07-03.md", "clients/prive.md",
      "projects/x/notes.md", "inbox/idee.md", "overview.md", "a/b/c/d/e.md"})
  void everyMarkdownFileOfANotesVaultIsANote(String path) {
    assertThat(NOTES.classify(path))
        .contains(new VaultFile(path, FileKind.NOTE, Optional.empty()));
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {".obsidian/workspace.md", "a/.trash/old.md", ".hidden.md",
      "node_modules/pkg/README.md", "a/node_modules/b.md", "build/x.md", "brouillons/f.md",
      "a/brouillons/f.md", "schema.excalidraw.md", "prive.md", "releve.txt", "note.MD"})
  void hiddenSkippedIgnoredAndNonMarkdownFilesAreNotNotes(String path) {
    assertThat(NOTES.classify(path)).as(path).isEmpty();
  }

  @Test
  void aNotesVaultSkipsHiddenSkippedAndIgnoredFolders() {
    assertThat(NOTES.mayContainIndexedFiles("")).isTrue();
    assertThat(NOTES.mayContainIndexedFiles("journal/2025")).isTrue();
    assertThat(NOTES.mayContainIndexedFiles(".obsidian")).isFalse();
    assertThat(NOTES.mayContainIndexedFiles("a/node_modules")).isFalse();
    assertThat(NOTES.mayContainIndexedFiles("brouillons")).isFalse();
    assertThat(NOTES.mayContainIndexedFiles("a/brouillons/b")).isFalse();
  }

  @Test
  void aNoteNamedLikeASkippedFolderIsStillANote() {
    assertThat(NOTES.classify("build.md")).isPresent();
    assertThat(NOTES.classify("journal/node_modules.md")).isPresent();
  }

  @Test
  void theLayoutIsDetectedFromWhatTheRootHolds(@TempDir Path tmp) throws IOException {
    assertThat(VaultLayout.of(tmp, Optional.empty()).layout()).isEqualTo(Layout.NOTES);
    Files.writeString(tmp.resolve("tasks.md"), "# t\n");
    assertThat(VaultLayout.of(tmp, Optional.empty()).layout()).isEqualTo(Layout.PROJECTS);
    assertThat(VaultLayout.of(tmp, Optional.empty()).reason()).contains("tasks.md");
    assertThat(VaultLayout.of(tmp, Optional.of(Layout.NOTES)).layout())
        .as("a requested layout wins").isEqualTo(Layout.NOTES);
    Files.delete(tmp.resolve("tasks.md"));
    Files.createDirectories(tmp.resolve("projects"));
    assertThat(VaultLayout.of(tmp, Optional.empty()).reason()).contains("projects/");
  }

  @Test
  void aNotesLayoutReadsTheIgnoreFileAtTheRoot(@TempDir Path tmp) throws IOException {
    Files.writeString(tmp.resolve(VaultLayout.IGNORE_FILE), "# drafts\ndrafts/\n");
    VaultLayout layout = VaultLayout.of(tmp, Optional.empty());
    assertThat(layout.ignoreRules()).isEqualTo(1);
    assertThat(layout.classify("drafts/a.md")).isEmpty();
    assertThat(layout.classify("a.md")).isPresent();
    assertThat(VaultLayout.of(tmp, Optional.of(Layout.PROJECTS)).ignoreRules())
        .as("the projects layout has no ignore file").isZero();
  }

  @Test
  void theQmdMaskFollowsTheLayout() {
    assertThat(NOTES.mask()).isEqualTo("**/*.md");
    assertThat(VaultLayout.PROJECTS.mask()).startsWith("changelog.md,tasks.md,bucket/**/*.md");
  }
}
