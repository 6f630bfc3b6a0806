package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmd4j.web.WebTesting.raw;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.ForPeople;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.web.WebTesting.Reply;

/**
 * One error shape for every error the server sends, Jetty's own included: JSON under
 * {@code /api}, a JSON-RPC error under {@code /mcp}, the app's page elsewhere; TRACE and
 * other unused methods are 405.
 */
class ErrorPagesTest {
  private static Searcher searcher;
  private static WebServer server;
  private static String host;

  @BeforeAll
  static void start() {
    searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
    server = WebServer.newBuilder(searcher).port(0).build().start();
    host = "127.0.0.1:" + server.port();
  }

  @AfterAll
  static void stop() {
    server.close();
    searcher.close();
  }

  private static void apiError(Reply r, int status, String where) {
    assertThat(r.status()).as(where + ": " + r.body()).isEqualTo(status);
    McpGateTest.assertNoInternals(r.body(), where);
    ForPeople.checkBody(r.body(), where);
    assertThat(r.header("content-type")).as(where).startsWith("application/json");
    ForPeople.check(r.json().get("error").asText(), where);
  }

  private static void pageError(Reply r, int status, String where) {
    assertThat(r.status()).as(where + ": " + r.body()).isEqualTo(status);
    McpGateTest.assertNoInternals(r.body(), where);
    ForPeople.checkBody(r.body(), where);
    assertThat(r.header("content-type")).as(where).startsWith("text/html;charset=utf-8");
    assertThat(r.body()).as(where).contains("<link rel=\"stylesheet\" href=\"/static/app.css\">")
        .contains("class=\"alert\"").doesNotContain("HTTP ERROR").doesNotContain("Powered by");
  }

  @Test
  void traceIsNotAllowedAnywhereAndEchoesNothing() {
    Reply api = raw(server, "TRACE", "/api/tree", host, "Cookie", "qmd4j_token=secret");
    apiError(api, 405, "TRACE /api/tree");
    assertThat(api.body()).doesNotContain("secret");
    assertThat(api.header("Allow")).isEqualTo("GET, HEAD, POST");
    pageError(raw(server, "TRACE", "/", host), 405, "TRACE /");
    Reply mcp = raw(server, "TRACE", "/mcp", host);
    assertThat(mcp.status()).isEqualTo(405);
    McpGateTest.jsonRpcError(mcp, "TRACE /mcp");
    apiError(raw(server, "PUT", "/api/search", host), 405, "PUT");
    apiError(raw(server, "OPTIONS", "/api/search", host), 405, "OPTIONS");
    apiError(raw(server, "DELETE", "/api/search", host), 405, "DELETE /api");
    pageError(raw(server, "PATCH", "/tasks", host), 405, "PATCH /tasks");
  }

  @Test
  void aTwentyKilobyteAddressGetsTheAppsShape() throws IOException {
    String query = "x".repeat(20 * 1024);
    for (String path : new String[] {"/api/search?query=" + query, "/?q=" + query,
        "/mcp?x=" + query}) {
      Reply r = rawRequest("GET " + path + " HTTP/1.1\r\nHost: " + host
          + "\r\nConnection: close\r\n\r\n");
      assertThat(r.status()).as(path.substring(0, 6)).isEqualTo(414);
      McpGateTest.assertNoInternals(r.body(), "414");
      assertThat(r.body()).contains("The address is too long");
      assertThat(r.header("content-type")).endsWith("charset=utf-8");
    }
  }

  @Test
  void headersTooLargeAndMalformedRequestsGetTheAppsShape() throws IOException {
    Reply big = rawRequest("GET /api/tree HTTP/1.1\r\nHost: " + host + "\r\nX-Big: "
        + "y".repeat(20 * 1024) + "\r\nConnection: close\r\n\r\n");
    assertThat(big.status()).isEqualTo(431);
    McpGateTest.assertNoInternals(big.body(), "431");
    assertThat(big.body()).contains("headers are too large");
    Reply bad = rawRequest("GET /api/tree HTTP/1.1\r\nHost: " + host
        + "\r\nNo colon here\r\nConnection: close\r\n\r\n");
    assertThat(bad.status()).isEqualTo(400);
    McpGateTest.assertNoInternals(bad.body(), "400");
    assertThat(bad.body()).contains("not well-formed HTTP");
  }

  @Test
  void aBodyTooLargeAndUnknownPagesGetTheAppsShape() {
    pageError(WebTesting.get(server, "/nothing/here"), 404, "404 page");
    apiError(WebTesting.get(server, "/api/nothing"), 404, "404 api");
  }

  @Test
  void aBodyThatIsNotAnObjectIsSaidInPlainWords() {
    for (String body : new String[] {"[]", "null", "\"x\"", "{", "", "{} {}", "7"}) {
      Reply r = WebTesting.post(server, "/api/concat", body);
      apiError(r, 400, "concat " + body);
      assertThat(r.json().get("error").asText()).as(body)
          .startsWith("The body must be a JSON object of the endpoint's arguments");
    }
    assertThat(WebTesting.post(server, "/api/find", "[]").json().get("error").asText())
        .isEqualTo("The body must be a JSON object of the endpoint's arguments by name "
            + "(concat: {\"items\": [\"tasks.md\"]}, find: {\"query\": \"stripe\"}); "
            + "this one is an array");
  }

  @Test
  void aLineRangeThatIsNotNumbersIsA400AboutTheRange() {
    Reply r = WebTesting.get(server, "/api/read?path=tasks.md&from=x");
    apiError(r, 400, "from=x");
    assertThat(r.json().get("error").asText()).isEqualTo("Parameter 'from' is a line number "
        + "of the range to read (1 or more, from=10&to=20) but was 'x'");
    apiError(WebTesting.get(server, "/api/read?path=tasks.md&from=2&to=-1"), 400, "to=-1");
    assertThat(WebTesting.get(server, "/api/read?path=tasks.md&from=1&to=2").status())
        .isEqualTo(200);
  }

  /** Writes {@code request} as it is and reads the whole answer. */
  static Reply rawRequest(String request) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = socket.getInputStream();
      String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      int end = all.indexOf("\r\n\r\n");
      String[] lines = all.substring(0, end).split("\r\n");
      java.util.Map<String, String> hs = new java.util.LinkedHashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        hs.putIfAbsent(lines[i].substring(0, colon).strip().toLowerCase(java.util.Locale.ROOT),
            lines[i].substring(colon + 1).strip());
      }
      return new Reply(Integer.parseInt(lines[0].split(" ")[1]), hs, all.substring(end + 4));
    }
  }
}
