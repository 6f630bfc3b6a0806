package org.qmd4j.cli.bench;

import java.util.List;

/** An engine opened for a benchmark: its backends (one per mode), closed together. */
public interface OpenedEngine extends AutoCloseable {
  /** The backends, in the order the table shows them. */
  List<Backend> backends();

  /** What answers and how, in one line for people (e.g. which qmd, what deep search does). */
  String describe();

  /** Closes the engine's searcher or deletes its private index. */
  @Override
  void close();
}
