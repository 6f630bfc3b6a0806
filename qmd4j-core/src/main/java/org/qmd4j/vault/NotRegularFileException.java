package org.qmd4j.vault;

import java.nio.file.FileSystemException;

/**
 * Thrown by {@link InsideVault} when the path names something other than a regular file at
 * the moment it is read: a folder, a named pipe (FIFO), a socket or a device, or a file that
 * was swapped for one of these while it was being opened.
 */
public final class NotRegularFileException extends FileSystemException {
  private static final long serialVersionUID = 1L;

  NotRegularFileException(String file, String reason) {
    super(file, null, reason);
  }
}
