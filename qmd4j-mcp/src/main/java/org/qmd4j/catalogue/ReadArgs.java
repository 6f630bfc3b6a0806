package org.qmd4j.catalogue;

/**
 * The arguments of {@code read}: a path, and optionally the first and last lines.
 *
 * @since 0.6
 */
public record ReadArgs(
    @Param(value = "Vault-relative path with '/' separators, e.g. 'projects/startup-x/state.md', "
        + "as returned by search or tree. 'path:FROM-TO' is accepted too, and so is an Obsidian "
        + "wiki link such as '[[Note Name]]' (the note it names, resolved as Obsidian does). "
        + "Paths outside the vault ('..', absolute, symlinks leaving it) are refused.",
        required = true)
    String path,
    @Param(value = "First line to read (1-based). Omit to read the whole file.", minimum = 1)
    Integer from,
    @Param(value = "Last line to read (inclusive); clamped to the end of the file.", minimum = 1)
    Integer to) {

  /**
   * The path as {@code Searcher.read} takes it: {@code path} or {@code path:FROM-TO}.
   *
   * @throws IllegalArgumentException if the path is missing or blank
   */
  public String spec() {
    if (path == null || path.isBlank()) {
      throw new IllegalArgumentException("Argument 'path' is required");
    }
    return from == null ? path : path + ":" + from + "-" + (to == null ? from : to);
  }
}
