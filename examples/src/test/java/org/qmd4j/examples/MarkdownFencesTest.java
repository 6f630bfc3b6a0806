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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;

/**
 * Every fenced code block of the README and of {@code docs/*.md} is closed, and closed by a
 * bare fence. A fence followed by text ("```" then prose on the same line) does not close a
 * block in CommonMark: the block runs on and turns the following sections into code.
 */
class MarkdownFencesTest {
  /** A fence line: up to 3 spaces, 3 or more backticks or tildes, then the rest of the line. */
  private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})(.*)$");

  @Test
  void everyFencedBlockOfTheReadmeAndDocsIsClosedByABareFence() throws IOException {
    Path root = Fixtures.root().getParent();
    List<Path> files = new ArrayList<>();
    files.add(root.resolve("README.md"));
    try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    }
    assertThat(files).hasSizeGreaterThan(1);
    List<String> problems = new ArrayList<>();
    for (Path file : files) {
      for (String problem : fenceProblems(Files.readString(file, StandardCharsets.UTF_8))) {
        problems.add(root.relativize(file) + ":" + problem);
      }
    }
    assertThat(problems).as("broken code fences").isEmpty();
  }

  @Test
  void findsAFenceCarryingProseAndABlockNeverClosed() {
    String broken = String.join("\n",
        "Intro", "", "```", "$ ./qmd4j find", "(6 results)",
        "``` Dates are the frontmatter `updated`,", "else the file's time.", "",
        "## Typed commands", "", "```java", "var x = 1;", "```", "");
    assertThat(fenceProblems(broken)).containsExactly(
        "6: a closing fence carries text after it: ``` Dates are the frontmatter `updated`,",
        "11: a closing fence carries text after it: ```java");
    assertThat(fenceProblems("Intro\n\n```bash\nls\n")).containsExactly(
        "3: a code block opened here is never closed");

    String fine = String.join("\n",
        "````markdown", "```java", "code", "```", "````", "", "~~~", "```", "~~~", "",
        "- item", "", "  ```bash", "  ls", "  ```", "");
    assertThat(fenceProblems(fine)).isEmpty();
  }

  /**
   * The fence problems of one markdown text, as {@code "LINE: what"}: a line that would close
   * the open block but carries text after its fence, and a block still open at the end.
   */
  static List<String> fenceProblems(String markdown) {
    List<String> problems = new ArrayList<>();
    String[] lines = markdown.split("\n", -1);
    String open = null; // the fence of the open block, null outside a block
    int openedAt = 0;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].stripLeading();
      Matcher m = FENCE.matcher(line);
      if (!m.matches()) continue;
      String fence = m.group(1);
      String rest = m.group(2);
      if (open == null) {
        if (fence.charAt(0) == '`' && rest.indexOf('`') >= 0) continue; // inline code, no fence
        open = fence;
        openedAt = i + 1;
      } else if (fence.charAt(0) == open.charAt(0) && fence.length() >= open.length()) {
        if (rest.isBlank()) {
          open = null;
        } else {
          problems.add((i + 1) + ": a closing fence carries text after it: " + lines[i]);
        }
      }
    }
    if (open != null) problems.add(openedAt + ": a code block opened here is never closed");
    return problems;
  }
}
