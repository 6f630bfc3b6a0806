package org.qmd4j.search;

import java.util.Objects;

/**
 * Why a vault has no indexed file, so that a search that finds nothing can say so instead of
 * "no result": the vault's layout and a sentence saying what that layout indexes and what the
 * vault holds instead (only {@code .txt} files, markdown only in hidden or ignored folders).
 *
 * @param layout the vault's layout
 * @param message one or two sentences for people and agents, naming what to change
 * @since 0.4
 */
public record NothingIndexed(Layout layout, String message) {
  public NothingIndexed {
    Objects.requireNonNull(layout, "layout == null");
    Objects.requireNonNull(message, "message == null");
  }

  @Override
  public String toString() {
    return message;
  }
}
