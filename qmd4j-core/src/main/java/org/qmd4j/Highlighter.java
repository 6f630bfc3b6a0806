package org.qmd4j;

import java.util.List;
import java.util.Objects;
import org.qmd4j.analysis.TermMatcher;
import org.qmd4j.search.LineMatch;

/**
 * Where a text holds the words of a query, as the search understands them (case, accents,
 * Unicode forms, elisions, light French stemming, prefixes, compounds such as {@code
 * en-cours}, tags such as {@code [décision]}, a quoted phrase as one range, excluded words
 * never): the rule behind {@link
 * org.qmd4j.search.SearchResult#matches()}, for showing other text (a whole file, a brief's
 * block) with the same highlights. Immutable and thread-safe.
 *
 * <pre>{@code
 * Highlighter words = Highlighter.of("facturation trésorerie");
 * words.find("- Trésorerie tendue");  // [[2, 12)]
 * }</pre>
 *
 * @since 0.3
 */
public final class Highlighter {
  private final TermMatcher matcher;

  private Highlighter(TermMatcher matcher) {
    this.matcher = matcher;
  }

  /**
   * The highlighter of {@code query}: pass the query as searched, with corrected words (see
   * {@link org.qmd4j.search.SearchResponse#corrected()}) in place of the typed ones.
   */
  public static Highlighter of(String query) {
    return new Highlighter(TermMatcher.of(Objects.requireNonNull(query, "query == null")));
  }

  /**
   * The character ranges of {@code text} (one line or more) that hold a query word: sorted,
   * not overlapping, 0-based and end-exclusive in UTF-16 units; empty when none.
   */
  public List<LineMatch.Range> find(String text) {
    return matcher.find(Objects.requireNonNull(text, "text == null"));
  }
}
