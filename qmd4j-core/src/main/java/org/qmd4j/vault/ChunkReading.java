package org.qmd4j.vault;

import java.util.List;
import java.util.Objects;

/**
 * What reading a chunk's text alone finds, known from its file's reading when both readings
 * are the same (see {@link ParsedNote#readings()}), so that the chunk's typed records are read
 * without parsing its text again.
 *
 * @param frontmatter the chunk's frontmatter: its file's, when the chunk starts on line 1;
 *     otherwise {@link Frontmatter#NONE}
 * @param headings the chunk's top-level headings, with lines counted from the chunk's first
 *     line, as {@link Outline#headings} reads the chunk's text
 */
public record ChunkReading(Frontmatter frontmatter, List<Heading> headings) {
  public ChunkReading {
    Objects.requireNonNull(frontmatter, "frontmatter == null");
    headings = List.copyOf(headings);
  }
}
