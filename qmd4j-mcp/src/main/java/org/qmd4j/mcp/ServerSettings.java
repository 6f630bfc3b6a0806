package org.qmd4j.mcp;

import java.time.Duration;
import java.util.Objects;

/**
 * The server's internal knobs, fixed in production and changed by tests only: how long
 * {@code brief} waits for the client's model (MCP sampling) and how often the
 * resource list is compared with the vault.
 *
 * @param samplingTimeout how long {@code brief} waits for a sampled overview before writing
 *     the mechanical one
 * @param resourcePoll how often the notes listed as resources are compared with the vault's
 */
record ServerSettings(Duration samplingTimeout, Duration resourcePoll) {
  /** 20 seconds for the client's model; the resource list checked every 2 seconds. */
  static final ServerSettings DEFAULT =
      new ServerSettings(Duration.ofSeconds(20), Duration.ofSeconds(2));

  ServerSettings {
    Objects.requireNonNull(samplingTimeout, "samplingTimeout == null");
    Objects.requireNonNull(resourcePoll, "resourcePoll == null");
    if (samplingTimeout.isNegative() || samplingTimeout.isZero()) {
      throw new IllegalArgumentException("Expected a positive sampling timeout but was "
          + samplingTimeout);
    }
    if (resourcePoll.isNegative() || resourcePoll.isZero()) {
      throw new IllegalArgumentException("Expected a positive poll interval but was "
          + resourcePoll);
    }
  }
}
