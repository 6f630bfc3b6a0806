package org.qmd4j.concat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.search.FileKind;
import org.qmd4j.vault.VaultLayout;
import static org.assertj.core.api.Assertions.assertThat;

class TreeWalkerTest {

  @Test
  void exampleVaultListsEveryFileAndMarksTheIndexedOnes() {
    VaultTree tree = TreeWalker.walk(Fixtures.vault(), VaultLayout.PROJECTS);
    assertThat(tree.files()).hasSize(67);
    assertThat(tree.files().stream().filter(VaultTree.Entry::indexed)).hasSize(59);
    assertThat(tree.entries()).contains(
        new VaultTree.Entry("projects/startup-x/notes/brouillon.md", false, Optional.empty()),
        new VaultTree.Entry("projects/startup-x/state.md", false, Optional.of(FileKind.STATE)),
        new VaultTree.Entry("inbox", true, Optional.empty()),
        new VaultTree.Entry("overview.md", false, Optional.empty()));
    for (VaultTree.Entry e : tree.files()) {
      assertThat(e.kind()).as(e.path())
          .isEqualTo(VaultLayout.PROJECTS.classify(e.path()).map(f -> f.kind()));
    }
  }

  @Test
  void entriesComeDepthFirstSortedByName() {
    VaultTree tree = TreeWalker.walk(Fixtures.vault(), VaultLayout.PROJECTS);
    assertThat(tree.entries().subList(0, 4)).extracting(VaultTree.Entry::path).containsExactly(
        "archives", "archives/2024.md", "bucket", "bucket/export-journal.md");
    assertThat(tree.entries().get(tree.entries().size() - 1).path()).isEqualTo("tree.md");
    assertThat(TreeWalker.walk(Fixtures.vault(), VaultLayout.PROJECTS)).isEqualTo(tree);
  }

  @Test
  void hiddenEntriesAndSymbolicLinksAreLeftOut(@TempDir Path vault, @TempDir Path outside)
      throws IOException {
    Files.createDirectories(vault.resolve(".obsidian"));
    Files.writeString(vault.resolve(".obsidian/app.json"), "{}");
    Files.writeString(vault.resolve(".secret.md"), "x");
    Files.writeString(vault.resolve("tasks.md"), "# t\n");
    Files.createDirectories(vault.resolve("projects/p"));
    Files.createSymbolicLink(vault.resolve("projects/p/state.md"), vault.resolve("tasks.md"));
    Files.createSymbolicLink(vault.resolve("ailleurs"), outside);
    Files.writeString(outside.resolve("secret.md"), "x");
    assertThat(TreeWalker.walk(vault, VaultLayout.PROJECTS).render()).isEqualTo("projects/\n"
        + "  p/\n"
        + "tasks.md  [tasks]\n"
        + "2 folders, 1 file, 1 indexed (marked [kind])\n");
  }

  @Test
  void emptyVaultIsAnEmptyTree(@TempDir Path vault) {
    assertThat(TreeWalker.walk(vault, VaultLayout.PROJECTS).entries()).isEmpty();
  }
}
