package org.qmd4j.spi;

import java.time.Duration;

/**
 * Hears how an indexing pass goes: files read and indexed so far out of those to read. An
 * engine calls it from one thread at a time, at most every 100 ms or so, and once more with
 * {@code finished} set at the end of every pass that read files. Listeners must be quick
 * and must not throw; they decide themselves what is worth showing (a command line shows
 * nothing for a pass under a second).
 *
 * @since 0.2
 */
@FunctionalInterface
public interface IndexProgress {
  /** Hears nothing. */
  IndexProgress NONE = (done, total, elapsed, finished) -> { };

  /**
   * One report.
   *
   * @param done files read so far in this pass
   * @param total files this pass reads (new, changed or possibly changed)
   * @param elapsed time since the pass started
   * @param finished whether this is the pass's last report
   */
  void progress(int done, int total, Duration elapsed, boolean finished);
}
