package org.qmd4j.web;

import jakarta.servlet.DispatcherType;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.jetty.ee11.servlet.FilterHolder;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.qmd4j.Searcher;
import org.qmd4j.concat.VaultTree;
import org.qmd4j.mcp.McpHttpOptions;
import org.qmd4j.mcp.Qmd4jMcpServer;
import org.slf4j.LoggerFactory;

/**
 * The qmd4j web interface, on Jetty: the search page at {@code /} (the brief rendered for a
 * person, a tree of the vault), the Tasks page at {@code /tasks} (the vault's tasks filtered
 * by status, priority, project and deadline, grouped by project), a JSON API under {@code /api} with the parameter names of
 * the MCP tools ({@code search}, {@code brief}, {@code read}, {@code tree}, {@code concat},
 * {@code find}), and the MCP server itself over Streamable HTTP at {@code /mcp}.
 *
 * <pre>{@code
 * try (Searcher searcher = SearchProviders.forVault(Path.of("notes"), SearchOptions.DEFAULT);
 *     WebServer server = WebServer.newBuilder(searcher).port(7700).build().start()) {
 *   System.err.println("Serving at " + server.uri());
 *   server.join();
 * }
 * }</pre>
 *
 * <p>Safe by default: it listens on {@code 127.0.0.1}, refuses a request whose {@code Host}
 * is not the loopback address it listens on (DNS rebinding) and a state-changing request from
 * another {@code Origin}, renders notes' HTML as text under a Content-Security-Policy without
 * inline scripts, and reads files only through the searcher (no {@code ..}, no absolute path,
 * no symbolic link out of the vault). Listening beyond loopback needs a bearer {@linkplain
 * Builder#token token}. It bounds what clients may hold open ({@link WebLimits}) and answers
 * every error in one shape: JSON under {@code /api}, a JSON-RPC error under {@code /mcp}, the
 * app's error page elsewhere, never a class name or a stack trace.
 *
 * <p>Thread-safe. The server does not own the searcher: close the server, then the searcher.
 *
 * @since 0.2
 */
public final class WebServer implements Closeable {
  private final Server server;
  private final ServerConnector connector;
  private final String bind;
  private final Optional<Qmd4jMcpServer.HttpEndpoint> mcp;

  private WebServer(Builder builder) {
    this.bind = builder.bind;
    QueuedThreadPool threads = new QueuedThreadPool(16, 2);
    threads.setName("qmd4j-web");
    this.server = new Server(threads);
    HttpConfiguration http = new HttpConfiguration();
    http.setSendServerVersion(false);
    http.setSendXPoweredBy(false);
    this.connector = new ServerConnector(server, new HttpConnectionFactory(http));
    connector.setHost(builder.bind);
    connector.setPort(builder.port);
    // A connection that sends and receives nothing this long is closed (a slow client).
    connector.setIdleTimeout(builder.limits.idleTimeout().toMillis());
    server.addConnector(connector);

    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    Guard guard = new Guard(builder.bind, builder.loopback, connector::getLocalPort,
        builder.token);
    FilterHolder guardHolder = new FilterHolder(guard);
    guardHolder.setAsyncSupported(true);
    context.addFilter(guardHolder, "/*", EnumSet.of(DispatcherType.REQUEST));
    context.addServlet(new ServletHolder("api", new ApiServlet(builder.searcher)), "/api/*");
    if (builder.mcp) {
      // The guard above already checked Host, Origin and token; the SDK checks them again.
      McpHttpOptions options = (builder.loopback ? McpHttpOptions.DEFAULT
          : McpHttpOptions.DEFAULT.withAllowedHosts(List.of()).withAllowedOrigins(
              List.of("http://" + builder.bind + ":*")))
          .withSessionIdleTimeout(builder.limits.sessionIdleTimeout());
      Qmd4jMcpServer.HttpEndpoint endpoint =
          Qmd4jMcpServer.streamableHttp(builder.searcher, options);
      // After the guard: the gate checks bodies, sessions and caps before the SDK.
      FilterHolder gate = new FilterHolder(new McpGate(builder.limits));
      gate.setAsyncSupported(true);
      context.addFilter(gate, endpoint.path(), EnumSet.of(DispatcherType.REQUEST));
      ServletHolder holder = new ServletHolder("mcp", endpoint.servlet());
      holder.setAsyncSupported(true);
      context.addServlet(holder, endpoint.path());
      this.mcp = Optional.of(endpoint);
    } else {
      this.mcp = Optional.empty();
    }
    Searcher searcher = builder.searcher;
    Markdown markdown = new Markdown(() -> searcher.tree().files().stream()
        .map(VaultTree.Entry::path).toList()); // wiki links open the note they name
    Templates templates = new Templates();
    context.addServlet(new ServletHolder("tasks", new TasksServlet(builder.searcher,
        templates, markdown)), "/tasks");
    context.addServlet(new ServletHolder("page", new PageServlet(builder.searcher, markdown,
        templates)), "/");
    // Every error has the server's shape, Jetty's own ones (414, 431, 400) included.
    ErrorPages errors = new ErrorPages();
    context.setErrorHandler(errors);
    server.setErrorHandler(errors);
    server.setHandler(context);
    server.setStopAtShutdown(false);
  }

  /** A builder of a server for {@code searcher}. */
  public static Builder newBuilder(Searcher searcher) {
    return new Builder(searcher);
  }

  /**
   * Starts listening and returns this server.
   *
   * @throws UncheckedIOException if the address cannot be bound (the port is taken, say)
   * @throws IllegalStateException if it was started before
   */
  public WebServer start() {
    if (server.isStarted() || server.isStarting()) {
      throw new IllegalStateException("The server is already started");
    }
    try {
      server.start();
    } catch (IOException e) {
      close();
      throw new UncheckedIOException("Cannot listen on " + bind + ":" + connector.getPort()
          + ": " + e.getMessage(), e);
    } catch (Exception e) {
      close();
      throw new IllegalStateException("Cannot start the web server: " + e.getMessage(), e);
    }
    return this;
  }

  /** The port it listens on; the chosen one when built with port 0. */
  public int port() {
    return connector.getLocalPort();
  }

  /** The page's address, such as {@code http://127.0.0.1:7700/}. */
  public URI uri() {
    String host = bind.contains(":") ? "[" + bind + "]" : bind;
    if (host.equals("0.0.0.0") || host.equals("[::]")) host = "localhost";
    return URI.create("http://" + host + ":" + port() + "/");
  }

  /** Waits until the server stops (after {@link #close} from another thread). */
  public void join() throws InterruptedException {
    server.join();
  }

  /** Stops listening, letting requests in progress finish. Idempotent; never throws. */
  @Override
  public void close() {
    mcp.ifPresent(Qmd4jMcpServer.HttpEndpoint::close);
    try {
      server.stop();
    } catch (Exception e) {
      // Stopping is best effort: what failed to stop dies with the process.
      LoggerFactory.getLogger(WebServer.class).warn("Stopping the server: {}", e.toString());
    }
  }

  @Override
  public String toString() {
    return "WebServer[" + bind + ":" + port() + "]";
  }

  /** Configures a {@link WebServer}. Not thread-safe. */
  public static final class Builder {
    private final Searcher searcher;
    private String bind = "127.0.0.1";
    private boolean loopback = true;
    private int port = 7700;
    private Optional<String> token = Optional.empty();
    private boolean mcp = true;
    private WebLimits limits = WebLimits.DEFAULT;

    private Builder(Searcher searcher) {
      this.searcher = Objects.requireNonNull(searcher, "searcher == null");
    }

    /**
     * The address to listen on; {@code 127.0.0.1} by default. Anything but a loopback
     * address needs a {@link #token}.
     *
     * @throws IllegalArgumentException if it is not an IP address or a known host name
     */
    public Builder bind(String address) {
      Objects.requireNonNull(address, "address == null");
      try {
        InetAddress inet = InetAddress.getByName(address.strip());
        this.loopback = inet.isLoopbackAddress();
      } catch (UnknownHostException e) {
        throw new IllegalArgumentException("Cannot listen on '" + address + "': unknown host; "
            + "use an IP address such as 127.0.0.1", e);
      }
      this.bind = address.strip();
      return this;
    }

    /** The port to listen on, 7700 by default; 0 picks a free one ({@link #port()}). */
    public Builder port(int port) {
      if (port < 0 || port > 65535) {
        throw new IllegalArgumentException("Expected a port in 0-65535 but was " + port);
      }
      this.port = port;
      return this;
    }

    /**
     * A bearer token every request must carry ({@code Authorization: Bearer <token>}); a
     * browser opens the page once with {@code ?token=<token>} and keeps it in a cookie.
     * {@code null} or blank for none.
     */
    public Builder token(String token) {
      this.token = Optional.ofNullable(token).map(String::strip).filter(t -> !t.isEmpty());
      return this;
    }

    /**
     * Whether to serve MCP over Streamable HTTP at {@code /mcp} (the tools of {@code qmd4j
     * mcp}: search, find_notes, read, tree, concat, brief); on by default.
     */
    public Builder mcp(boolean enabled) {
      this.mcp = enabled;
      return this;
    }

    /**
     * The caps on MCP sessions and streams and the time limits; {@link WebLimits#DEFAULT}
     * unless set.
     *
     * @since 0.4
     */
    public Builder limits(WebLimits limits) {
      this.limits = Objects.requireNonNull(limits, "limits == null");
      return this;
    }

    /**
     * The server, not yet started.
     *
     * @throws IllegalStateException if it would listen beyond loopback without a token
     */
    public WebServer build() {
      if (!loopback && token.isEmpty()) {
        throw new IllegalStateException("Listening on " + bind + " exposes the vault beyond "
            + "this machine; set a token, or bind 127.0.0.1");
      }
      return new WebServer(this);
    }
  }
}
