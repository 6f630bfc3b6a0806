package org.qmd4j.search;

import java.util.Locale;

/** How a result was matched, so that callers know what kind of relevance they got. */
public enum MatchType {
  /** Keyword (BM25) matching only: no semantic model was involved. */
  KEYWORD,
  /** Keyword and semantic (vector) matching fused, as {@code qmd query} does. */
  HYBRID,
  /**
   * A query word matched nothing in the vault and was searched as the vault's nearest word:
   * the result holds the corrected spelling. Ranks below every exact match.
   */
  FUZZY,
  /** The query was {@code "*"}: every chunk in the scope and period, newest first. */
  WILDCARD;

  /** Lower-case name, as written in JSON. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
