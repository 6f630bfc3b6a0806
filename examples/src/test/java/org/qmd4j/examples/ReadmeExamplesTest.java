package org.qmd4j.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;

/**
 * Every Java block of the README is one of these compiled examples, character for
 * character, so what a reader copies compiles and runs.
 */
class ReadmeExamplesTest {
  private static final Pattern JAVA_BLOCK = Pattern.compile("(?s)```java\\n(.*?)```");
  private static final Path SOURCES = Path.of("src/main/java/org/qmd4j/examples");
  /** "Test your own engine": the contract test of the external project examples/own-engine. */
  private static final Path OWN_ENGINE_TEST = Path.of(
      "own-engine/src/test/java/com/example/ownengine/NaiveEngineContractTest.java");

  @Test
  void everyJavaBlockOfTheReadmeIsAnExampleFile() throws IOException {
    String readme = Files.readString(Fixtures.root().getParent().resolve("README.md"),
        StandardCharsets.UTF_8);
    List<String> blocks = new ArrayList<>();
    Matcher m = JAVA_BLOCK.matcher(readme);
    while (m.find()) blocks.add(m.group(1));
    List<String> examples = new ArrayList<>();
    try (var files = Files.list(SOURCES)) {
      for (Path file : (Iterable<Path>) files.sorted()::iterator) {
        examples.add(Files.readString(file, StandardCharsets.UTF_8));
      }
    }
    assertThat(examples).hasSize(4);
    examples.add(Files.readString(OWN_ENGINE_TEST, StandardCharsets.UTF_8));
    assertThat(blocks).as("the README's ```java blocks").containsExactlyInAnyOrderElementsOf(
        examples);
  }
}
