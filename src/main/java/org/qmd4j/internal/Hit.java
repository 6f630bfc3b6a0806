package org.qmd4j.internal;

import java.util.Objects;
import org.qmd4j.MatchType;
import org.qmd4j.vault.Chunk;

/**
 * A chunk as an engine ranked it.
 *
 * @param chunk the chunk, with its text and line range from qmd4j's chunker
 * @param score relevance in [0, 1]
 * @param matchType how it was matched
 */
public record Hit(Chunk chunk, double score, MatchType matchType) {
  public Hit {
    Objects.requireNonNull(chunk, "chunk == null");
    Objects.requireNonNull(matchType, "matchType == null");
    if (!(score >= 0 && score <= 1)) {
      throw new IllegalArgumentException("Expected a score in [0, 1] but was " + score);
    }
  }
}
