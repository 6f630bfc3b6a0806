package org.qmd4j.vault;

import java.util.List;
import java.util.Objects;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.VaultFile;

/**
 * An indexed file read and chunked.
 *
 * @param file the file
 * @param frontmatter its frontmatter, {@link Frontmatter#NONE} when absent
 * @param lineCount number of lines in the file, frontmatter included
 * @param chunks its chunks in file order; empty for an empty file
 * @param title the file's title as qmd sees it: its first H1 or H2 heading, else its file
 *     name without {@code .md}
 */
public record ParsedNote(VaultFile file, Frontmatter frontmatter, int lineCount,
    List<Chunk> chunks, String title) {
  public ParsedNote {
    Objects.requireNonNull(file, "file == null");
    Objects.requireNonNull(title, "title == null");
    Objects.requireNonNull(frontmatter, "frontmatter == null");
    chunks = List.copyOf(chunks);
  }
}
