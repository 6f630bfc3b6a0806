package org.qmd4j.concat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.search.InvalidLineRangeException;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.PathRefusedException;

class ConcatItemTest {

  @Test
  void plainPathIsTheWholeFile() {
    assertThat(ConcatItem.parse("projects/startup-x/state.md"))
        .isEqualTo(new ConcatItem.WholeFile("projects/startup-x/state.md"));
  }

  @Test
  void pathWithRangeIsALineSpan() {
    ConcatItem item = ConcatItem.parse("projects/startup-x/changelog.md:21-45");
    assertThat(item).isEqualTo(new ConcatItem.LineSpan("projects/startup-x/changelog.md", 21, 45));
    assertThat(((ConcatItem.LineSpan) item).lines()).isEqualTo(new LineRange(21, 45));
    assertThat(item).hasToString("projects/startup-x/changelog.md:21-45");
  }

  @Test
  void singleLineIsARangeOfOne() {
    assertThat(ConcatItem.parse("tasks.md:6")).isEqualTo(ConcatItem.lines("tasks.md", 6, 6));
  }

  @Test
  void colonNotFollowedByARangeIsPartOfTheName() {
    assertThat(ConcatItem.parse("notes/réunion: bilan.md"))
        .isEqualTo(ConcatItem.whole("notes/réunion: bilan.md"));
  }

  @Test
  void surroundingBlanksAreIgnored() {
    assertThat(ConcatItem.parse("  tasks.md:1-3 ")).isEqualTo(ConcatItem.lines("tasks.md", 1, 3));
  }

  @ParameterizedTest
  @ValueSource(strings = {"tasks.md:5-2", "tasks.md:0-4", "tasks.md:5-", "tasks.md:-5",
      "tasks.md:1-2-3"})
  void malformedRangeIsRejectedWithTheSpecQuoted(String spec) {
    assertThatThrownBy(() -> ConcatItem.parse(spec))
        .isInstanceOf(InvalidLineRangeException.class)
        .hasMessage("Invalid line range '" + spec.substring("tasks.md:".length()) + "' in '"
            + spec + "'; expected PATH:FROM-TO with 1 <= FROM <= TO, such as tasks.md:21-35");
  }

  @Test
  void recordsValidateTheirRange() {
    assertThatThrownBy(() -> ConcatItem.lines("tasks.md", 9, 3))
        .isInstanceOf(InvalidLineRangeException.class)
        .hasMessage("Invalid line range 9-3 for 'tasks.md'; expected 1 <= from <= to, "
            + "such as 21-35");
  }

  @Test
  void blankPathIsRefused() {
    assertThatThrownBy(() -> ConcatItem.parse("  "))
        .isInstanceOf(PathRefusedException.class)
        .hasMessage("The path is empty; give a vault-relative path with / separators, such as "
            + "projects/startup-x/state.md");
  }

  @Test
  void nullIsRejectedNamingTheParameter() {
    assertThatThrownBy(() -> ConcatItem.parse(null))
        .isInstanceOf(NullPointerException.class).hasMessage("spec == null");
    assertThatThrownBy(() -> ConcatItem.whole(null))
        .isInstanceOf(NullPointerException.class).hasMessage("path == null");
  }
}
