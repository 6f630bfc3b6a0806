package org.qmd4j.concat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.qmd4j.search.LineRange;

class BlockTest {

  @Test
  void wholeFileHeaderIsThePathAlone() {
    Block block = new Block("tasks.md", true, Optional.of(new LineRange(1, 2)), 2, "a\nb",
        Optional.empty());
    assertThat(block.header()).isEqualTo("## tasks.md");
    assertThat(block.markdown()).isEqualTo("## tasks.md\n\na\nb");
  }

  @Test
  void rangeHeaderNamesTheLines() {
    Block block = new Block("tasks.md", false, Optional.of(new LineRange(3, 4)), 9, "c\nd",
        Optional.empty());
    assertThat(block.header()).isEqualTo("## tasks.md (lines 3-4)");
  }

  @Test
  void emptyFileIsAHeaderAlone() {
    Block block = new Block("vide.md", true, Optional.empty(), 0, "", Optional.empty());
    assertThat(block.markdown()).isEqualTo("## vide.md\n");
  }

  @Test
  void truncatedBlockEndsWithAVisibleMarker() {
    Block block = new Block("big.md", false, Optional.of(new LineRange(1, 1)), 3, "a",
        Optional.of(new Block.Truncation(4, new LineRange(2, 3), 2)));
    assertThat(block.markdown()).isEqualTo("## big.md (lines 1-1)\n\na\n\n"
        + "[… truncated by qmd4j: 4 bytes not shown (lines 2-3); blocks are capped at 2 bytes, "
        + "ask for a smaller line range]");
  }

  @Test
  void linesPastTheFileAreRejected() {
    assertThatThrownBy(() -> new Block("a.md", false, Optional.of(new LineRange(1, 5)), 4, "",
        Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Expected lines within 1-4 but was 1-5 for a.md");
  }

  @Test
  void aTruncatedBlockIsNotTheWholeFile() {
    assertThatThrownBy(() -> new Block("a.md", true, Optional.of(new LineRange(1, 1)), 4, "",
        Optional.of(new Block.Truncation(1, new LineRange(2, 4), 1))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("A truncated block does not hold the whole file");
  }
}
