package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmd4j.web.WebTesting.post;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.Fixtures;
import org.qmd4j.ForPeople;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.web.WebTesting.Reply;

/**
 * {@code /mcp} through a real server: malformed bodies get JSON-RPC errors (HTTP 400, no
 * class, frame or path), sessions and streams are capped per client and in all, and streams
 * close after their time.
 */
class McpGateTest {
  static final String ACCEPT = "application/json, text/event-stream";
  static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\","
      + "\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
      + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";

  private static Searcher searcher;
  private static WebServer server;

  @BeforeAll
  static void start() {
    searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
    server = WebServer.newBuilder(searcher).port(0).build().start();
  }

  @AfterAll
  static void stop() {
    server.close();
    searcher.close();
  }

  /** Asserts an error body of the server's shape on /mcp, fit for a person; its code. */
  static int jsonRpcError(Reply r, String where) {
    assertNoInternals(r.body(), where);
    ForPeople.checkBody(r.body(), where);
    assertThat(r.header("content-type")).as(where).startsWith("application/json");
    JsonNode json = r.json();
    assertThat(json.get("jsonrpc").asText()).as(where).isEqualTo("2.0");
    assertThat(json.has("id")).as(where).isTrue();
    JsonNode error = json.get("error");
    assertThat(error.isObject()).as(where + ": " + r.body()).isTrue();
    ForPeople.check(error.get("message").asText(), where);
    return error.get("code").asInt();
  }

  static void assertNoInternals(String body, String where) {
    assertThat(body).as(where).doesNotContain("stackTrace").doesNotContain(
        "io.modelcontextprotocol").doesNotContain("com.fasterxml").doesNotContain(
        "org.eclipse.jetty").doesNotContain("Exception");
  }

  @ParameterizedTest
  @ValueSource(strings = {"{", "", "random text", "{\"jsonrpc\":\"2.0\",\"id\":1,",
      "\u00ff\u00fe not json"})
  void aBodyThatIsNotJsonIsAParseError(String body) {
    Reply r = post(server, "/mcp", body, "Accept", ACCEPT);
    assertThat(r.status()).as(body).isEqualTo(400);
    assertThat(jsonRpcError(r, body)).isEqualTo(-32700);
    assertThat(r.json().get("id").isNull()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"[]", "null", "{\"jsonrpc\":\"2.0\"}", "42", "\"initialize\"",
      "{\"id\":1,\"method\":\"tools/list\"}", "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"x\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"x\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}",
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":[1]}",
      "{\"jsonrpc\":\"2.0\",\"result\":{}}",
      "[" + INIT + ",{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}]"})
  void jsonThatIsNotOneMessageIsAnInvalidRequest(String body) {
    Reply r = post(server, "/mcp", body, "Accept", ACCEPT);
    assertThat(r.status()).as(body).isEqualTo(400);
    assertThat(jsonRpcError(r, body)).as(body).isEqualTo(-32600);
  }

  @Test
  void aBatchIsRefusedInWords() {
    Reply r = post(server, "/mcp", "[" + INIT + "]", "Accept", ACCEPT);
    assertThat(r.json().get("error").get("message").asText())
        .startsWith("A batch (a JSON array of messages) is not accepted");
  }

  @Test
  void anInitializeWithoutItsParamsIsInvalidParamsWithItsId() {
    Reply r = post(server, "/mcp",
        "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"initialize\",\"params\":{}}",
        "Accept", ACCEPT);
    assertThat(r.status()).isEqualTo(400);
    assertThat(jsonRpcError(r, "initialize {}")).isEqualTo(-32602);
    assertThat(r.json().get("id").asText()).isEqualTo("a");
  }

  @Test
  void anUnknownOrMissingSessionIsSaidSo() {
    String list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
    Reply none = post(server, "/mcp", list, "Accept", ACCEPT);
    assertThat(none.status()).isEqualTo(400);
    assertThat(jsonRpcError(none, "no session")).isEqualTo(-32600);
    assertThat(none.json().get("id").asInt()).isEqualTo(2);
    Reply unknown = post(server, "/mcp", list, "Accept", ACCEPT, "Mcp-Session-Id", "nope");
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(jsonRpcError(unknown, "unknown session")).isEqualTo(-32001);
    Reply get = WebTesting.get(server, "/mcp", "Accept", "text/event-stream");
    assertThat(get.status()).isEqualTo(400);
    jsonRpcError(get, "GET without session");
  }

  @Test
  void aWrongAcceptOrContentTypeIsAJsonRpcError() {
    Reply accept = post(server, "/mcp", INIT, "Accept", "application/json");
    assertThat(accept.status()).isEqualTo(400);
    jsonRpcError(accept, "accept");
    Reply type = post(server, "/mcp", INIT, "Accept", ACCEPT, "Content-Type", "text/plain");
    assertThat(type.status()).isEqualTo(415);
    jsonRpcError(type, "content type");
  }

  @Test
  void aSessionServesItsRequestsAndEndsOnDelete() {
    Reply init = post(server, "/mcp", INIT, "Accept", ACCEPT);
    assertThat(init.status()).isEqualTo(200);
    String session = init.header("Mcp-Session-Id");
    assertThat(session).isNotBlank();
    Reply list = post(server, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
        "Accept", ACCEPT, "Mcp-Session-Id", session);
    assertThat(list.status()).isEqualTo(200);
    assertThat(list.body()).contains("\"search\"");
    Reply deleted = WebTesting.delete(server, "/mcp", "Mcp-Session-Id", session);
    assertThat(deleted.status()).isEqualTo(200);
    Reply after = post(server, "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}",
        "Accept", ACCEPT, "Mcp-Session-Id", session);
    assertThat(after.status()).isEqualTo(404);
    jsonRpcError(after, "deleted session");
  }

  @Test
  void aSessionIsKnownAsSoonAsItsInitializeIsAnswered() {
    // The client sends its next request the moment the answer arrives: the gate must have
    // counted the session by then (it once did so only after the answer was written).
    WebServer roomy = WebServer.newBuilder(searcher).port(0)
        .limits(WebLimits.DEFAULT.withSessions(60, 60)).build().start();
    try {
      for (int i = 0; i < 40; i++) {
        String session = post(roomy, "/mcp", INIT, "Accept", ACCEPT).header("Mcp-Session-Id");
        Reply list = post(roomy, "/mcp",
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}", "Accept", ACCEPT,
            "Mcp-Session-Id", session);
        assertThat(list.status()).as("request %d right after its initialize", i).isEqualTo(200);
      }
    } finally {
      roomy.close();
    }
  }

  @Test
  void sessionsPastTheClientsCapAre429AndPastTheTotal503() {
    WebServer capped = WebServer.newBuilder(searcher).port(0)
        .limits(WebLimits.DEFAULT.withSessions(2, 1)).build().start();
    WebServer full = WebServer.newBuilder(searcher).port(0)
        .limits(WebLimits.DEFAULT.withSessions(1, 1)).build().start();
    try {
      assertThat(post(capped, "/mcp", INIT, "Accept", ACCEPT).status()).isEqualTo(200);
      Reply second = post(capped, "/mcp", INIT, "Accept", ACCEPT);
      assertThat(second.status()).isEqualTo(429);
      assertThat(second.header("Retry-After")).isEqualTo("30");
      assertThat(jsonRpcError(second, "429")).isEqualTo(-32000);
      assertThat(second.json().get("error").get("message").asText())
          .startsWith("This client holds its most MCP sessions (1)");

      assertThat(post(full, "/mcp", INIT, "Accept", ACCEPT).status()).isEqualTo(200);
      Reply refused = post(full, "/mcp", INIT, "Accept", ACCEPT);
      assertThat(refused.status()).isEqualTo(503);
      assertThat(refused.header("Retry-After")).isEqualTo("30");
      jsonRpcError(refused, "503");
    } finally {
      capped.close();
      full.close();
    }
  }

  @Test
  void streamsPastTheCapAreRefusedAndAStreamClosesAfterItsTime() throws IOException {
    WebServer capped = WebServer.newBuilder(searcher).port(0)
        .limits(WebLimits.DEFAULT.withStreams(2, 1)
            .withTimes(null, Duration.ofSeconds(2), null, null)).build().start();
    try {
      String session = post(capped, "/mcp", INIT, "Accept", ACCEPT).header("Mcp-Session-Id");
      try (Socket stream = new Socket("127.0.0.1", capped.port())) {
        OutputStream out = stream.getOutputStream();
        out.write(("GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + capped.port()
            + "\r\nAccept: text/event-stream\r\nConnection: close\r\nMcp-Session-Id: " + session
            + "\r\n\r\n")
            .getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        // The stream is open once the server answers its headers; then a second is refused.
        stream.setSoTimeout(120_000);
        InputStream in = stream.getInputStream();
        String head = readHead(in);
        assertThat(head).startsWith("HTTP/1.1 200");
        Reply second = WebTesting.get(capped, "/mcp", "Accept", "text/event-stream",
            "Mcp-Session-Id", session);
        assertThat(second.status()).isEqualTo(429);
        assertThat(second.header("Retry-After")).isEqualTo("30");
        jsonRpcError(second, "stream cap");
        // After its time the server ends the stream: the read reaches the end (a stream
        // left open would time the read out instead).
        String rest = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        assertThat(rest).doesNotContain("event:");
      }
      // Its place is free again: the next stream opens (and closes after its time).
      Reply again = WebTesting.get(capped, "/mcp", "Accept", "text/event-stream",
          "Mcp-Session-Id", session);
      assertThat(again.status()).isEqualTo(200);
    } finally {
      capped.close();
    }
  }

  private static String readHead(InputStream in) throws IOException {
    StringBuilder sb = new StringBuilder();
    int c;
    while ((c = in.read()) != -1) {
      sb.append((char) c);
      if (sb.length() >= 4 && sb.substring(sb.length() - 4).equals("\r\n\r\n")) break;
    }
    return sb.toString();
  }
}
