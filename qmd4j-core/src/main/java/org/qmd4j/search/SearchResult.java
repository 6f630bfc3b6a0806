package org.qmd4j.search;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One ranked chunk of a vault file.
 *
 * @param path vault-relative path with {@code /} separators, e.g. {@code projects/x/state.md}
 * @param chunk the chunk's text, as written in the file (line endings normalized to {@code \n})
 * @param score relevance in [0, 1]; higher is better; {@code 1.0} for the wildcard query. A
 *     chunk holding every query word scores 0.5 or more, one holding some less (see docs/library.md)
 * @param lines the chunk's 1-based inclusive line range in the file
 * @param matchType how the chunk was matched
 * @param degraded when qmd failed and the embedded engine answered instead (see
 *     {@link org.qmd4j.spi.QmdOptions.FailurePolicy#FALLBACK_TO_EMBEDDED}), why; empty otherwise
 * @param matches the lines of the chunk that hold a query word, in order, with where; empty
 *     when the chunk matched through its path or headings only, and for the wildcard query
 * @param date the date that date filters compare for this chunk (the day of a changelog entry,
 *     else the file's date as {@link DateSource} lists); empty when it has none
 * @param corrected for a {@link MatchType#FUZZY} result, each query word that matched
 *     nothing (folded, as typed) and the vault's word searched instead; empty otherwise
 * @param dateSource where {@code date} comes from; empty when there is no date
 */
public record SearchResult(String path, String chunk, double score, LineRange lines,
    MatchType matchType, Optional<String> degraded, List<LineMatch> matches,
    Optional<LocalDate> date, Map<String, String> corrected, Optional<DateSource> dateSource) {
  public SearchResult {
    Objects.requireNonNull(path, "path == null");
    Objects.requireNonNull(degraded, "degraded == null");
    Objects.requireNonNull(chunk, "chunk == null");
    Objects.requireNonNull(lines, "lines == null");
    Objects.requireNonNull(matchType, "matchType == null");
    Objects.requireNonNull(date, "date == null");
    Objects.requireNonNull(dateSource, "dateSource == null");
    if (dateSource.isPresent() && date.isEmpty()) {
      throw new IllegalArgumentException("A date source (" + dateSource.get().wireName()
          + ") without a date");
    }
    matches = List.copyOf(matches);
    corrected = Collections.unmodifiableMap(new LinkedHashMap<>(corrected));
    if (!(score >= 0.0 && score <= 1.0)) {
      throw new IllegalArgumentException("Expected a score in [0, 1] but was " + score);
    }
    for (LineMatch m : matches) {
      if (!lines.contains(m.line())) {
        throw new IllegalArgumentException("Matched line " + m.line() + " is outside the "
            + "chunk's lines " + lines);
      }
    }
  }

  /** A result whose date's source is not known. */
  public SearchResult(String path, String chunk, double score, LineRange lines,
      MatchType matchType, Optional<String> degraded, List<LineMatch> matches,
      Optional<LocalDate> date, Map<String, String> corrected) {
    this(path, chunk, score, lines, matchType, degraded, matches, date, corrected,
        Optional.empty());
  }

  /** This result with {@code date} from {@code source}. */
  public SearchResult withDate(Optional<LocalDate> date, Optional<DateSource> source) {
    return new SearchResult(path, chunk, score, lines, matchType, degraded, matches, date,
        corrected, source);
  }

  /** A result that is not degraded, without matches or date. */
  public SearchResult(String path, String chunk, double score, LineRange lines,
      MatchType matchType) {
    this(path, chunk, score, lines, matchType, Optional.empty());
  }

  /** A result without matches or date. */
  public SearchResult(String path, String chunk, double score, LineRange lines,
      MatchType matchType, Optional<String> degraded) {
    this(path, chunk, score, lines, matchType, degraded, List.of(), Optional.empty(), Map.of());
  }

  /**
   * The seed shape {@code {path, chunk, score, lines}} that the CLI's {@code --json} and the
   * MCP {@code search} tool print (score with two decimals, as qmd prints them), then
   * {@code matchType}, {@code matches} ({@link LineMatch#toWire()}), {@code date} and
   * {@code dateSource} ({@link DateSource#wireName()}) when the chunk has a date,
   * {@code corrected} for a fuzzy result and {@code degraded} when degraded.
   */
  public Map<String, Object> toWire() {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("path", path);
    row.put("chunk", chunk);
    row.put("score", BigDecimal.valueOf(score).setScale(2, RoundingMode.HALF_UP));
    row.put("lines", lines.toString());
    row.put("matchType", matchType.wireName());
    row.put("matches", matches.stream().map(LineMatch::toWire).toList());
    date.ifPresent(d -> row.put("date", d.toString()));
    dateSource.ifPresent(s -> row.put("dateSource", s.wireName()));
    if (!corrected.isEmpty()) row.put("corrected", corrected);
    degraded.ifPresent(d -> row.put("degraded", d));
    return row;
  }

  @Override
  public String toString() {
    return String.format(java.util.Locale.ROOT, "%s:%s (%.2f, %s)",
        path, lines, score, matchType.wireName());
  }
}
