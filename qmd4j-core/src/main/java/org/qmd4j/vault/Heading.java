package org.qmd4j.vault;

/**
 * A top-level markdown heading (ATX or setext) of a note.
 *
 * @param line 1-based line of the heading's text
 * @param level 1 to 6
 * @param text the heading's text without the {@code #} markers
 */
public record Heading(int line, int level, String text) {
  public Heading {
    java.util.Objects.requireNonNull(text, "text == null");
  }
}
