package org.qmd4j.search;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A search's results, how many there are before the limit, and what the search did to the
 * query: the words it corrected or searched beside rare ones and, when nothing matched, other
 * queries that would match.
 *
 * @param results the results, best first; see {@link SearchResult}
 * @param corrected each query word that matched nothing in the vault (folded, as typed) and the
 *     vault's nearest word, searched in its place; empty when every word matched as typed
 * @param suggestions when nothing matched at all, up to 3 queries that do match (the query
 *     with one word replaced by a near vault word), best first; empty otherwise
 * @param alsoSearched each query word that matched only a few chunks (folded, as typed) and a
 *     far more frequent vault word near it, searched too: its results follow the exact ones,
 *     marked {@link MatchType#FUZZY}; empty when there is none
 * @param total how many chunks the search found before its limit: {@code results.size()}
 *     when nothing was left out; exact when the engine counts its matches (the embedded
 *     engine's fast and {@code *} searches, the qmd engine's {@code *}), else "at least" one
 *     more than the limit (qmd's ranked searches, deep searches); see {@link Total}
 */
public record SearchResponse(List<SearchResult> results, Map<String, String> corrected,
    List<String> suggestions, Map<String, String> alsoSearched, Total total) {
  public SearchResponse {
    results = List.copyOf(results);
    corrected = Collections.unmodifiableMap(new LinkedHashMap<>(
        Objects.requireNonNull(corrected, "corrected == null")));
    suggestions = List.copyOf(suggestions);
    alsoSearched = Collections.unmodifiableMap(new LinkedHashMap<>(
        Objects.requireNonNull(alsoSearched, "alsoSearched == null")));
    Objects.requireNonNull(total, "total == null");
    if (total.value() < results.size()) {
      throw new IllegalArgumentException("Expected a total of at least " + results.size()
          + " but was " + total);
    }
  }

  /** A response that left nothing out and searched no other word beside the query's. */
  public SearchResponse(List<SearchResult> results, Map<String, String> corrected,
      List<String> suggestions) {
    this(results, corrected, suggestions, Map.of(), Total.exactly(results.size()));
  }

  /** A response that searched no other word beside the query's. */
  public SearchResponse(List<SearchResult> results, Map<String, String> corrected,
      List<String> suggestions, Total total) {
    this(results, corrected, suggestions, Map.of(), total);
  }

  /** A response that left nothing out. */
  public SearchResponse(List<SearchResult> results, Map<String, String> corrected,
      List<String> suggestions, Map<String, String> alsoSearched) {
    this(results, corrected, suggestions, alsoSearched, Total.exactly(results.size()));
  }

  /**
   * {@code {"results": [...], "corrected": {...}, "suggestions": [...], "total": 28,
   * "totalExact": true}} as JSON writes it, results in {@link SearchResult#toWire()} shape;
   * {@code totalExact} is false when {@code total} is a lower bound; then
   * {@code "alsoSearched": {...}} when a word was searched beside a rare one.
   */
  public Map<String, Object> toWire() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("results", results.stream().map(SearchResult::toWire).toList());
    out.put("corrected", corrected);
    out.put("suggestions", suggestions);
    out.put("total", total.value());
    out.put("totalExact", total.exact());
    if (!alsoSearched.isEmpty()) out.put("alsoSearched", alsoSearched);
    return out;
  }

  /**
   * The sentence a person reads below results that leave some out, {@code 20 of 28 results}
   * or {@code 20 of at least 21 results}; empty when every result is shown.
   *
   * @since 0.6
   */
  public String countNotice() {
    if (!total.exceeds(results.size())) return "";
    return results.size() + " of " + total + " results";
  }

  /**
   * The sentence a person reads above results that a word near a rare one added, {@code Also
   * searched "trésorerie" (few matches for "tresorie")}; empty when there are none.
   */
  public String alsoSearchedNotice() {
    if (alsoSearched.isEmpty()) return "";
    return "Also searched " + quoted(alsoSearched.values()) + " (few matches for "
        + quoted(alsoSearched.keySet()) + ")";
  }

  /**
   * The sentence a person reads above corrected results, {@code Showing results for
   * "idempotence" (no match for "idempotance")}; empty when nothing was corrected.
   */
  public String correctionNotice() {
    if (corrected.isEmpty()) return "";
    return "Showing results for " + quoted(corrected.values()) + " (no match for "
        + quoted(corrected.keySet()) + ")";
  }

  /** The sentence offering {@link #suggestions()}; empty when there are none. */
  public String suggestionNotice() {
    if (suggestions.isEmpty()) return "";
    return "Did you mean " + quoted(suggestions).replace("\", \"", "\" or \"") + "?";
  }

  private static String quoted(java.util.Collection<String> words) {
    return String.join(", ", words.stream().map(w -> "\"" + w + "\"").toList());
  }
}
