package org.qmd4j.vault;

/**
 * What a stat call tells about a file, enough to notice that it changed.
 *
 * @param size size in bytes
 * @param modifiedNanos last-modified time in nanoseconds since the epoch
 */
public record FileStamp(long size, long modifiedNanos) {}
