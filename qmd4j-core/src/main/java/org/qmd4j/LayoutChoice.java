package org.qmd4j;

import java.util.Locale;
import java.util.Optional;
import org.qmd4j.internal.WireNames;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.Layout;

/**
 * Which {@link Layout} a {@link Searcher} reads its vault with: detected, or forced.
 *
 * @since 0.4
 */
public enum LayoutChoice {
  /**
   * {@code projects} when {@code projects/} or a root {@code changelog.md} or {@code tasks.md}
   * exists, {@code notes} otherwise.
   */
  AUTO,
  /** The projects layout, whatever the vault holds. */
  PROJECTS,
  /** The notes layout: every {@code *.md}, whatever the vault holds. */
  NOTES;

  /** Lower-case name, as on the command line. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The forced layout; empty for {@link #AUTO}. */
  public Optional<Layout> layout() {
    return this == AUTO ? Optional.empty() : Optional.of(Layout.valueOf(name()));
  }

  /**
   * Parses {@code auto}, {@code projects} or {@code notes}, ignoring case.
   *
   * @throws InvalidRequestException naming the bad value and the valid ones
   */
  public static LayoutChoice parse(String value) {
    return WireNames.parse(value, "layout", values(), LayoutChoice::wireName,
        v -> new InvalidRequestException(
            "Unknown layout '" + v + "'; valid layouts are: auto, projects, notes"));
  }
}
