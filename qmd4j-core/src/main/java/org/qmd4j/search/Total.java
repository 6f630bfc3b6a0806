package org.qmd4j.search;

/**
 * How many results a listing holds before its limit: exactly {@link #value()}, or at least
 * that many when counting them all would cost too much or the engine cannot count (as
 * Lucene's {@code TotalHits} says "greater than or equal to").
 *
 * <p>When a total is only a lower bound: a search whose engine cannot count its matches (the
 * qmd engine knows only the hits qmd returned, though it counts {@code *} listings; a deep
 * search fuses a bounded number of candidates): the search then knows that one more result
 * than the limit exists, and says "at least" that many; or a count that stopped after 10,000
 * chunks passed a condition tested chunk by chunk (a typed query's filters, such as a task's
 * status): "at least 10000".
 *
 * @param value the number of results, or a lower bound of it when not {@code exact}
 * @param exact whether {@code value} is the number itself
 * @since 0.6
 */
public record Total(int value, boolean exact) {
  public Total {
    if (value < 0) throw new IllegalArgumentException("Expected a total >= 0 but was " + value);
  }

  /** A total that is known: exactly {@code value} results. */
  public static Total exactly(int value) {
    return new Total(value, true);
  }

  /** A lower bound: {@code value} results or more. */
  public static Total atLeast(int value) {
    return new Total(value, false);
  }

  /** Whether a listing that shows {@code shown} results leaves some out. */
  public boolean exceeds(int shown) {
    return value > shown;
  }

  /** {@code 28}, or {@code at least 21} for a lower bound: what "20 of ..." ends with. */
  @Override
  public String toString() {
    return exact ? Integer.toString(value) : "at least " + value;
  }
}
