package org.qmd4j.mcp;

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
 * @since 0.1
 */
public record McpHttpOptions(String endpoint, List<String> allowedHosts,
    List<String> allowedOrigins) {

  /** {@code /mcp}, for clients on this machine only (localhost, 127.0.0.1, [::1]). */
  public static final McpHttpOptions DEFAULT = new McpHttpOptions("/mcp",
      List.of("localhost:*", "127.0.0.1:*", "[::1]:*"),
      List.of("http://localhost:*", "http://127.0.0.1:*", "http://[::1]:*"));

  /**
   * Validates and copies the options.
   *
   * @throws IllegalArgumentException if {@code endpoint} does not start with {@code /}
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
  }

  /** These options with another mount path. */
  public McpHttpOptions withEndpoint(String endpoint) {
    return new McpHttpOptions(endpoint, allowedHosts, allowedOrigins);
  }

  /** These options accepting the given {@code Host} patterns instead. */
  public McpHttpOptions withAllowedHosts(List<String> allowedHosts) {
    return new McpHttpOptions(endpoint, allowedHosts, allowedOrigins);
  }

  /** These options accepting the given {@code Origin} patterns instead. */
  public McpHttpOptions withAllowedOrigins(List<String> allowedOrigins) {
    return new McpHttpOptions(endpoint, allowedHosts, allowedOrigins);
  }
}
