package org.qmd4j.vault;

import com.vladsch.flexmark.ast.FencedCodeBlock;
import com.vladsch.flexmark.ast.HtmlBlock;
import com.vladsch.flexmark.ast.IndentedCodeBlock;
import com.vladsch.flexmark.parser.Parser;
import com.vladsch.flexmark.util.ast.Document;
import com.vladsch.flexmark.util.ast.Node;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The structure of a note that chunking needs, read with flexmark: its top-level headings
 * with their lines, and the lines inside code blocks (where a {@code #} is not a heading and
 * a chunk may not be cut). Frontmatter lines are blanked before parsing so that a YAML block
 * is never read as markdown, and line numbers stay those of the file.
 */
final class MarkdownStructure {
  // Parser instances are immutable and thread-safe once built.
  private static final Parser PARSER = Parser.builder().build();

  final List<Heading> headings;
  final BitSet codeLines; // bit k set = line k (1-based) is inside a code block
  private final byte[] levels; // levels[k] = heading level of line k (1-based), 0 if none

  private MarkdownStructure(List<Heading> headings, BitSet codeLines, int lineCount) {
    this.headings = List.copyOf(headings);
    this.codeLines = codeLines;
    this.levels = new byte[lineCount + 2];
    for (Heading h : headings) {
      if (h.line() < levels.length) levels[h.line()] = (byte) h.level();
    }
  }

  /** The level of the heading on {@code line} (1-based), or 0 when it is not a heading. */
  int headingLevel(int line) {
    return line < levels.length ? levels[line] : 0;
  }

  static MarkdownStructure parse(NoteText note, int frontmatterEndLine) {
    StringBuilder source = new StringBuilder(note.length(1, Math.max(1, note.lineCount())));
    List<String> lines = note.lines();
    for (int i = 0; i < lines.size(); i++) {
      if (i >= frontmatterEndLine) source.append(lines.get(i));
      source.append('\n');
    }
    Document document = PARSER.parse(source.toString());
    List<Heading> headings = new ArrayList<>();
    BitSet code = new BitSet();
    for (Node node = document.getFirstChild(); node != null; node = node.getNext()) {
      if (node instanceof com.vladsch.flexmark.ast.Heading) {
        com.vladsch.flexmark.ast.Heading h = (com.vladsch.flexmark.ast.Heading) node;
        int line = document.getLineNumber(h.getText().getStartOffset()) + 1;
        headings.add(new Heading(line, h.getLevel(), h.getText().toString().strip()));
      } else if (node instanceof FencedCodeBlock
          || node instanceof IndentedCodeBlock
          || node instanceof HtmlBlock) {
        int first = document.getLineNumber(node.getStartOffset()) + 1;
        int end = Math.max(node.getStartOffset(), node.getEndOffset() - 1);
        int last = document.getLineNumber(end) + 1;
        code.set(first + 1, last + 1); // the opening line itself is a fine place to cut
      }
    }
    return new MarkdownStructure(headings, code, note.lineCount());
  }
}
