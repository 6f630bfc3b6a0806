package org.qmd4j.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.http.HttpServlet;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.qmd4j.EngineDescription;
import org.qmd4j.IndexedFiles;
import org.qmd4j.Searcher;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.Layout;
import org.qmd4j.search.Scope;
import org.qmd4j.search.SearchException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The qmd4j MCP server: eleven tools that call one {@link Searcher}, over stdio or over
 * Streamable HTTP: {@code search}, {@code find_notes}, {@code read}, {@code tree},
 * {@code concat}, {@code brief}, and the typed ones {@code tasks}, {@code changelog},
 * {@code states}, {@code descriptions}, {@code buckets}, which only a vault in the projects
 * layout is offered (a notes vault has none of the files they read).
 *
 * <pre>{@code
 * try (Searcher searcher = SearchProviders.forVault(vault, SearchOptions.DEFAULT)) {
 *   // stdio, until stdin closes:
 *   Qmd4jMcpServer.serve(searcher, System.in, System.out, 60_000);
 * }
 *
 * // Streamable HTTP, mounted in a servlet container (here Jetty 12, ee11):
 * Qmd4jMcpServer.HttpEndpoint mcp =
 *     Qmd4jMcpServer.streamableHttp(searcher, McpHttpOptions.DEFAULT);
 * ServletHolder holder = new ServletHolder(mcp.servlet());
 * holder.setAsyncSupported(true);
 * context.addServlet(holder, mcp.path());
 * // ... and on shutdown, before closing the searcher:
 * mcp.close();
 * }</pre>
 *
 * <p>Invalid input is a tool error ({@code isError}) carrying the library's message; the
 * server keeps answering. The tools may be called concurrently; the {@link Searcher} is
 * shared by every call and stays owned by the caller (the server never closes it).
 */
public final class Qmd4jMcpServer {
  static final McpJsonMapper JSON = new JacksonMcpJsonMapper(new ObjectMapper());
  private static final Logger LOG = LoggerFactory.getLogger(Qmd4jMcpServer.class);

  private Qmd4jMcpServer() {}

  /**
   * Serves {@code searcher} over {@code in} and {@code out} (usually stdin and stdout) until
   * {@code in} ends, then answers the requests already received (waiting at most
   * {@code drainMillis}), closes {@code out} and returns. Requests are served concurrently; a
   * line that is not a JSON-RPC message gets a JSON-RPC error and the server keeps reading.
   *
   * @param searcher the searcher every tool call uses; still owned (closed) by the caller
   * @param in the client's messages, one JSON-RPC message per line
   * @param out where the answers go, one per line; nothing else is written to it
   * @param drainMillis how long to wait, once {@code in} has ended, for answers in progress
   * @throws InterruptedException if the calling thread is interrupted while serving
   */
  public static void serve(Searcher searcher, InputStream in, OutputStream out, long drainMillis)
      throws InterruptedException {
    serve(searcher, in, out, drainMillis, ServerSettings.DEFAULT);
  }

  static void serve(Searcher searcher, InputStream in, OutputStream out, long drainMillis,
      ServerSettings settings) throws InterruptedException {
    Objects.requireNonNull(searcher, "searcher == null");
    Objects.requireNonNull(in, "in == null");
    Objects.requireNonNull(out, "out == null");
    StdioServerTransport transport = new StdioServerTransport(JSON, in, out, drainMillis);
    String instructions = instructions(searcher);
    transport.discovery(discovery(instructions, transport.protocolVersions()));
    NoteResources notes = new NoteResources(searcher);
    // The notes are listed as resources when a client first asks for them, not before the
    // handshake: a walk of a large vault takes seconds. The transport holds resources/list
    // until then.
    CompletableFuture<McpSyncServer> built = new CompletableFuture<>();
    transport.holdResourceLists(() -> built.thenCompose(
        s -> notes.load(s, settings.resourcePoll())));
    McpSyncServer server = configure(McpServer.sync(transport), searcher, settings,
        List.of(), notes, instructions).build();
    built.complete(server);
    logReady(searcher, settings, "stdio", transport.protocolVersions());
    AutoCloseable watch = notes::close;
    try {
      transport.awaitClosed();
    } finally {
      closeQuietly(watch);
      server.close();
    }
  }

  /**
   * The same server over the MCP Java SDK's Streamable HTTP transport, as a servlet to mount
   * at {@link HttpEndpoint#path()} in a Jakarta Servlet 6 container (Jetty 12, Tomcat 10.1+).
   * The servlet answers asynchronously: register it with async support enabled. Every client
   * gets its own MCP session; all of them share {@code searcher}.
   *
   * @param searcher the searcher every tool call uses; still owned (closed) by the caller
   * @param options the mount path and the accepted {@code Host} and {@code Origin} headers
   * @return the servlet and the handle that closes its sessions
   */
  public static HttpEndpoint streamableHttp(Searcher searcher, McpHttpOptions options) {
    Objects.requireNonNull(searcher, "searcher == null");
    Objects.requireNonNull(options, "options == null");
    // Built in its own class: the stdio server must load without the servlet API.
    return HttpEndpoint.create(searcher, options);
  }

  /** The server's name in {@code initialize} and {@code server/discover}. */
  static final String NAME = "qmd4j";

  /** What the server offers: tools, and resources (the notes) with change notifications. */
  static final McpSchema.ServerCapabilities CAPABILITIES =
      McpSchema.ServerCapabilities.builder().tools(false).resources(false, true).build();

  /** The jar's version, or {@code dev} when run from classes. */
  static String version() {
    String version = Qmd4jMcpServer.class.getPackage().getImplementationVersion();
    return version == null ? "dev" : version;
  }

  /** The answer to {@code server/discover} of a server with these instructions and versions. */
  static Discovery discovery(String instructions, List<String> protocolVersions) {
    return new Discovery(NAME, version(), CAPABILITIES, instructions, protocolVersions);
  }

  static <S extends McpServer.SyncSpecification<S>> McpServer.SyncSpecification<S>
      configure(McpServer.SyncSpecification<S> spec, Searcher searcher,
          ServerSettings settings, List<SyncResourceSpecification> resources,
          NoteResources notes, String instructions) {
    return spec.jsonMapper(JSON)
        .serverInfo(NAME, version())
        .instructions(instructions)
        // The only request the server sends is brief's sampling: its time limit.
        .requestTimeout(settings.samplingTimeout())
        .capabilities(CAPABILITIES)
        // The tools check their own arguments (their operation's decoding), so
        // that an unknown or misspelt argument is answered with the nearest valid name
        // rather than a schema validator's message.
        .validateToolInputs(false)
        // Our own answers are checked against their output schemas by the tests only.
        .jsonSchemaValidator(OutputValidation.validator())
        .tools(tools(searcher, settings))
        .uriTemplateManagerFactory(NoteResources::templateManager)
        .resources(resources)
        .resourceTemplates(notes.template());
  }

  /** What {@code -v} shows of the server: its door, engine, protocol versions and tools. */
  private static void logReady(Searcher searcher, ServerSettings settings, String door,
      List<String> protocols) {
    if (!LOG.isInfoEnabled()) return;
    LOG.info("MCP server over {}: engine {}, protocol {}, {} tools", door,
        searcher.describe().engine(), protocols.isEmpty() ? "?"
            : protocols.size() == 1 ? protocols.get(0)
            : protocols.get(0) + " to " + protocols.get(protocols.size() - 1),
        tools(searcher, settings).size());
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      throw new AssertionError("Stopping a timer throws nothing", e);
    }
  }

  /**
   * The MCP server over Streamable HTTP: a servlet to mount, and the handle that ends its
   * sessions. Thread-safe.
   *
   * @since 0.1
   */
  public static final class HttpEndpoint implements AutoCloseable {
    private final DiscoveryServlet servlet;
    private final McpSyncServer server;
    private final String path;
    private final AutoCloseable watch;

    private HttpEndpoint(DiscoveryServlet servlet,
        McpSyncServer server, String path, AutoCloseable watch) {
      this.servlet = servlet;
      this.server = server;
      this.path = path;
      this.watch = watch;
    }

    static HttpEndpoint create(Searcher searcher, McpHttpOptions options) {
      DefaultServerTransportSecurityValidator guard =
          DefaultServerTransportSecurityValidator.builder()
              .allowedHosts(options.allowedHosts())
              .allowedOrigins(options.allowedOrigins())
              .build();
      HttpServletStreamableServerTransportProvider transport =
          HttpServletStreamableServerTransportProvider.builder()
              .jsonMapper(JSON)
              .mcpEndpoint(options.endpoint())
              // Ends sessions that nothing used for this long (no request, no open stream).
              .sessionSweepInterval(options.sessionIdleTimeout())
              .httpHeaderValidator(guard)
              .build();
      String instructions = instructions(searcher);
      NoteResources notes = new NoteResources(searcher);
      McpSyncServer server = configure(McpServer.sync(transport), searcher,
          ServerSettings.DEFAULT, notes.initial(), notes, instructions).build();
      DiscoveryServlet servlet = new DiscoveryServlet(transport,
          discovery(instructions, transport.protocolVersions()), guard);
      logReady(searcher, ServerSettings.DEFAULT, "Streamable HTTP at " + options.endpoint(),
          transport.protocolVersions());
      return new HttpEndpoint(servlet, server, options.endpoint(),
          notes.watch(server, ServerSettings.DEFAULT.resourcePoll()));
    }

    /**
     * The servlet that speaks MCP (POST for requests, GET for the server's event stream,
     * DELETE to end a session; a POST of {@code server/discover} is answered without a
     * session). Mount it at {@link #path()} with async support enabled.
     */
    public HttpServlet servlet() {
      return servlet;
    }

    /** The path to mount the servlet at: {@link McpHttpOptions#endpoint()}. */
    public String path() {
      return path;
    }

    /**
     * Ends every MCP session gracefully and stops answering (later requests get 503). Does not
     * close the {@link Searcher}. Idempotent.
     */
    @Override
    public void close() {
      closeQuietly(watch);
      servlet.close();
      server.closeGracefully();
    }
  }

  /**
   * The tools for the vault's layout: a notes vault has no tasks files, changelogs, states,
   * descriptions or buckets, so it is not offered the typed tools, which could only fail.
   */
  static List<SyncToolSpecification> tools(Searcher searcher, ServerSettings settings) {
    List<SyncToolSpecification> tools = new ArrayList<>(List.of(SearchTool.spec(searcher),
        FindNotesTool.spec(searcher), ReadingTools.read(searcher), ReadingTools.tree(searcher),
        ReadingTools.concat(searcher), BriefTool.spec(searcher, settings.samplingTimeout())));
    if (searcher.describe().layout() == Layout.PROJECTS) tools.addAll(TypedTools.specs(searcher));
    return List.copyOf(tools);
  }

  /**
   * What the server says about the vault at initialize: engine, layout, projects and
   * the scopes of its layout; of a notes vault, its notes, folders, tags and links, and
   * nothing of projects.
   */
  static String instructions(Searcher searcher) {
    EngineDescription d = searcher.describe();
    boolean notes = d.layout() == Layout.NOTES;
    Path vault = Path.of(d.vault());
    // One listing of projects/, not a walk of the vault: the handshake that carries these
    // instructions does not wait for a walk of a large vault (the tree tool lists its files).
    List<String> projects = List.of();
    if (!notes) {
      try {
        projects = IndexedFiles.projects(searcher);
      } catch (SearchException e) {
        LOG.warn("The instructions name no project: {}", e.getMessage());
      }
    }
    return "qmd4j searches the markdown vault " + vault + " (layout: "
        + d.layout().wireName() + ", "
        // A detected notes layout is a plain folder of notes: its reason would speak of the
        // projects it lacks, which would only suggest tools that do not exist here.
        + (notes && d.layoutReason().startsWith("detected") ? "a folder of notes"
            : d.layoutReason())
        + (notes ? "" : "; projects: " + (projects.isEmpty() ? "none"
            : String.join(", ", projects)))
        + "). Engine: " + d.engine() + " (" + d.reason() + ")."
        + " Call `search` first: fast mode for words and identifiers. Deep mode here: "
        + d.deepSearch() + (d.semanticDeepSearch() ? "; use it for questions."
            : "; it matches the query's words, not their meaning, so search a question by its"
                + " key words (fast mode does that too).")
        + " Scopes: " + (notes ? "folder:<path> (or no scope for the whole vault)"
            : Scope.VALID_SCOPES) + "."
        + " Dates: " + DateSpec.ACCEPTED_FORMS + "."
        + " The query '*' lists every chunk of the scope and period, newest first."
        + (notes ? NOTES_TOOLS : PROJECTS_TOOLS);
  }

  /** What the instructions say of the typed tools, offered in the projects layout only. */
  private static final String PROJECTS_TOOLS = " For tasks by status, priority or deadline"
      + " ('what is blocked?': status bloqué), changelog entries by tag or day, states,"
      + " descriptions and bucket notes by type or tags, call the typed tools tasks,"
      + " changelog, states, descriptions, buckets.";

  /** What the instructions say of a notes vault's notes, instead of the typed tools. */
  private static final String NOTES_TOOLS = " Every .md file is a note: #tags and frontmatter"
      + " tags: search as tags, [[links]] by their target and alias. To list notes by folder,"
      + " frontmatter fields (status eq en-cours, tags contains devis) or dates, call"
      + " find_notes; read and concat return their text.";
}
