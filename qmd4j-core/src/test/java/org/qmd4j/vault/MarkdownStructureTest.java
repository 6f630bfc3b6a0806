package org.qmd4j.vault;

import static org.assertj.core.api.Assertions.assertThat;

import com.vladsch.flexmark.parser.Parser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The structure read without inline parsing is the one flexmark's full parse gives: the same
 * headings (line, level, text) and the same code lines, for random notes mixing every kind of
 * block and inline, and for every note of the example vaults (or of the folder named by the
 * system property {@code qmd4j.markdownCorpus}).
 */
class MarkdownStructureTest {
  private static final Parser FULL = Parser.builder().build();

  private static final String[] LINES = {
    "", "", "", "# Titre", "## Décision *importante*", "### `code` dans un titre ###",
    "#sans-espace", "\\# pas un titre", "####### sept", "  ## indenté", "Texte simple.",
    "Un paragraphe avec **gras**, _italique_ et [un lien](https://example.org).",
    "===", "---", "- - -", "***", "- item", "- # titre dans une liste", "1. premier",
    "> citation", "> # titre cité", "```", "```java", "~~~", "    code indenté",
    "\tcode tab", "<div>", "</div>", "<!-- commentaire", "-->", "<details>",
    "[ref]: https://example.org \"titre\"", "[ref2]:", "  /url", "[ref]", "`` a ` b ``",
    "| a | b |", "|---|---|", "Setext", "* * *", "+ plus", "Ligne avec \\", "&amp; entité",
    "<https://auto.link>", "![image](x.png)", "[[wiki|lien]]", "#tag #projet/client",
  };

  @Test
  void randomNotesHaveFlexmarksStructure() {
    Random random = new Random(20261128L);
    for (int n = 0; n < 1_000; n++) {
      StringBuilder text = new StringBuilder();
      int lines = 1 + random.nextInt(30);
      for (int i = 0; i < lines; i++) {
        text.append(LINES[random.nextInt(LINES.length)]).append('\n');
      }
      NoteText note = NoteText.of(text.toString());
      int frontmatterEnd = random.nextInt(4) == 0 ? Math.min(2, note.lineCount()) : 0;
      assertSame(note, frontmatterEnd, "random note " + n + ":\n" + text);
    }
  }

  @Test
  void vaultNotesHaveFlexmarksStructure() throws IOException {
    String corpus = System.getProperty("qmd4j.markdownCorpus");
    Path root = corpus != null ? Path.of(corpus) : findFixtures();
    List<Path> notes;
    try (Stream<Path> files = Files.walk(root)) {
      notes = files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
    }
    assertThat(notes).isNotEmpty();
    for (Path p : notes) {
      NoteText note = NoteText.decode(Files.readAllBytes(p));
      Frontmatter fm = Frontmatter.parse(note);
      assertSame(note, fm.endLine(), p.toString());
    }
  }

  private static void assertSame(NoteText note, int frontmatterEnd, String what) {
    MarkdownStructure full = MarkdownStructure.parse(note, frontmatterEnd, FULL);
    MarkdownStructure blocks = MarkdownStructure.parse(note, frontmatterEnd);
    assertThat(blocks.headings).as(what).isEqualTo(full.headings);
    assertThat(blocks.codeLines).as(what).isEqualTo(full.codeLines);
  }

  private static Path findFixtures() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path fixtures = dir.resolve("testfixtures");
      if (Files.isDirectory(fixtures)) return fixtures;
    }
    throw new IllegalStateException("no testfixtures folder above the working directory");
  }
}
