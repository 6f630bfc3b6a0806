package org.qmd4j.vault;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads the frontmatter of a file from its head only, so that listing the frontmatter of a
 * vault does not decode megabytes of body text.
 *
 * <p>At most the first {@value #HEAD_BYTES} bytes are read, cut at their last line break; a
 * frontmatter block that does not close within them is no frontmatter. The head is decoded
 * like a whole file ({@link NoteText#decode}). Stateless and thread-safe.
 */
public final class FrontmatterReader {
  /** How many bytes of a file are read at most. */
  public static final int HEAD_BYTES = 64 * 1024;

  private FrontmatterReader() {}

  /**
   * The frontmatter of {@code file}: {@link Frontmatter#NONE} when it has none, empty fields
   * and {@link Frontmatter#malformed()} when it cannot be read as YAML.
   *
   * @param vault the vault, as a real path
   * @param path the file's vault-relative path
   * @throws NotRegularFileException if it is not a regular file (a FIFO, say)
   * @throws IOException if the file cannot be read (read as {@link InsideVault} reads)
   */
  public static Frontmatter read(Path vault, String path) throws IOException {
    byte[] head = InsideVault.readHead(vault, path, HEAD_BYTES + 1);
    if (head.length > HEAD_BYTES) {
      int end = HEAD_BYTES;
      while (end > 0 && head[end - 1] != '\n') end--;
      // A cut inside a multi-byte character would wrongly look like windows-1252.
      head = Arrays.copyOf(head, end == 0 ? HEAD_BYTES : end);
    }
    return Frontmatter.parse(NoteText.decode(head));
  }
}
