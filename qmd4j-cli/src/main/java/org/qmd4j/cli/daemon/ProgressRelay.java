package org.qmd4j.cli.daemon;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.qmd4j.spi.IndexProgress;

/**
 * The indexing progress of one warm searcher, passed on to the commands that use it while it
 * indexes (each prints it on its client's stderr as it would in-process).
 */
final class ProgressRelay implements IndexProgress {
  private final List<IndexProgress> listeners = new CopyOnWriteArrayList<>();

  void attach(IndexProgress listener) {
    listeners.add(listener);
  }

  void detach(IndexProgress listener) {
    listeners.remove(listener);
  }

  @Override
  public void progress(int done, int total, Duration elapsed, boolean finished) {
    for (IndexProgress l : listeners) l.progress(done, total, elapsed, finished);
  }
}
