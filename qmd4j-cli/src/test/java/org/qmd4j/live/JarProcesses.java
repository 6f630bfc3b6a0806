package org.qmd4j.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The packaged command line ({@code target/qmd4j-cli.jar}) run as users run it: {@code mcp}
 * spoken to by the MCP Java SDK's client over stdio, {@code serve} over HTTP, {@code search}
 * as a one-shot process; all on one vault and one cache folder ({@code QMD4J_CACHE_DIR}).
 */
final class JarProcesses {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern SERVING = Pattern.compile("serving .* at (http://\\S+/)");

  private JarProcesses() {}

  static String jar() {
    return System.getProperty("qmd4j.cliJar", "target/qmd4j-cli.jar");
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** A running {@code qmd4j mcp} and the SDK client that speaks to it. */
  static McpSyncClient mcp(Path vault, Path cache, String engine) {
    ServerParameters server = ServerParameters.builder(java())
        .args("-jar", jar(), "mcp", "--engine", engine, "--vault", vault.toString())
        .env(Map.of("QMD4J_CACHE_DIR", cache.toString()))
        .build();
    McpSyncClient client = McpClient.sync(new StdioClientTransport(server,
            new JacksonMcpJsonMapper(JSON)))
        .requestTimeout(Duration.ofMinutes(3))
        .initializationTimeout(Duration.ofMinutes(2)) // a JVM starting on a busy machine
        .build();
    client.initialize();
    return client;
  }

  /** The {@code structuredContent} rows of an MCP search, or the tool error as an exception. */
  static List<Map<String, Object>> mcpSearch(McpSyncClient client, String query, int limit) {
    McpSchema.CallToolResult r = client.callTool(McpSchema.CallToolRequest.builder("search")
        .arguments(Map.of("query", query, "limit", limit)).build());
    if (Boolean.TRUE.equals(r.isError())) {
      throw new ToolError(((McpSchema.TextContent) r.content().get(0)).text());
    }
    @SuppressWarnings("unchecked")
    List<Map<String, Object>> rows = (List<Map<String, Object>>)
        ((Map<String, Object>) r.structuredContent()).get("results");
    return rows;
  }

  /** An MCP tool error, with its text. */
  static final class ToolError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ToolError(String text) {
      super(text);
    }
  }

  /** A running {@code qmd4j serve} on a free loopback port. */
  static final class Serve implements AutoCloseable {
    final Process process;
    final URI uri;
    private final StringBuffer stderr = new StringBuffer();
    private final HttpClient http = HttpClient.newBuilder()
        .connectTimeout(Duration.ofSeconds(30)).build();

    Serve(Path vault, Path cache, String engine) throws IOException {
      ProcessBuilder pb = new ProcessBuilder(java(), "-jar", jar(), "serve", "--engine", engine,
          "--vault", vault.toString(), "--port", "0");
      pb.environment().put("QMD4J_CACHE_DIR", cache.toString());
      pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
      process = pb.start();
      CompletableFuture<URI> address = new CompletableFuture<>();
      Thread reader = new Thread(() -> {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
            process.getErrorStream(), StandardCharsets.UTF_8))) {
          for (String line; (line = r.readLine()) != null; ) {
            stderr.append(line).append('\n');
            Matcher m = SERVING.matcher(line);
            if (m.find()) address.complete(URI.create(m.group(1)));
          }
        } catch (IOException e) {
          address.completeExceptionally(e);
        }
        address.completeExceptionally(new IOException("serve exited: " + stderr));
      }, "serve-stderr");
      reader.setDaemon(true);
      reader.start();
      try {
        uri = address.get(3, TimeUnit.MINUTES);
      } catch (Exception e) {
        process.destroyForcibly();
        throw new IOException("serve did not start: " + stderr, e);
      }
    }

    /** GET {@code /api/search}: the status and the parsed body. */
    Reply search(String query, int limit) throws IOException, InterruptedException {
      String q = URLEncoder.encode(query, StandardCharsets.UTF_8);
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(
              uri.resolve("api/search?query=" + q + "&limit=" + limit))
          .timeout(Duration.ofMinutes(3)).build(), HttpResponse.BodyHandlers.ofString());
      return new Reply(r.statusCode(), JSON.readTree(r.body()));
    }

    String stderr() {
      return stderr.toString();
    }

    @Override
    public void close() {
      process.destroy();
      try {
        if (!process.waitFor(60, TimeUnit.SECONDS)) process.destroyForcibly();
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }

  /** An HTTP status and its JSON body. */
  record Reply(int status, JsonNode body) {
    List<String> chunks() {
      List<String> out = new ArrayList<>();
      for (JsonNode row : body.get("results")) {
        out.add(row.get("path").asText() + ":" + row.get("lines").asText());
      }
      return out;
    }
  }

  /** "path:lines" of each row. */
  static List<String> chunks(List<Map<String, Object>> rows) {
    List<String> out = new ArrayList<>();
    for (Map<String, Object> row : rows) out.add(row.get("path") + ":" + row.get("lines"));
    return out;
  }
}
