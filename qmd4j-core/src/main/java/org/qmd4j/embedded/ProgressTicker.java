package org.qmd4j.embedded;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.qmd4j.spi.IndexProgress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts the files of one indexing pass, from several threads, and reports to an
 * {@link IndexProgress} at most every {@value #EVERY_MS} ms, from one thread at a time. Logs
 * a summary of passes that read many files.
 */
final class ProgressTicker {
  private static final Logger LOG = LoggerFactory.getLogger(ProgressTicker.class);
  private static final long EVERY_MS = 100;
  private static final int LOGGED_FROM = 100;

  private final IndexProgress listener;
  private final int total;
  private final long start = System.nanoTime();
  private final AtomicInteger done = new AtomicInteger();
  private volatile long nextReport = start + EVERY_MS * 1_000_000L;

  ProgressTicker(IndexProgress listener, int total) {
    this.listener = listener;
    this.total = total;
  }

  /** One more file done; reports when due. */
  void tick() {
    int n = done.incrementAndGet();
    long now = System.nanoTime();
    if (now < nextReport) return;
    synchronized (this) {
      if (now < nextReport) return;
      nextReport = now + EVERY_MS * 1_000_000L;
      report(n, Duration.ofNanos(now - start), false);
    }
  }

  /** The pass is over: the last report, and a log line for a big pass. */
  synchronized void finish() {
    if (total == 0) return;
    Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
    report(done.get(), elapsed, true);
    if (total >= LOGGED_FROM) {
      LOG.info("Indexed {} files in {} ms", total, elapsed.toMillis());
    }
  }

  private void report(int n, Duration elapsed, boolean finished) {
    try {
      listener.progress(n, total, elapsed, finished);
    } catch (RuntimeException e) {
      LOG.warn("A progress listener failed: {}", e.toString());
    }
  }
}
