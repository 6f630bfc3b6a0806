package org.qmd4j.solr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.qmd4j.search.SearchResult;

/**
 * The parity rule of the engines: two engines answer alike when they put the same files in the
 * top 5, ties aside (a file tied with the fifth result may be in or out of either top 5).
 */
final class TopFiles {
  static final int TOP = 5;
  /** Scores this close are a tie. */
  static final double TIE = 0.01;

  private TopFiles() {}

  /** Asserts that {@code actual} (Solr) and {@code expected} (embedded) answer alike. */
  static void assertSameTop(String what, List<SearchResult> expected,
      List<SearchResult> actual) {
    assertThat(actual.isEmpty()).as(what + ": empty answer").isEqualTo(expected.isEmpty());
    assertThat(clearTop(actual)).as(what + ": Solr's top files " + describe(actual)
        + ", vs embedded " + describe(expected))
        .isSubsetOf(topWithTies(expected));
    assertThat(clearTop(expected)).as(what + ": embedded's top files " + describe(expected)
        + ", vs Solr " + describe(actual))
        .isSubsetOf(topWithTies(actual));
  }

  /** The files of the first {@link #TOP} results, but those tied with the fifth. */
  static List<String> clearTop(List<SearchResult> a) {
    if (a.size() <= TOP) return files(a, TOP);
    double fifth = a.get(TOP - 1).score();
    return a.subList(0, TOP).stream().filter(r -> r.score() > fifth + TIE)
        .map(SearchResult::path).distinct().toList();
  }

  /** The files of the first {@link #TOP} results and of those tied with the fifth. */
  static List<String> topWithTies(List<SearchResult> a) {
    if (a.size() <= TOP) return files(a, TOP);
    double fifth = a.get(TOP - 1).score();
    List<String> out = new ArrayList<>(files(a, TOP));
    for (SearchResult r : a.subList(TOP, a.size())) {
      if (r.score() >= fifth - TIE) out.add(r.path());
    }
    return out;
  }

  /** The first results as {@code path:lines score}, for failure messages. */
  static List<String> describe(List<SearchResult> a) {
    return a.stream().limit(TOP + 2).map(r -> r.path() + ":" + r.lines() + " "
        + String.format(Locale.ROOT, "%.4f", r.score())).toList();
  }

  private static List<String> files(List<SearchResult> results, int n) {
    return results.stream().limit(n).map(SearchResult::path).distinct().toList();
  }
}
