package org.qmd4j.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The library example of the README and docs/library.md finds the unpaid invoices of the
 * example vault.
 */
class SearchExampleTest {
  @Test
  void printsHitsInTheComptabiliteProject() throws Exception {
    String printed = ExampleRun.stdout(SearchExample::main);
    assertThat(printed.lines()).isNotEmpty()
        .allMatch(l -> l.matches("projects/comptabilite/\\S+\\.md:\\d+-\\d+ (0|1)\\.\\d+"));
  }
}
