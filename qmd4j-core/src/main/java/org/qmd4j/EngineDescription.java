package org.qmd4j;

import java.util.Objects;

/**
 * Which engine a {@link Searcher} runs and why, as {@code qmd4j doctor} prints it.
 *
 * @param engine {@code embedded} or {@code qmd}
 * @param reason why this engine was chosen, in one sentence
 * @param vault the vault folder, as a real path
 * @param indexLocation where the engine keeps its index, or {@code memory}
 */
public record EngineDescription(String engine, String reason, String vault,
    String indexLocation) {
  public EngineDescription {
    Objects.requireNonNull(engine, "engine == null");
    Objects.requireNonNull(reason, "reason == null");
    Objects.requireNonNull(vault, "vault == null");
    Objects.requireNonNull(indexLocation, "indexLocation == null");
  }

  @Override
  public String toString() {
    return engine + " (" + reason + "); index: " + indexLocation;
  }
}
