package org.qmd4j.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.qmd4j.Searcher;
import org.qmd4j.search.Scope;
import org.qmd4j.vault.FileStamp;
import org.qmd4j.vault.VaultLayout;
import org.qmd4j.vault.VaultScanner;

/**
 * An MCP server over stdio whose tools call one {@link Searcher}.
 *
 * <pre>{@code
 * try (Searcher searcher = SearchProviders.forVault(vault, SearchOptions.DEFAULT)) {
 *   McpSyncServer server = Qmd4jMcpServer.start(searcher, System.in, System.out);
 *   // ... serves until stdin closes
 * }
 * }</pre>
 *
 * <p>Invalid input is a tool error ({@code isError}) carrying the library's message; the
 * server keeps answering.
 */
public final class Qmd4jMcpServer {
  static final McpJsonMapper JSON = new JacksonMcpJsonMapper(new ObjectMapper());

  private Qmd4jMcpServer() {}

  /**
   * Starts serving {@code searcher} over the given streams (usually stdin and stdout).
   * Returns at once; the server reads {@code in} on its own threads until it closes.
   */
  public static McpSyncServer start(Searcher searcher, InputStream in, OutputStream out) {
    Objects.requireNonNull(searcher, "searcher == null");
    StdioServerTransportProvider transport = new StdioServerTransportProvider(JSON, in, out);
    String version = Qmd4jMcpServer.class.getPackage().getImplementationVersion();
    return McpServer.sync(transport)
        .serverInfo("qmd4j", version == null ? "dev" : version)
        .instructions(instructions(searcher))
        .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
        .tools(tools(searcher))
        .build();
  }

  /**
   * Serves {@code searcher} over {@code in} and {@code out} until {@code in} closes, then
   * answers the requests already received (waiting at most {@code drainMillis}) and stops.
   */
  public static void serve(Searcher searcher, InputStream in, OutputStream out, long drainMillis)
      throws InterruptedException {
    FrameCounter frames = new FrameCounter(drainMillis);
    McpSyncServer server = start(searcher, frames.watchInput(in), frames.watchOutput(out));
    frames.awaitInputClosed(); // and every request read answered
    server.closeGracefully();
  }

  static List<SyncToolSpecification> tools(Searcher searcher) {
    return List.of(SearchTool.spec(searcher), FindNotesTool.spec(searcher),
        ReadingTools.read(searcher),
        ReadingTools.tree(searcher), ReadingTools.concat(searcher), ReadingTools.brief(searcher));
  }

  /** What the server says about the vault at initialize: engine, files, projects, scopes. */
  static String instructions(Searcher searcher) {
    Path vault = Path.of(searcher.describe().vault());
    Map<String, FileStamp> files;
    try {
      files = VaultScanner.scan(vault);
    } catch (IOException e) {
      files = Map.of();
    }
    TreeSet<String> projects = new TreeSet<>();
    for (String path : files.keySet()) {
      VaultLayout.classify(path).flatMap(f -> f.project()).ifPresent(projects::add);
    }
    return "qmd4j searches the markdown vault " + vault + " (" + files.size()
        + " indexed files; projects: " + (projects.isEmpty() ? "none" : String.join(", ", projects))
        + "). Engine: " + searcher.describe().engine() + " (" + searcher.describe().reason() + ")."
        + " Call `search` first: fast mode for words and identifiers, deep for questions."
        + " Scopes: " + Scope.VALID_SCOPES + "."
        + " Dates: 2025-07-14, today, yesterday, 'N days|weeks|months|years ago'."
        + " The query '*' lists every chunk of the scope and period, newest first.";
  }
}
