package org.qmd4j.vault;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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
 * @param readings one per chunk: what reading the chunk's text alone finds, when the file's
 *     reading already tells (see {@link ChunkReading}); empty where it does not
 */
public record ParsedNote(VaultFile file, Frontmatter frontmatter, int lineCount,
    List<Chunk> chunks, String title, List<Optional<ChunkReading>> readings) {
  public ParsedNote {
    Objects.requireNonNull(file, "file == null");
    Objects.requireNonNull(title, "title == null");
    Objects.requireNonNull(frontmatter, "frontmatter == null");
    chunks = List.copyOf(chunks);
    readings = List.copyOf(readings);
    if (readings.size() != chunks.size()) {
      throw new IllegalArgumentException("readings: " + readings.size() + ", chunks: "
          + chunks.size());
    }
  }

  /** A parsed note whose chunks have no readings. */
  public ParsedNote(VaultFile file, Frontmatter frontmatter, int lineCount, List<Chunk> chunks,
      String title) {
    this(file, frontmatter, lineCount, chunks, title,
        Collections.nCopies(chunks.size(), Optional.empty()));
  }
}
