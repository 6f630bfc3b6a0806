package org.qmd4j.vault;

import java.util.List;

/**
 * The top-level headings of a note (ATX and setext), read with the same markdown parser as
 * the chunker: a {@code #} line inside a code block is not a heading, and frontmatter lines
 * are never read as markdown. Stateless and thread-safe.
 */
public final class Outline {
  private Outline() {}

  /**
   * The headings of {@code note} in order, with 1-based line numbers in {@code note}.
   *
   * @param frontmatterEndLine the last line of the note's frontmatter, 0 when it has none
   */
  public static List<Heading> headings(NoteText note, int frontmatterEndLine) {
    if (note.lineCount() == 0) return List.of();
    return MarkdownStructure.parse(note, frontmatterEndLine).headings;
  }
}
