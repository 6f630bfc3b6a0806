package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Comments explain the code, not its history: no comment or Javadoc in any module's main or
 * test Java sources cites a tracker issue by its number or names the design notes file,
 * which a reader of the repository cannot open. The history belongs in the CHANGELOG and the
 * commit messages.
 */
class SourceCommentsTest {
  /**
   * A citation: "issue" followed by a number (a space or a '#' between), or the design notes
   * file or the folder outside the repository that holds it. A URL such as
   * {@code github.com/o/r/issues/12} or a file name such as {@code issue16-tasks.png} does not
   * match.
   */
  static final Pattern CITATION = Pattern.compile(
      "(?i)\\bissues?(?: +#?| *#)\\d+\\b|\\bDESIGN\\.md\\b|\\.\\./shared\\b");

  /** Seen from qmd4j-core's folder, where Maven runs its tests. */
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void noCommentCitesAnIssueOrTheDesignNotes() throws IOException {
    List<Path> modules;
    try (Stream<Path> dirs = Files.list(ROOT)) {
      modules = dirs.filter(Files::isDirectory)
          .filter(d -> {
            String name = d.getFileName().toString();
            return name.startsWith("qmd4j-") || name.equals("examples");
          })
          .sorted().toList();
    }
    assertThat(modules).as("modules under %s", ROOT)
        .anyMatch(m -> m.endsWith("qmd4j-core")).anyMatch(m -> m.endsWith("examples"));

    List<String> found = new ArrayList<>();
    int files = 0;
    for (Path module : modules) {
      for (String set : List.of("src/main/java", "src/test/java")) {
        Path dir = module.resolve(set);
        if (!Files.isDirectory(dir)) continue;
        try (Stream<Path> walk = Files.walk(dir)) {
          for (Path file : walk.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
            files++;
            List<String> comments = commentsByLine(
                Files.readString(file, StandardCharsets.UTF_8));
            for (int i : citingLines(comments)) {
              found.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + comments.get(i).strip());
            }
          }
        }
      }
    }
    assertThat(files).as("Java files scanned").isGreaterThan(100);
    assertThat(found)
        .as("comments citing an issue number or DESIGN.md: say the reason itself instead")
        .isEmpty();
  }

  @Test
  void theCheckSeesCommentsOnlyAndTellsCitationsFromLookAlikes() {
    String source = String.join("\n",
        "/** Sorted by path (issue 17: sorting cost a quarter). */",
        "class A {",
        "  String s = \"issue 12 in a string // is not a comment\";",
        "  String t = \"\"\"",
        "      Issue 3 in a text block /* neither */",
        "      \"\"\";",
        "  char c = '\"'; // see DESIGN.md",
        "  // the notes in ../shared/STYLE.md",
        "  /* a screenshot issue16-tasks.png, github.com/o/r/issues/12 */",
        "  int x; /* Issue #4",
        "   * spans lines */ int y; // fine",
        "}");
    List<Integer> citing = citingLines(commentsByLine(source)).stream().map(i -> i + 1).toList();
    assertThat(citing).containsExactly(1, 7, 8, 10);
  }

  @Test
  void aCitationBrokenAcrossTwoCommentLinesIsSeen() {
    String source = String.join("\n",
        "/**",
        " * Sparse norms are read at every scored hit (issue",
        " * 17: 7% of a first index).",
        " */",
        "class A {",
        "  // an issue",
        "  // 12 comments later, still one citation",
        "  int x; // an issue",
        "  int y; // numbers: 3 of them are fine",
        "}");
    List<Integer> citing = citingLines(commentsByLine(source)).stream().map(i -> i + 1).toList();
    assertThat(citing).containsExactly(2, 6);
  }

  /**
   * The lines (from 0) whose comment cites an issue or the design notes, alone or carried on
   * to the next line's comment (a block comment's leading {@code *} left out).
   */
  static List<Integer> citingLines(List<String> comments) {
    List<Integer> citing = new ArrayList<>();
    for (int i = 0; i < comments.size(); i++) {
      String line = comments.get(i);
      if (CITATION.matcher(line).find()) {
        citing.add(i);
      } else if (i + 1 < comments.size() && !line.isBlank()) {
        String next = comments.get(i + 1).strip();
        if (next.startsWith("*")) next = next.substring(1).strip();
        if (!next.isEmpty() && CITATION.matcher(line.strip() + " " + next).find()
            && !CITATION.matcher(next).find()) {
          citing.add(i);
        }
      }
    }
    return citing;
  }

  /**
   * The comment text of each line of a Java source (empty where a line has none): the text of
   * line and block comments, Javadoc included, never that of string, character or text-block
   * literals.
   */
  static List<String> commentsByLine(String source) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    int n = source.length();
    int state = CODE;
    for (int i = 0; i < n; i++) {
      char c = source.charAt(i);
      char next = i + 1 < n ? source.charAt(i + 1) : '\0';
      if (c == '\n') {
        lines.add(line.toString());
        line.setLength(0);
        if (state == LINE_COMMENT) state = CODE;
        continue;
      }
      switch (state) {
        case CODE -> {
          if (c == '/' && next == '/') {
            state = LINE_COMMENT;
            i++;
          } else if (c == '/' && next == '*') {
            state = BLOCK_COMMENT;
            i++;
          } else if (source.startsWith("\"\"\"", i)) {
            state = TEXT_BLOCK;
            i += 2;
          } else if (c == '"') {
            state = STRING;
          } else if (c == '\'') {
            state = CHAR;
          }
        }
        case LINE_COMMENT -> line.append(c);
        case BLOCK_COMMENT -> {
          if (c == '*' && next == '/') {
            state = CODE;
            i++;
          } else {
            line.append(c);
          }
        }
        case STRING, CHAR -> {
          if (c == '\\') {
            i++;
          } else if (c == (state == STRING ? '"' : '\'')) {
            state = CODE;
          }
        }
        case TEXT_BLOCK -> {
          if (c == '\\') {
            i++;
          } else if (source.startsWith("\"\"\"", i)) {
            state = CODE;
            i += 2;
          }
        }
        default -> throw new IllegalStateException("state " + state);
      }
    }
    lines.add(line.toString());
    return lines;
  }

  private static final int CODE = 0;
  private static final int LINE_COMMENT = 1;
  private static final int BLOCK_COMMENT = 2;
  private static final int STRING = 3;
  private static final int CHAR = 4;
  private static final int TEXT_BLOCK = 5;
}
