package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.qmd4j.Fixtures;
import org.qmd4j.ForPeople;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/**
 * Jazzer fuzzing of HTTP query parameters through the real server (Jetty's decoding
 * included): the first byte picks an endpoint, the rest is its query string, sent as the
 * bytes say (only what a request line cannot carry is escaped). The answer is 200, or 4xx with
 * a JSON error fit for a person; never 5xx. Corpus under
 * {@code src/test/resources/org/qmd4j/web/QueryParametersFuzzTestInputs/METHOD/}.
 */
@Tag("fuzz")
class QueryParametersFuzzTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> ENDPOINTS = List.of("/api/search", "/api/brief",
      "/api/read", "/api/tree", "/");
  private static final Searcher SEARCHER =
      SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
  private static final WebServer SERVER =
      WebServer.newBuilder(SEARCHER).port(0).mcp(false).build().start();

  @FuzzTest(maxDuration = "10s")
  void everyQueryStringIsAnsweredOrRefusedWithAMessage(byte[] bytes) throws IOException {
    // The test's own requests to its server are not the SSRF that Jazzer's detector looks for.
    BugDetectors.allowNetworkConnections((host, port) -> port == SERVER.port());
    if (bytes.length == 0) return;
    String endpoint = ENDPOINTS.get((bytes[0] & 0xFF) % ENDPOINTS.size());
    StringBuilder query = new StringBuilder();
    for (byte b : new String(bytes, 1, bytes.length - 1, StandardCharsets.UTF_8)
        .getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xFF;
      // A request line carries printable ASCII but space and '#'; '%' is sent as it is.
      if (c > 0x20 && c < 0x7F && c != '#') {
        query.append((char) c);
      } else {
        query.append('%').append(String.format("%02X", c));
      }
    }
    WebTesting.Reply r = WebTesting.raw(SERVER, "GET", endpoint + "?" + query, "127.0.0.1:"
        + SERVER.port());
    String where = endpoint + "?" + query + " -> " + r.status() + " " + r.body();
    assertThat(r.status()).as(where).isLessThan(500);
    if (r.status() >= 400 && endpoint.startsWith("/api/")
        && r.headers().getOrDefault("content-type", "").startsWith("application/json")) {
      JsonNode error = JSON.readTree(r.body()).get("error");
      assertThat(error).as(where).isNotNull();
      ForPeople.check(error.asText(), where);
    }
  }
}
