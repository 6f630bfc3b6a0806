package org.qmd4j.vault;

import com.vladsch.flexmark.ast.FencedCodeBlock;
import com.vladsch.flexmark.ast.HtmlBlock;
import com.vladsch.flexmark.ast.IndentedCodeBlock;
import com.vladsch.flexmark.parser.InlineParserExtensionFactory;
import com.vladsch.flexmark.parser.Parser;
import com.vladsch.flexmark.parser.core.ReferencePreProcessorFactory;
import com.vladsch.flexmark.parser.delimiter.DelimiterProcessor;
import com.vladsch.flexmark.parser.internal.CommonmarkInlineParser;
import com.vladsch.flexmark.parser.internal.LinkRefProcessorData;
import com.vladsch.flexmark.util.ast.Document;
import com.vladsch.flexmark.util.ast.Node;
import com.vladsch.flexmark.util.data.DataHolder;
import com.vladsch.flexmark.util.sequence.BasedSequence;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The structure of a note that chunking needs, read with flexmark: its top-level headings
 * with their lines, and the lines inside code blocks (where a {@code #} is not a heading and
 * a chunk may not be cut). Frontmatter lines are blanked before parsing so that a YAML block
 * is never read as markdown, and line numbers stay those of the file.
 */
final class MarkdownStructure {
  /**
   * The block structure only: the inline content of paragraphs and headings (emphasis, links,
   * code spans) is not parsed, since nothing here reads it (a heading's text is its raw line
   * text, cut by the block parser). In CommonMark the blocks are found before the inlines, and
   * the one paragraph step that can change them, link reference definitions, is kept: a
   * custom inline parser factory leaves out flexmark's core paragraph pre-processors, so the
   * reference one is added back. Inline parsing was a third of flexmark's time in a first
   * index. Parser instances are immutable and thread-safe once built.
   */
  private static final Parser PARSER = Parser.builder()
      .customInlineParserFactory((options, special, delimiters, processors, linkRefs,
          extensions) -> new BlocksOnly(options, special, delimiters, processors, linkRefs,
          extensions))
      .paragraphPreProcessorFactory(new ReferencePreProcessorFactory())
      .build();

  /** The CommonMark inline parser, which parses references but no inline content. */
  private static final class BlocksOnly extends CommonmarkInlineParser {
    BlocksOnly(DataHolder options, BitSet special, BitSet delimiters,
        Map<Character, DelimiterProcessor> processors, LinkRefProcessorData linkRefs,
        List<InlineParserExtensionFactory> extensions) {
      super(options, special, delimiters, processors, linkRefs, extensions);
    }

    @Override
    public void parse(BasedSequence input, Node block) {
      // Blocks only: their inline content stays unparsed.
    }
  }

  final List<Heading> headings;
  final BitSet codeLines; // bit k set = line k (1-based) is inside a code block
  private final byte[] levels; // levels[k] = heading level of line k (1-based), 0 if none
  /** Read by flexmark, not by {@link #scan}. */
  final boolean parsed;

  private MarkdownStructure(List<Heading> headings, BitSet codeLines, int lineCount,
      boolean parsed) {
    this.parsed = parsed;
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

  /**
   * Above this many lines that start with {@code #}, or this many characters, a note's
   * structure is read by {@link #scan} instead of flexmark: flexmark costs about 0.1 ms per
   * heading here, so a note of 20,000 headings took seconds.
   */
  static final int MAX_PARSED_HEADINGS = 500;

  static final int MAX_PARSED_LENGTH = 512 * 1024;

  static MarkdownStructure parse(NoteText note, int frontmatterEndLine) {
    return parse(note, frontmatterEndLine, PARSER);
  }

  /** {@link #parse(NoteText, int)} with {@code parser} (tests compare it with flexmark's own). */
  static MarkdownStructure parse(NoteText note, int frontmatterEndLine, Parser parser) {
    int hashes = 0;
    for (String line : note.lines()) {
      if (!line.isEmpty() && line.charAt(0) == '#') hashes++;
    }
    if (hashes > MAX_PARSED_HEADINGS
        || note.lineCount() > 0 && note.length(1, note.lineCount()) > MAX_PARSED_LENGTH) {
      return scan(note, frontmatterEndLine);
    }
    StringBuilder source = new StringBuilder(
        note.lineCount() == 0 ? 16 : note.length(1, note.lineCount()));
    List<String> lines = note.lines();
    for (int i = 0; i < lines.size(); i++) {
      if (i >= frontmatterEndLine) source.append(lines.get(i));
      source.append('\n');
    }
    // Line starts for a binary search: flexmark's Document.getLineNumber scans from the start
    // of the text on each call, which made chunking quadratic in the heading count.
    int[] starts = new int[lines.size() + 1];
    for (int i = 0, offset = 0; i < lines.size(); i++) {
      starts[i] = offset;
      offset += (i >= frontmatterEndLine ? lines.get(i).length() : 0) + 1;
    }
    starts[lines.size()] = Integer.MAX_VALUE;
    Document document = parser.parse(source.toString());
    List<Heading> headings = new ArrayList<>();
    BitSet code = new BitSet();
    for (Node node = document.getFirstChild(); node != null; node = node.getNext()) {
      if (node instanceof com.vladsch.flexmark.ast.Heading) {
        com.vladsch.flexmark.ast.Heading h = (com.vladsch.flexmark.ast.Heading) node;
        int line = lineOf(starts, h.getText().getStartOffset());
        headings.add(new Heading(line, h.getLevel(), h.getText().toString().strip()));
      } else if (node instanceof FencedCodeBlock
          || node instanceof IndentedCodeBlock
          || node instanceof HtmlBlock) {
        int first = lineOf(starts, node.getStartOffset());
        int end = Math.max(node.getStartOffset(), node.getEndOffset() - 1);
        int last = lineOf(starts, end);
        code.set(first + 1, last + 1); // the opening line itself is a fine place to cut
      }
    }
    return new MarkdownStructure(headings, code, note.lineCount(), true);
  }

  private static final Pattern ATX = Pattern.compile("^ {0,3}(#{1,6})(?:[ \t]+(.*?))?"
      + "(?:[ \t]+#+)?[ \t]*$");
  private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})(.*)$");
  private static final Pattern SETEXT = Pattern.compile("^ {0,3}(=+|-+)[ \t]*$");

  /**
   * A one-pass reading of the same structure for very large notes: ATX headings, setext
   * headings under a one-line paragraph, and fenced code blocks, at the top level. It does
   * not see headings inside lists or block quotes as nested, which only matters for where
   * a chunk of such a note is cut.
   */
  static MarkdownStructure scan(NoteText note, int frontmatterEndLine) {
    List<String> lines = note.lines();
    List<Heading> headings = new ArrayList<>();
    BitSet code = new BitSet();
    String fence = null;
    boolean previousIsText = false;
    for (int i = frontmatterEndLine; i < lines.size(); i++) {
      String line = lines.get(i);
      int number = i + 1;
      if (fence != null) {
        code.set(number);
        if (closes(line, fence)) fence = null;
        previousIsText = false;
        continue;
      }
      Matcher f = FENCE.matcher(line);
      if (f.matches() && !(f.group(1).charAt(0) == '`' && f.group(2).indexOf('`') >= 0)) {
        fence = f.group(1);
        previousIsText = false;
        continue;
      }
      if (line.isBlank()) {
        previousIsText = false;
        continue;
      }
      Matcher atx = line.indexOf('#') >= 0 ? ATX.matcher(line) : null;
      if (atx != null && atx.matches()) {
        String text = atx.group(2) == null ? "" : atx.group(2).strip();
        headings.add(new Heading(number, atx.group(1).length(), text));
        previousIsText = false;
        continue;
      }
      Matcher setext = SETEXT.matcher(line);
      if (previousIsText && setext.matches()
          && isParagraphStart(lines, i - 1, frontmatterEndLine)) {
        int level = setext.group(1).charAt(0) == '=' ? 1 : 2;
        headings.add(new Heading(number - 1, level, lines.get(i - 1).strip()));
        previousIsText = false;
        continue;
      }
      previousIsText = !line.startsWith("    ") && !line.startsWith("\t");
    }
    return new MarkdownStructure(headings, code, note.lineCount(), false);
  }

  private static boolean closes(String line, String fence) {
    String t = line.strip();
    if (!t.startsWith(fence)) return false;
    for (int k = 0; k < t.length(); k++) {
      if (t.charAt(k) != fence.charAt(0)) return false;
    }
    return true;
  }

  // A setext underline makes a heading of a one-line paragraph only (longer ones are rare).
  private static boolean isParagraphStart(List<String> lines, int index, int frontmatterEnd) {
    return index == frontmatterEnd || lines.get(index - 1).isBlank();
  }

  /** The 1-based line holding {@code offset}, given each line's start offset. */
  private static int lineOf(int[] starts, int offset) {
    int lo = 0;
    int hi = starts.length - 1;
    while (lo < hi) { // last line whose start is <= offset
      int mid = (lo + hi + 1) >>> 1;
      if (starts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return lo + 1;
  }
}
