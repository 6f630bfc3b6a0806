package org.qmd4j;

import java.util.Objects;
import org.qmd4j.search.Layout;

/**
 * Which engine a {@link Searcher} runs and why, and the vault's layout, as {@code qmd4j
 * doctor} prints them.
 *
 * @param engine {@code embedded} or {@code qmd}
 * @param reason why this engine was chosen, in one sentence
 * @param vault the vault folder, as a real path
 * @param indexLocation where the engine keeps its index, or {@code memory}
 * @param layout the vault's layout (since 0.4)
 * @param layoutReason why this layout: {@code requested}, or what was detected (since 0.4)
 */
public record EngineDescription(String engine, String reason, String vault,
    String indexLocation, Layout layout, String layoutReason) {
  public EngineDescription {
    Objects.requireNonNull(engine, "engine == null");
    Objects.requireNonNull(reason, "reason == null");
    Objects.requireNonNull(vault, "vault == null");
    Objects.requireNonNull(indexLocation, "indexLocation == null");
    Objects.requireNonNull(layout, "layout == null");
    Objects.requireNonNull(layoutReason, "layoutReason == null");
  }

  @Override
  public String toString() {
    return engine + " (" + reason + "); index: " + indexLocation + "; layout: "
        + layout.wireName() + " (" + layoutReason + ")";
  }
}
