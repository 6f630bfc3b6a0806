package org.qmd4j.spi;

import java.util.Objects;
import java.util.Optional;
import org.qmd4j.search.MatchType;

/**
 * A chunk as an engine ranked it.
 *
 * @param chunk the chunk, with its text and line range from qmd4j's chunker
 * @param score relevance in [0, 1]
 * @param matchType how it was matched
 * @param degraded why a fallback engine answered, if one did
 */
public record Hit(Chunk chunk, double score, MatchType matchType, Optional<String> degraded) {
  public Hit {
    Objects.requireNonNull(degraded, "degraded == null");
    Objects.requireNonNull(chunk, "chunk == null");
    Objects.requireNonNull(matchType, "matchType == null");
    if (!(score >= 0 && score <= 1)) {
      throw new IllegalArgumentException("Expected a score in [0, 1] but was " + score);
    }
  }

  /** A hit from the engine that was asked. */
  public Hit(Chunk chunk, double score, MatchType matchType) {
    this(chunk, score, matchType, Optional.empty());
  }

  /** This hit, flagged as coming from a fallback engine for {@code reason}. */
  public Hit degraded(String reason) {
    return new Hit(chunk, score, matchType, Optional.of(reason));
  }
}
