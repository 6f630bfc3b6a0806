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
 * @param deepSearch what a deep search does, when the searcher was built: qmd's hybrid search,
 *     or, starting with {@code embedded}, keyword lists fused by rank (no semantic model), with
 *     why (since 0.4)
 */
public record EngineDescription(String engine, String reason, String vault,
    String indexLocation, Layout layout, String layoutReason, String deepSearch) {
  public EngineDescription {
    Objects.requireNonNull(engine, "engine == null");
    Objects.requireNonNull(reason, "reason == null");
    Objects.requireNonNull(vault, "vault == null");
    Objects.requireNonNull(indexLocation, "indexLocation == null");
    Objects.requireNonNull(layout, "layout == null");
    Objects.requireNonNull(layoutReason, "layoutReason == null");
    Objects.requireNonNull(deepSearch, "deepSearch == null");
  }

  /** Whether deep search finds meaning rather than only the query's words. */
  public boolean semanticDeepSearch() {
    return !deepSearch.startsWith("embedded keyword");
  }

  @Override
  public String toString() {
    return engine + " (" + reason + "); index: " + indexLocation + "; layout: "
        + layout.wireName() + " (" + layoutReason + ")";
  }
}
