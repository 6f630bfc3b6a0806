package org.qmd4j.concat;

/**
 * How a {@link ConcatEngine} assembles documents. Immutable: start from {@link #DEFAULT} and
 * derive with the {@code withX} methods.
 *
 * @param blockCap the most UTF-8 bytes of text one block may hold; a larger block is cut at a
 *     line boundary and ends with a visible marker saying what was cut. At least 1.
 * @since 0.1
 */
public record ConcatOptions(int blockCap) {
  /** The default cap of a block: 1 MiB. */
  public static final int DEFAULT_BLOCK_CAP = 1 << 20;

  /** A block cap of 1 MiB. */
  public static final ConcatOptions DEFAULT = new ConcatOptions(DEFAULT_BLOCK_CAP);

  public ConcatOptions {
    if (blockCap < 1) {
      throw new IllegalArgumentException("Expected a block cap of at least 1 byte but was "
          + blockCap);
    }
  }

  public ConcatOptions withBlockCap(int blockCap) {
    return new ConcatOptions(blockCap);
  }
}
