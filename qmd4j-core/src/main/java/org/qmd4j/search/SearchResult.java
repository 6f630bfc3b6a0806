package org.qmd4j.search;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One ranked chunk of a vault file.
 *
 * @param path vault-relative path with {@code /} separators, e.g. {@code projects/x/state.md}
 * @param chunk the chunk's text, as written in the file (line endings normalized to {@code \n})
 * @param score relevance in [0, 1]; higher is better; {@code 1.0} for the wildcard query
 * @param lines the chunk's 1-based inclusive line range in the file
 * @param matchType how the chunk was matched
 * @param degraded when qmd failed and the embedded engine answered instead (see
 *     {@link org.qmd4j.spi.QmdOptions.FailurePolicy#FALLBACK_TO_EMBEDDED}), why; empty otherwise
 */
public record SearchResult(String path, String chunk, double score, LineRange lines,
    MatchType matchType, Optional<String> degraded) {
  public SearchResult {
    Objects.requireNonNull(path, "path == null");
    Objects.requireNonNull(degraded, "degraded == null");
    Objects.requireNonNull(chunk, "chunk == null");
    Objects.requireNonNull(lines, "lines == null");
    Objects.requireNonNull(matchType, "matchType == null");
    if (!(score >= 0.0 && score <= 1.0)) {
      throw new IllegalArgumentException("Expected a score in [0, 1] but was " + score);
    }
  }

  /**
   * The seed shape {@code {path, chunk, score, lines}} that the CLI's {@code --json} and the
   * MCP {@code search} tool print, score with two decimals (as qmd prints them).
   */
  public Map<String, Object> toWire() {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("path", path);
    row.put("chunk", chunk);
    row.put("score", BigDecimal.valueOf(score).setScale(2, RoundingMode.HALF_UP));
    row.put("lines", lines.toString());
    return row;
  }

  /** A result that is not degraded. */
  public SearchResult(String path, String chunk, double score, LineRange lines,
      MatchType matchType) {
    this(path, chunk, score, lines, matchType, Optional.empty());
  }

  @Override
  public String toString() {
    return String.format(java.util.Locale.ROOT, "%s:%s (%.2f, %s)",
        path, lines, score, matchType.wireName());
  }
}
