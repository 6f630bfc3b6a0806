package org.qmd4j.vault;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.search.FileKind;
import org.qmd4j.spi.VaultFile;

/** The DESIGN.md "The vault" table, row by row, and everything that is not indexed. */
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
    assertThat(VaultLayout.classify(path))
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
    assertThat(VaultLayout.classify(path))
        .contains(new VaultFile(path, kind, Optional.of("startup-x")));
  }

  @Test
  void deepBucketFileOfAProjectIsIndexed() {
    assertThat(VaultLayout.classify("projects/x/bucket/sub/deep.md"))
        .contains(new VaultFile("projects/x/bucket/sub/deep.md", FileKind.BUCKET,
            Optional.of("x")));
  }

  @Test
  void aProjectNamedLikeAFolderIsStillAProject() {
    assertThat(VaultLayout.classify("projects/bucket/state.md"))
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
    assertThat(VaultLayout.classify(path)).isEmpty();
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {
      "", "bucket", "bucket/idees", "projects", "projects/x", "projects/x/bucket",
      "projects/x/bucket/reunions/2025"})
  void foldersThatMayHoldIndexedFiles(String folder) {
    assertThat(VaultLayout.mayContainIndexedFiles(folder)).isTrue();
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {
      "inbox", "archives", "projects/x/notes", "projects/x/notes/bucket", ".obsidian",
      "bucket/.trash", "projects/.x", "Projects", "Bucket"})
  void foldersThatCannotHoldIndexedFilesAreSkipped(String folder) {
    assertThat(VaultLayout.mayContainIndexedFiles(folder)).isFalse();
  }

  @Test
  void everyIndexedPathLiesInAFolderThatMayHoldIndexedFiles() {
    String[] paths = {"changelog.md", "bucket/a/b.md", "projects/x/state.md",
        "projects/x/bucket/sub/deep.md"};
    for (String path : paths) {
      assertThat(VaultLayout.classify(path)).as(path).isPresent();
      String folder = path.contains("/") ? path.substring(0, path.lastIndexOf('/')) : "";
      assertThat(VaultLayout.mayContainIndexedFiles(folder)).as(folder).isTrue();
    }
  }
}
