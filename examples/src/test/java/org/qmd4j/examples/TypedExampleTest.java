package org.qmd4j.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The find and typed-facade example of docs/library.md prints something for each of its queries. */
class TypedExampleTest {
  @Test
  void printsMeetingsTasksAndDecisions() throws Exception {
    String printed = ExampleRun.stdout(TypedExample::main);
    assertThat(printed)
        .contains("projects/startup-x/bucket/") // find: meetings that mention a decision
        .contains("\nSigner la term sheet 2025-10-15\n") // tasks: title, deadline
        .contains("\n2025-07-14 Abandon de l'API externe\n") // decisions since July
        .contains("projects/client-dupont/bucket/reunions/"); // meetings tagged dupont
  }
}
