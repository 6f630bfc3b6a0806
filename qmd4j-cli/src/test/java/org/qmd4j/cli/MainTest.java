package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The log level the command line starts with (notices only when asked). */
class MainTest {
  @Test
  void noticesShowWithVerboseOnly() {
    assertThat(Main.logLevel(new String[] {"search", "x"})).isEqualTo("warn");
    assertThat(Main.logLevel(new String[] {"search", "-v", "x"})).isEqualTo("info");
    assertThat(Main.logLevel(new String[] {"doctor", "--verbose"})).isEqualTo("info");
  }

  @Test
  void quietWinsAndQueryWordsAreNotOptions() {
    assertThat(Main.logLevel(new String[] {"search", "-v", "--quiet", "x"})).isEqualTo("warn");
    assertThat(Main.logLevel(new String[] {"search", "--", "-v"})).isEqualTo("warn");
  }
}
