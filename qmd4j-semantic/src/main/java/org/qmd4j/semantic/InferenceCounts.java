package org.qmd4j.semantic;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a model computed since it was loaded: calls, texts, windows, tokens, the token slots
 * the runs computed (tokens plus padding) and the runs. Counts, not timings: they say where
 * the time of an index with vectors goes on any machine. Thread-safe.
 */
final class InferenceCounts {
  private final AtomicLong calls = new AtomicLong();
  private final AtomicLong texts = new AtomicLong();
  private final AtomicLong windows = new AtomicLong();
  private final AtomicLong tokens = new AtomicLong();
  private final AtomicLong slots = new AtomicLong();
  private final AtomicLong runs = new AtomicLong();

  void call(int textCount, int windowCount, long tokenCount) {
    calls.incrementAndGet();
    texts.addAndGet(textCount);
    windows.addAndGet(windowCount);
    tokens.addAndGet(tokenCount);
  }

  void run(long slotCount) {
    runs.incrementAndGet();
    slots.addAndGet(slotCount);
  }

  long calls() {
    return calls.get();
  }

  long texts() {
    return texts.get();
  }

  long windows() {
    return windows.get();
  }

  long tokens() {
    return tokens.get();
  }

  long slots() {
    return slots.get();
  }

  long runs() {
    return runs.get();
  }

  /** Share of the computed token slots that were padding, 0 to 1. */
  double padding() {
    long s = slots.get();
    return s == 0 ? 0 : (s - tokens.get()) / (double) s;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%d calls, %d texts, %d windows, %d tokens, %d token"
        + " slots computed (%.1f%% padding), %d runs", calls(), texts(), windows(), tokens(),
        slots(), 100 * padding(), runs());
  }
}
