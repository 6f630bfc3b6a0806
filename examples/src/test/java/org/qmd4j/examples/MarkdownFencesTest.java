package org.qmd4j.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import com.vladsch.flexmark.ast.FencedCodeBlock;
import com.vladsch.flexmark.util.ast.NodeVisitor;
import com.vladsch.flexmark.util.ast.VisitHandler;
import org.junit.jupiter.api.Test;

/**
 * Every fenced code block of the README and of {@code docs/*.md} is closed, and closed by a
 * bare fence. A fence followed by text ("```" then prose on the same line) does not close a
 * block in CommonMark: the block runs on and turns the following sections into code. Checked
 * twice: line by line, and by parsing each page as CommonMark (flexmark) and asking each
 * fenced block for its closing fence.
 */
class MarkdownFencesTest {
  /** A fence line: up to 3 spaces, 3 or more backticks or tildes, then the rest of the line. */
  private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})(.*)$");

  @Test
  void everyFencedBlockOfTheReadmeAndDocsIsClosedByABareFence() {
    List<Path> files = DocPages.all();
    assertThat(files).hasSizeGreaterThan(1);
    List<String> problems = new ArrayList<>();
    for (Path file : files) {
      String markdown = DocPages.read(file);
      for (String problem : fenceProblems(markdown)) {
        problems.add(DocPages.name(file) + ":" + problem);
      }
      for (String problem : unclosedBlocks(markdown)) {
        problems.add(DocPages.name(file) + ":" + problem);
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

  @Test
  void theParsedPageShowsABlockRunningToTheEnd() {
    String broken = String.join("\n",
        "Intro", "", "```", "$ ./qmd4j find", "``` Dates are the frontmatter `updated`,",
        "", "## Typed commands", "", "Prose.", "");
    assertThat(unclosedBlocks(broken)).containsExactly(
        "3: a code block opened here runs to the end of the page (its closing fence is missing)");
    assertThat(unclosedBlocks("- item\n\n  ```bash\n  ls\n  ```\n\n````\n```\n````\n"))
        .isEmpty();
  }

  /**
   * The fenced blocks that CommonMark, as flexmark parses it, never closes: they take the
   * rest of the page, as {@code "LINE: what"}.
   */
  static List<String> unclosedBlocks(String markdown) {
    List<String> problems = new ArrayList<>();
    new NodeVisitor(new VisitHandler<>(FencedCodeBlock.class, block -> {
      if (block.getClosingMarker().isEmpty()) {
        problems.add((block.getLineNumber() + 1) + ": a code block opened here runs to the end"
            + " of the page (its closing fence is missing)");
      }
    })).visit(DocPages.parse(markdown));
    return problems;
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
