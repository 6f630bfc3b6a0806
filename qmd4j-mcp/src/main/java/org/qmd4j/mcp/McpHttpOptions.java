package org.qmd4j.mcp;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How {@link Qmd4jMcpServer#streamableHttp} serves MCP over Streamable HTTP: the path the
 * servlet is mounted at, and the {@code Host} and {@code Origin} headers it accepts (the DNS
 * rebinding guard of the MCP specification). Immutable; {@link #DEFAULT} serves {@code /mcp}
 * to loopback clients only.
 *
 * <table>
 *   <caption>Patterns of {@code allowedHosts} and {@code allowedOrigins}</caption>
 *   <tr><th>pattern</th><th>accepts</th></tr>
 *   <tr><td>{@code localhost:7700}</td><td>exactly this Host</td></tr>
 *   <tr><td>{@code localhost:*}</td><td>{@code localhost} on any port, or without a port</td></tr>
 *   <tr><td>{@code http://localhost:*}</td><td>this Origin on any port</td></tr>
 * </table>
 *
 * <p>A request whose {@code Host} matches no host pattern is refused (HTTP 421); one that
 * carries an {@code Origin} matching no origin pattern is refused (HTTP 403). A request without
 * {@code Origin} (a non-browser client) is accepted. An empty {@code allowedHosts} turns the
 * Host check off: do that only behind a guard of your own.
 *
 * @param endpoint the path the servlet is mounted at, such as {@code /mcp}; requests to other
 *     paths get 404
 * @param allowedHosts the accepted {@code Host} headers (patterns above)
 * @param allowedOrigins the accepted {@code Origin} headers (patterns above)
 * @param sessionIdleTimeout how long a session may go without a request and without an open
 *     stream before the server ends it: it ends between one and two such times after its last
 *     use (the check runs once per this time); 15 minutes by default
 * @since 0.1
 */
public record McpHttpOptions(String endpoint, List<String> allowedHosts,
    List<String> allowedOrigins, Duration sessionIdleTimeout) {

  /** How long an unused session lives by default. */
  public static final Duration DEFAULT_SESSION_IDLE_TIMEOUT = Duration.ofMinutes(15);

  /** {@code /mcp}, for clients on this machine only (localhost, 127.0.0.1, [::1]). */
  public static final McpHttpOptions DEFAULT = new McpHttpOptions("/mcp",
      List.of("localhost:*", "127.0.0.1:*", "[::1]:*"),
      List.of("http://localhost:*", "http://127.0.0.1:*", "http://[::1]:*"));

  /** The options with the default {@linkplain #sessionIdleTimeout() session idle time}. */
  public McpHttpOptions(String endpoint, List<String> allowedHosts,
      List<String> allowedOrigins) {
    this(endpoint, allowedHosts, allowedOrigins, DEFAULT_SESSION_IDLE_TIMEOUT);
  }

  /**
   * Validates and copies the options.
   *
   * @throws IllegalArgumentException if {@code endpoint} does not start with {@code /}, or
   *     {@code sessionIdleTimeout} is not positive
   */
  public McpHttpOptions {
    Objects.requireNonNull(endpoint, "endpoint == null");
    if (!endpoint.startsWith("/")) {
      throw new IllegalArgumentException("The MCP endpoint must be a path starting with '/' "
          + "(such as /mcp) but was '" + endpoint + "'");
    }
    allowedHosts = List.copyOf(Objects.requireNonNull(allowedHosts, "allowedHosts == null"));
    allowedOrigins =
        List.copyOf(Objects.requireNonNull(allowedOrigins, "allowedOrigins == null"));
    Objects.requireNonNull(sessionIdleTimeout, "sessionIdleTimeout == null");
    if (sessionIdleTimeout.isNegative() || sessionIdleTimeout.isZero()) {
      throw new IllegalArgumentException("The session idle time must be positive but was "
          + sessionIdleTimeout);
    }
  }

  /** These options with another mount path. */
  public McpHttpOptions withEndpoint(String endpoint) {
    return new McpHttpOptions(endpoint, allowedHosts, allowedOrigins, sessionIdleTimeout);
  }

  /** These options accepting the given {@code Host} patterns instead. */
  public McpHttpOptions withAllowedHosts(List<String> allowedHosts) {
    return new McpHttpOptions(endpoint, allowedHosts, allowedOrigins, sessionIdleTimeout);
  }

  /** These options accepting the given {@code Origin} patterns instead. */
  public McpHttpOptions withAllowedOrigins(List<String> allowedOrigins) {
    return new McpHttpOptions(endpoint, allowedHosts, allowedOrigins, sessionIdleTimeout);
  }

  /**
   * These options ending unused sessions after {@code timeout} instead.
   *
   * @since 0.4
   */
  public McpHttpOptions withSessionIdleTimeout(Duration timeout) {
    return new McpHttpOptions(endpoint, allowedHosts, allowedOrigins, timeout);
  }
}
