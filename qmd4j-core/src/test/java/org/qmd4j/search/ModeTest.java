package org.qmd4j.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ModeTest {

  @Test
  void parsesFastAndDeepIgnoringCaseAndBlanks() {
    assertThat(Mode.parse("fast")).isEqualTo(Mode.FAST);
    assertThat(Mode.parse("deep")).isEqualTo(Mode.DEEP);
    assertThat(Mode.parse("DEEP")).isEqualTo(Mode.DEEP);
    assertThat(Mode.parse(" Fast\t")).isEqualTo(Mode.FAST);
  }

  @Test
  void wireNameIsLowerCaseAndRoundTrips() {
    assertThat(Mode.FAST.wireName()).isEqualTo("fast");
    assertThat(Mode.DEEP.wireName()).isEqualTo("deep");
    for (Mode mode : Mode.values()) assertThat(Mode.parse(mode.wireName())).isEqualTo(mode);
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {"turbo", "hybrid", "keyword", "fastest", "f"})
  void unknownModeNamesTheValueAndTheValidOnes(String value) {
    assertThatThrownBy(() -> Mode.parse(value))
        .isInstanceOf(InvalidModeException.class)
        .hasMessageContaining("'" + value + "'")
        .hasMessageContaining("fast")
        .hasMessageContaining("deep");
  }

  // An empty --mode '' was silently fast.
  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {"", "  "})
  void emptyModeSaysItIsEmptyAndListsTheValidOnes(String value) {
    assertThatThrownBy(() -> Mode.parse(value))
        .isInstanceOf(InvalidModeException.class)
        .hasMessage("The mode is empty; valid modes are: fast, deep (or leave the mode out for"
            + " fast)");
  }

  @Test
  void turboIsAnInvalidRequest() {
    assertThatThrownBy(() -> Mode.parse("turbo"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Unknown mode 'turbo'; valid modes are: fast, deep");
  }

  @Test
  void nullModeIsRejected() {
    assertThatThrownBy(() -> Mode.parse(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("mode == null");
  }
}
