package org.qmd4j.concat;

import java.util.List;
import java.util.Objects;

/**
 * An assembled markdown document: an optional overview, a {@code ---} line, then one block per
 * file or line range, in the order the paths first appeared.
 *
 * <pre>
 * [overview: 2 to 5 lines]
 *
 * ---
 *
 * ## projects/startup-x/state.md
 *
 * [whole file]
 *
 * ## projects/startup-x/changelog.md (lines 1-45)
 *
 * [lines 1 to 45]
 * </pre>
 *
 * @param overview the text before {@code ---}, stripped of surrounding blanks; empty for none
 * @param blocks the blocks really included, with their real line ranges
 * @since 0.1
 */
public record ConcatDocument(String overview, List<Block> blocks) {
  public ConcatDocument {
    overview = Objects.requireNonNull(overview, "overview == null").strip();
    blocks = List.copyOf(blocks);
  }

  /** The whole document as markdown, ending with a newline. */
  public String markdown() {
    StringBuilder sb = new StringBuilder();
    if (!overview.isEmpty()) sb.append(overview).append("\n\n");
    sb.append("---\n");
    for (Block block : blocks) sb.append('\n').append(block.markdown()).append('\n');
    return sb.toString();
  }

  @Override
  public String toString() {
    return "ConcatDocument" + blocks;
  }
}
