package org.qmd4j.cli.bench;

import java.util.List;
import java.util.Objects;

/**
 * One query of a fixture, as qmd's harness reads it.
 *
 * @param id the query's name in the results ({@code q3} for the third when the file has none)
 * @param query the text searched, as it is
 * @param type {@code exact}, {@code semantic}, {@code topical}, {@code cross-domain},
 *     {@code alias}, or whatever the file says; empty when absent
 * @param description what the query tests; empty when absent
 * @param expectedFiles the files that should be found, relative to the vault
 * @param expectedInTopK k of precision@k and hits@k (the number of expected files when absent)
 */
public record FixtureQuery(String id, String query, String type, String description,
    List<String> expectedFiles, int expectedInTopK) {
  public FixtureQuery {
    Objects.requireNonNull(id, "id == null");
    Objects.requireNonNull(query, "query == null");
    Objects.requireNonNull(type, "type == null");
    Objects.requireNonNull(description, "description == null");
    expectedFiles = List.copyOf(expectedFiles);
    if (expectedInTopK < 1) {
      throw new IllegalArgumentException("Expected expected_in_top_k >= 1 but was "
          + expectedInTopK);
    }
  }

  /** How many files a backend returns for this query: k, and at least 10 (as qmd). */
  public int resultLimit() {
    return Math.max(expectedInTopK, 10);
  }
}
