package org.qmd4j.catalogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OperationsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The schemas generated from the request records are those clients read before they were
   * generated: the files kept under test resources are the hand-written schemas of 0.5.
   */
  @Test
  void generatedSchemasAreThoseClientsSawBefore() throws IOException {
    for (Operation<?, ?> op : Operations.all()) {
      JsonNode generated = JSON.readTree(op.inputSchema());
      assertThat(generated).as(op.name() + ": " + generated.toPrettyString())
          .isEqualTo(golden(op.name()));
    }
  }

  /**
   * The output schemas generated from the answer records, kept under test resources: a change
   * of an answer record shows here as a diff to review (clients read these schemas), and is
   * accepted by writing the new files with {@code -Dqmd4j.schemas.write=true}.
   */
  @Test
  void generatedOutputSchemasAreTheReviewedOnes() throws IOException {
    boolean write = Boolean.getBoolean("qmd4j.schemas.write");
    for (Operation<?, ?> op : Operations.all()) {
      JsonNode generated = JSON.readTree(op.outputSchema());
      if (write) {
        java.nio.file.Path file = java.nio.file.Path.of("src/test/resources/org/qmd4j/catalogue",
            op.name() + ".output.json");
        java.nio.file.Files.writeString(file, generated.toPrettyString() + "\n");
        continue;
      }
      try (InputStream in = OperationsTest.class.getResourceAsStream(op.name() + ".output.json")) {
        assertThat(in).as("golden output schema of " + op.name()).isNotNull();
        assertThat(generated).as(op.name() + ": " + generated.toPrettyString())
            .isEqualTo(JSON.readTree(in));
      }
    }
  }

  @Test
  void everyOperationIsNamedOnceAndListsItsArguments() {
    assertThat(Operations.all()).extracting(Operation::name).containsExactly("search", "brief",
        "find_notes", "read", "tree", "concat", "tasks", "changelog", "states", "descriptions",
        "buckets");
    assertThat(Operations.named("tasks")).contains(Operations.TASKS);
    assertThat(Operations.TASKS.parameterNames()).containsExactly("deadline_after",
        "deadline_before", "limit", "mode", "priority", "project", "query", "status");
    assertThat(Operations.TREE.parameterNames()).isEmpty();
  }

  @Test
  void decodingFillsDefaultsAndChecksTypes() {
    TasksArgs args = Operations.TASKS.decode(Map.of("status", "bloqué"));
    assertThat(args.limit()).isEqualTo(20);
    assertThat(args.toQuery().query()).isEqualTo("*");
    assertThat(args.toQuery().field("status")).contains("bloqué");
    assertThat(Operations.TASKS.decode(null).limit()).isEqualTo(20);
    assertThatThrownBy(() -> Operations.TASKS.decode(Map.of("limit", 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Argument 'limit' must be an integer from 1 to 2147483647 but was 0");
    assertThatThrownBy(() -> Operations.TASKS.decode(Map.of("stat", "x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Unknown argument 'stat' for tasks; did you mean 'status'?");
    assertThatThrownBy(() -> Operations.FIND.decode(Map.of("recursive", "yes")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Argument 'recursive' must be true or false but was yes");
  }

  @Test
  void concatItemsAreStringsOrObjects() {
    ConcatArgs args = Operations.CONCAT.decode(Map.of("items",
        List.of("a.md:1-2", Map.of("path", "b.md", "from", 3, "to", 4))));
    assertThat(args.toItems()).hasSize(2);
    assertThat(args.overviewText()).isEmpty();
  }

  private static JsonNode golden(String name) throws IOException {
    try (InputStream in = OperationsTest.class.getResourceAsStream(name + ".schema.json")) {
      assertThat(in).as("golden schema of " + name).isNotNull();
      return JSON.readTree(in);
    }
  }
}
