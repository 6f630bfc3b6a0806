package org.qmd4j.spi;

import java.io.IOException;

/**
 * Runs an external command. The one seam between the qmd engine and the operating system:
 * tests inject a fake that replays recorded output.
 *
 * <p>Implementations must be thread-safe, must never go through a shell, must keep stdout
 * and stderr apart, and must leave no process behind, on timeout or otherwise.
 */
@FunctionalInterface
public interface ProcessRunner {
  /**
   * Runs {@code request} to completion or timeout.
   *
   * @throws IOException if the program cannot be started
   */
  ProcessResult run(ProcessRequest request) throws IOException;

  /** The real runner, on Apache Commons Exec. */
  static ProcessRunner system() {
    return CommonsExecRunner.INSTANCE;
  }
}
