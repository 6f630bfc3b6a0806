package org.qmd4j.search;

import java.util.Locale;

/**
 * How hard a search works.
 *
 * <table>
 *   <caption>Modes</caption>
 *   <tr><th>mode</th><th>qmd engine</th><th>embedded engine</th></tr>
 *   <tr><td>{@code fast}</td><td>{@code qmd search}: BM25, milliseconds</td>
 *       <td>BM25 with field weights</td></tr>
 *   <tr><td>{@code deep}</td><td>{@code qmd query}: expansion, BM25, vectors, RRF,
 *       re-ranking; seconds</td>
 *       <td>several keyword lists fused by RRF; with an embedding model, BM25 and the
 *       nearest chunks by meaning fused by weighted RRF</td></tr>
 * </table>
 */
public enum Mode {
  FAST,
  DEEP;

  /** The name used on the command line and in JSON: {@code fast} or {@code deep}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code fast} or {@code deep}, ignoring case and surrounding blanks.
   *
   * @throws InvalidModeException naming the bad value and the valid ones
   */
  public static Mode parse(String value) {
    if (value == null) throw new NullPointerException("mode == null");
    String v = value.strip().toLowerCase(Locale.ROOT);
    if (v.isEmpty()) {
      throw new InvalidModeException(
          "The mode is empty; valid modes are: fast, deep (or leave the mode out for fast)");
    }
    for (Mode m : values()) {
      if (m.wireName().equals(v)) return m;
    }
    throw new InvalidModeException(
        "Unknown mode '" + value + "'; valid modes are: fast, deep");
  }
}
