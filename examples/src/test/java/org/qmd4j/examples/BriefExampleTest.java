package org.qmd4j.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The brief and concat example of docs/library.md assembles the webhook entries of the example vault. */
class BriefExampleTest {
  @Test
  void printsTheBriefItsBlocksAndTheConcat() throws Exception {
    String printed = ExampleRun.stdout(BriefExample::main);
    assertThat(printed)
        .contains("\n---\n")
        .contains("## projects/startup-x/changelog.md")
        .contains("webhook")
        .containsPattern("(?m)^2 blocks, ## tasks\\.md \\(lines 6-12\\), \\d+ files$");
  }
}
