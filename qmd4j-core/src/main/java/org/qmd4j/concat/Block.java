package org.qmd4j.concat;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.LineRange;

/**
 * One block of an assembled document: a vault file, or a range of its lines, headed by its
 * path. The text is the file's own, line endings normalized to {@code \n} and byte order
 * mark dropped; nothing is reworded.
 *
 * <pre>
 * ## projects/startup-x/state.md                     (the whole file)
 * ## projects/startup-x/changelog.md (lines 21-45)   (a range; the lines really included)
 * </pre>
 *
 * @param path vault-relative path with {@code /} separators
 * @param wholeFile whether the block holds the whole file; {@code false} for a range and for
 *     a whole file cut by the size cap
 * @param lines the lines included, 1-based and inclusive; empty only for an empty file
 * @param fileLines the number of lines of the file
 * @param text the included lines joined with {@code \n}, no final newline
 * @param truncation what the size cap cut, if it cut anything
 * @since 0.1
 */
public record Block(String path, boolean wholeFile, Optional<LineRange> lines, int fileLines,
    String text, Optional<Block.Truncation> truncation) {

  public Block {
    Objects.requireNonNull(path, "path == null");
    Objects.requireNonNull(lines, "lines == null");
    Objects.requireNonNull(text, "text == null");
    Objects.requireNonNull(truncation, "truncation == null");
    if (lines.isPresent() && lines.get().to() > fileLines) {
      throw new IllegalArgumentException("Expected lines within 1-" + fileLines + " but was "
          + lines.get() + " for " + path);
    }
    if (lines.isEmpty() && (fileLines != 0 || !wholeFile)) {
      throw new IllegalArgumentException("Only a whole empty file has no lines, but " + path
          + " has " + fileLines);
    }
    if (wholeFile && truncation.isPresent()) {
      throw new IllegalArgumentException("A truncated block does not hold the whole file");
    }
  }

  /** {@code ## path} for a whole file, {@code ## path (lines A-B)} otherwise. */
  public String header() {
    return wholeFile ? "## " + path : "## " + path + " (lines " + lines.get() + ")";
  }

  /**
   * The block as it appears in a document: header, blank line, text, and the truncation
   * marker line when the size cap cut it.
   */
  public String markdown() {
    StringBuilder sb = new StringBuilder(header()).append('\n');
    if (!text.isEmpty()) sb.append('\n').append(text);
    truncation.ifPresent(t -> sb.append(text.isEmpty() ? "\n" : "\n\n").append(t.marker()));
    return sb.toString();
  }

  @Override
  public String toString() {
    return lines.map(l -> path + ":" + l).orElse(path) + (wholeFile ? " (whole)" : "")
        + truncation.map(t -> " (truncated)").orElse("");
  }

  /**
   * What the size cap left out of a block.
   *
   * @param omittedBytes UTF-8 bytes of text not shown
   * @param omitted the lines not shown, or only partly shown for the first of them when a
   *     single line is larger than the cap
   * @param blockCap the cap, in UTF-8 bytes of text
   */
  public record Truncation(long omittedBytes, LineRange omitted, int blockCap) {
    public Truncation {
      Objects.requireNonNull(omitted, "omitted == null");
      if (omittedBytes < 1) {
        throw new IllegalArgumentException("Expected omitted bytes > 0 but was " + omittedBytes);
      }
    }

    /** The visible marker line that ends a truncated block. */
    public String marker() {
      return String.format(Locale.ROOT, "[… truncated by qmd4j: %d bytes not shown (lines %s);"
          + " blocks are capped at %d bytes, ask for a smaller line range]",
          omittedBytes, omitted, blockCap);
    }
  }
}
