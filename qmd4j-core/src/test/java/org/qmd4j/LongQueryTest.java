package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.search.InvalidQueryException;
import org.qmd4j.search.Mode;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * A 400-word query was an internal error ({@code maxClauseCount is set to 1024}),
 * and a 1 MB query took 54 s. Long queries are answered with their strongest words; absurd
 * ones are refused at once with the limit in the message.
 */
class LongQueryTest {
  private static Searcher searcher;

  @BeforeAll
  static void open() {
    searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
  }

  @AfterAll
  static void close() {
    searcher.close();
  }

  /** {@code count} distinct words in French-looking prose, with a few repeated ones. */
  private static String paragraph(int count, long seed) {
    Random random = new Random(seed);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < count; i++) {
      if (i % 10 == 0) sb.append("cautionnement ");
      StringBuilder word = new StringBuilder();
      int length = 4 + random.nextInt(8);
      for (int j = 0; j < length; j++) word.append((char) ('a' + random.nextInt(26)));
      sb.append(word).append(i % 7 == 0 ? ". " : " ");
    }
    return sb.toString();
  }

  private static void assertWellFormed(List<SearchResult> results) {
    double previous = 1.0;
    for (SearchResult r : results) {
      assertThat(r.score()).isBetween(0.0, 1.0).isLessThanOrEqualTo(previous);
      previous = r.score();
    }
  }

  @Test
  void aFourHundredWordParagraphIsAnsweredByItsRepeatedWord() {
    for (Mode mode : Mode.values()) {
      List<SearchResult> results =
          searcher.search(SearchRequest.of(paragraph(400, 12)).withMode(mode));
      assertThat(results).as(mode.name()).isNotEmpty();
      assertThat(results.get(0).chunk().toLowerCase()).contains("cautionnement");
      assertWellFormed(results);
    }
  }

  @Test
  void manyCompoundsTagsAndPrefixesStayUnderTheClauseLimit() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 300; i++) {
      sb.append("[tag").append(i).append("] start-").append(i).append(" statu").append(i)
          .append(" ");
    }
    for (Mode mode : Mode.values()) {
      assertWellFormed(searcher.search(SearchRequest.of(sb.toString()).withMode(mode)));
    }
  }

  @Test
  void aQueryOfExactlyTheLimitIsAnswered() {
    String query = "décision " + "x".repeat(SearchRequest.MAX_QUERY_LENGTH - 9);
    assertThat(query).hasSize(SearchRequest.MAX_QUERY_LENGTH);
    assertWellFormed(searcher.search(query));
  }

  @Test
  void aQueryOverTheLimitIsRefusedNamingTheLimit() {
    String query = "a ".repeat(5_000) + "b";
    assertThatThrownBy(() -> searcher.search(query))
        .isInstanceOf(InvalidQueryException.class)
        .hasMessage("The query is 10001 characters long; the limit is 10000 characters:"
            + " search with its key words");
  }

  @Test
  void megabyteQueriesFailAtOnceWithTheSameTypedError() {
    for (int size : new int[] {1 << 20, 4 << 20}) {
      String query = "décision ".repeat(size / 9);
      assertThatThrownBy(() -> searcher.search(query, "deep", null, null, null))
          .isInstanceOf(InvalidQueryException.class)
          .hasMessageStartingWith("The query is " + query.length() + " characters long;");
    }
  }
}
