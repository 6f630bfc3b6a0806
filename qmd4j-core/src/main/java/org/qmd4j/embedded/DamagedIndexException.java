package org.qmd4j.embedded;

import java.io.IOException;

/**
 * A file of the open index changed, vanished or failed its checksum under a running process:
 * the index is rebuilt ({@link IndexHealer}). Never leaves the package.
 */
final class DamagedIndexException extends IOException {
  private static final long serialVersionUID = 1L;

  DamagedIndexException(String message) {
    super(message);
  }
}
