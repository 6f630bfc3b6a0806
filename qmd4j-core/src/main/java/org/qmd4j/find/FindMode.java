package org.qmd4j.find;

import java.util.Locale;
import org.qmd4j.internal.WireNames;
import org.qmd4j.search.InvalidModeException;
import org.qmd4j.search.Mode;

/**
 * How the query of a {@code find_notes} call is matched, mapped onto the engines' modes.
 *
 * <table>
 *   <caption>Find modes</caption>
 *   <tr><th>mode</th><th>engine mode</th><th>embedded engine</th></tr>
 *   <tr><td>{@code keyword}</td><td>{@code fast}</td><td>BM25</td></tr>
 *   <tr><td>{@code hybrid}</td><td>{@code deep}</td><td>keyword lists fused by rank; no
 *       vectors, said in the result's notes</td></tr>
 *   <tr><td>{@code semantic}</td><td>{@code deep}</td><td>the same: it has no semantic model,
 *       said in the result's notes</td></tr>
 * </table>
 *
 * @since 0.2
 */
public enum FindMode {
  HYBRID(Mode.DEEP),
  SEMANTIC(Mode.DEEP),
  KEYWORD(Mode.FAST);

  private final Mode engineMode;

  FindMode(Mode engineMode) {
    this.engineMode = engineMode;
  }

  /** The engine mode this find mode runs as. */
  public Mode engineMode() {
    return engineMode;
  }

  /** The name used on the command line and in JSON. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code hybrid}, {@code semantic} or {@code keyword}, ignoring case and blanks.
   *
   * @throws InvalidModeException naming the bad value and the valid ones
   */
  public static FindMode parse(String value) {
    return WireNames.parse(value, "mode", values(), FindMode::wireName,
        v -> new InvalidModeException(
            "Unknown find mode '" + v + "'; valid modes are: hybrid, semantic, keyword"));
  }
}
