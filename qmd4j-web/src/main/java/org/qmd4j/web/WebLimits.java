package org.qmd4j.web;

import java.time.Duration;
import java.util.Objects;

/**
 * The bounds a {@link WebServer} puts on what its clients may hold open: MCP sessions and
 * event streams (in all and per client address), how long an unused session lives, how long a
 * stream or an MCP request may stay open, and how long a connection may stay silent. Past a
 * cap the server answers at once, {@code 429} (this client holds too many) or {@code 503}
 * (the server holds too many), with {@code Retry-After}. Immutable; {@link #DEFAULT} suits a
 * server for one person or a small team.
 *
 * <table>
 *   <caption>Defaults, and the {@code qmd4j serve} option of each</caption>
 *   <tr><th>bound</th><th>default</th><th>option</th></tr>
 *   <tr><td>{@code maxSessions}, {@code maxSessionsPerClient}</td><td>100, 20</td>
 *       <td>{@code --mcp-sessions TOTAL[/PER_CLIENT]}</td></tr>
 *   <tr><td>{@code maxStreams}, {@code maxStreamsPerClient}</td><td>100, 10</td>
 *       <td>{@code --mcp-streams TOTAL[/PER_CLIENT]}</td></tr>
 *   <tr><td>{@code sessionIdleTimeout}</td><td>15 minutes</td>
 *       <td>{@code --mcp-session-idle}</td></tr>
 *   <tr><td>{@code streamTimeout}</td><td>10 minutes</td><td>{@code --mcp-stream-timeout}</td></tr>
 *   <tr><td>{@code requestTimeout}</td><td>5 minutes</td><td>{@code --request-timeout}</td></tr>
 *   <tr><td>{@code idleTimeout}</td><td>30 seconds</td><td>(none)</td></tr>
 * </table>
 *
 * @param maxSessions the MCP sessions open at once, all clients together
 * @param maxSessionsPerClient the MCP sessions one client address may hold open
 * @param maxStreams the MCP event streams ({@code GET /mcp}) open at once
 * @param maxStreamsPerClient the event streams one client address may hold open
 * @param sessionIdleTimeout how long a session without requests or open streams lives
 * @param streamTimeout how long an event stream stays open before the server closes it (MCP
 *     clients open it again)
 * @param requestTimeout how long an MCP request's answer stream may stay open
 * @param idleTimeout how long a connection may send and receive nothing (a slow client)
 * @since 0.4
 */
public record WebLimits(int maxSessions, int maxSessionsPerClient, int maxStreams,
    int maxStreamsPerClient, Duration sessionIdleTimeout, Duration streamTimeout,
    Duration requestTimeout, Duration idleTimeout) {

  /** The defaults of the table above. */
  public static final WebLimits DEFAULT = new WebLimits(100, 20, 100, 10,
      Duration.ofMinutes(15), Duration.ofMinutes(10), Duration.ofMinutes(5),
      Duration.ofSeconds(30));

  /**
   * Validates the limits.
   *
   * @throws IllegalArgumentException if a count is below 1, a per-client count above its
   *     total, or a time not positive
   */
  public WebLimits {
    positive("maxSessions", maxSessions);
    positive("maxSessionsPerClient", maxSessionsPerClient);
    positive("maxStreams", maxStreams);
    positive("maxStreamsPerClient", maxStreamsPerClient);
    if (maxSessionsPerClient > maxSessions || maxStreamsPerClient > maxStreams) {
      throw new IllegalArgumentException("A client's share cannot exceed the total: sessions "
          + maxSessionsPerClient + " of " + maxSessions + ", streams " + maxStreamsPerClient
          + " of " + maxStreams);
    }
    positive("sessionIdleTimeout", sessionIdleTimeout);
    positive("streamTimeout", streamTimeout);
    positive("requestTimeout", requestTimeout);
    positive("idleTimeout", idleTimeout);
  }

  /** These limits with {@code total} sessions, {@code perClient} of them per client. */
  public WebLimits withSessions(int total, int perClient) {
    return new WebLimits(total, perClient, maxStreams, maxStreamsPerClient, sessionIdleTimeout,
        streamTimeout, requestTimeout, idleTimeout);
  }

  /** These limits with {@code total} event streams, {@code perClient} of them per client. */
  public WebLimits withStreams(int total, int perClient) {
    return new WebLimits(maxSessions, maxSessionsPerClient, total, perClient,
        sessionIdleTimeout, streamTimeout, requestTimeout, idleTimeout);
  }

  /** These limits with the given times; {@code null} keeps a time as it is. */
  public WebLimits withTimes(Duration sessionIdle, Duration stream, Duration request,
      Duration idle) {
    return new WebLimits(maxSessions, maxSessionsPerClient, maxStreams, maxStreamsPerClient,
        sessionIdle == null ? sessionIdleTimeout : sessionIdle,
        stream == null ? streamTimeout : stream, request == null ? requestTimeout : request,
        idle == null ? idleTimeout : idle);
  }

  private static void positive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException("Expected " + name + " of at least 1 but was " + value);
    }
  }

  private static void positive(String name, Duration value) {
    Objects.requireNonNull(value, name + " == null");
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException("Expected a positive " + name + " but was " + value);
    }
  }
}
