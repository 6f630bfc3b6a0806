package org.qmd4j.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.qmd4j.spi.IndexProgress;

/**
 * Shows indexing progress on stderr, for passes that take more than a second: on a terminal
 * a line rewritten in place ({@code files done/total, rate}), otherwise one summary line at
 * the end. {@code --quiet} silences it. stdout is never touched.
 */
final class ProgressPrinter implements IndexProgress {
  private static final Duration SHOWN_AFTER = Duration.ofSeconds(1);

  private final Supplier<PrintWriter> err;
  private final boolean terminal;
  private volatile boolean quiet;
  private boolean drawn;

  ProgressPrinter(Supplier<PrintWriter> err, boolean terminal) {
    this.err = err;
    this.terminal = terminal;
  }

  /** Whether stderr is a terminal: the launcher says so, else the JVM's console. */
  static boolean stderrIsTerminal(Map<String, String> environment) {
    String told = environment.get("QMD4J_STDERR_TTY");
    if (told != null) return told.equals("1");
    return System.console() != null;
  }

  void quiet(boolean quiet) {
    this.quiet = quiet;
  }

  @Override
  public synchronized void progress(int done, int total, Duration elapsed, boolean finished) {
    if (quiet || elapsed.compareTo(SHOWN_AFTER) < 0) return;
    double seconds = elapsed.toNanos() / 1e9;
    long rate = Math.round(done / seconds);
    PrintWriter err = this.err.get();
    if (finished) {
      err.printf(Locale.ROOT, "%sqmd4j: indexed %d files in %.1f s (%d files/s)%s%n",
          drawn ? "\r" : "", total, seconds, rate, drawn ? "\u001b[K" : "");
      drawn = false;
    } else if (terminal) {
      err.printf(Locale.ROOT, "\rqmd4j: indexing %d/%d files (%d files/s)\u001b[K", done, total,
          rate);
      drawn = true;
    } else {
      return;
    }
    err.flush();
  }
}
