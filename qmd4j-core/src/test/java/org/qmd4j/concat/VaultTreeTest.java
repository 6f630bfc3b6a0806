package org.qmd4j.concat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.qmd4j.search.FileKind;

class VaultTreeTest {
  private final VaultTree tree = new VaultTree(List.of(
      new VaultTree.Entry("bucket", true, Optional.empty()),
      new VaultTree.Entry("bucket/liens.md", false, Optional.of(FileKind.BUCKET)),
      new VaultTree.Entry("overview.md", false, Optional.empty())));

  @Test
  void renderIndentsByDepthAndMarksIndexedFiles() {
    assertThat(tree.render()).isEqualTo("bucket/\n"
        + "  liens.md  [bucket]\n"
        + "overview.md\n"
        + "1 folder, 2 files, 1 indexed (marked [kind])\n");
  }

  @Test
  void entriesKnowTheirNameDepthAndWhetherIndexed() {
    VaultTree.Entry e = tree.entries().get(1);
    assertThat(e.name()).isEqualTo("liens.md");
    assertThat(e.depth()).isEqualTo(1);
    assertThat(e.indexed()).isTrue();
    assertThat(tree.files()).extracting(VaultTree.Entry::path)
        .containsExactly("bucket/liens.md", "overview.md");
  }

  @Test
  void folderCannotBeIndexed() {
    assertThatThrownBy(() -> new VaultTree.Entry("bucket", true, Optional.of(FileKind.BUCKET)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("A folder is not indexed: bucket");
  }
}
