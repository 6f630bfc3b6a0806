package org.qmd4j.mcp;

import java.time.Duration;
import java.util.Objects;

/**
 * The server's internal knobs, fixed in production and changed by tests only: how long
 * {@code brief} waits for the client's model (MCP sampling) and how many notes one
 * {@code resources/list} page holds.
 *
 * @param samplingTimeout how long {@code brief} waits for a sampled overview before writing
 *     the mechanical one
 * @param resourcePageSize how many notes one {@code resources/list} page holds
 */
record ServerSettings(Duration samplingTimeout, int resourcePageSize) {
  /** 20 seconds for the client's model, 100 notes a page. */
  static final ServerSettings DEFAULT = new ServerSettings(Duration.ofSeconds(20), 100);

  ServerSettings {
    Objects.requireNonNull(samplingTimeout, "samplingTimeout == null");
    if (samplingTimeout.isNegative() || samplingTimeout.isZero()) {
      throw new IllegalArgumentException("Expected a positive sampling timeout but was "
          + samplingTimeout);
    }
    if (resourcePageSize < 1) {
      throw new IllegalArgumentException("Expected a page size of at least 1 but was "
          + resourcePageSize);
    }
  }
}
