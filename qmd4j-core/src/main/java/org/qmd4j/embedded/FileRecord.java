package org.qmd4j.embedded;

import org.qmd4j.vault.FileStamp;

/**
 * What the index knows of an indexed file: the stamp it had and a hash of its bytes when it
 * was read, and when that was.
 */
record FileRecord(FileStamp stamp, long hash, long readAtNanos) {
  /**
   * Whether the file may have changed since it was read without its stamp showing it: it was
   * read so soon after its last change that a second change within the same timestamp tick
   * would keep the same size and time (git's "racily clean" files).
   */
  boolean isRacy(long granularityNanos) {
    return readAtNanos - stamp.modifiedNanos() < granularityNanos;
  }
}
