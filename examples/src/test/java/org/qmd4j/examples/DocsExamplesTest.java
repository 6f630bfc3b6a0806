package org.qmd4j.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.vladsch.flexmark.ast.FencedCodeBlock;
import com.vladsch.flexmark.util.ast.NodeVisitor;
import com.vladsch.flexmark.util.ast.VisitHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every Java block of the README and of {@code docs/*.md} is one of these compiled examples,
 * character for character, so what a reader copies compiles and runs; and every example is
 * shown somewhere.
 */
class DocsExamplesTest {
  private static final Path SOURCES = Path.of("src/main/java/org/qmd4j/examples");
  /** "Test your own engine": the contract test of the external project examples/own-engine. */
  private static final Path OWN_ENGINE_TEST = Path.of(
      "own-engine/src/test/java/com/example/ownengine/NaiveEngineContractTest.java");

  @Test
  void everyJavaBlockOfTheReadmeAndDocsIsAnExampleFile() throws IOException {
    Map<String, String> examples = new LinkedHashMap<>(); // text -> file name
    try (var files = Files.list(SOURCES)) {
      for (Path file : (Iterable<Path>) files.sorted()::iterator) {
        examples.put(Files.readString(file, StandardCharsets.UTF_8), file.toString());
      }
    }
    assertThat(examples).hasSize(5);
    examples.put(Files.readString(OWN_ENGINE_TEST, StandardCharsets.UTF_8),
        OWN_ENGINE_TEST.toString());

    List<String> strangers = new ArrayList<>();
    List<String> shown = new ArrayList<>();
    for (Path page : DocPages.all()) {
      for (String block : javaBlocks(DocPages.read(page))) {
        if (examples.containsKey(block)) {
          shown.add(examples.get(block));
        } else {
          strangers.add(DocPages.name(page) + ": a ```java block that is no example file:\n"
              + block.lines().limit(12).reduce("", (a, b) -> a + "    " + b + "\n"));
        }
      }
    }
    assertThat(strangers)
        .as("Java blocks must be copies of files of examples/ (or of its own-engine project), "
            + "which the build compiles and runs: add the code there and paste it whole")
        .isEmpty();
    assertThat(shown).as("examples shown in the README or docs/")
        .containsAll(examples.values());
  }

  @Test
  void findsTheJavaBlocksAsCommonMarkReadsThem() {
    String page = String.join("\n",
        "Intro", "", "```java", "class A {}", "```", "", "    ```java", "    indented code", "",
        "````markdown", "```java", "class Shown {}", "```", "````", "", "~~~java", "class B {}",
        "~~~", "", "```bash", "ls", "```", "");
    assertThat(javaBlocks(page)).containsExactly("class A {}\n", "class B {}\n");
  }

  /** The text of each fenced block whose info string is {@code java}, in page order. */
  static List<String> javaBlocks(String markdown) {
    List<String> blocks = new ArrayList<>();
    new NodeVisitor(new VisitHandler<>(FencedCodeBlock.class, block -> {
      if (block.getInfo().toString().strip().equals("java")) {
        blocks.add(block.getContentChars().toString());
      }
    })).visit(DocPages.parse(markdown));
    return blocks;
  }
}
