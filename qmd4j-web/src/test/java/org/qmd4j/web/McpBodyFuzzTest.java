package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.web.WebTesting.Reply;

/**
 * Fuzzing of {@code /mcp} bodies through the real server, the MCP SDK behind it: the first
 * byte says whether the request carries a live session, the rest is the body. The answer is
 * 2xx, or 4xx with a JSON-RPC error fit for a person; never 5xx, never a Java class or stack
 * frame. Jazzer's corpus is under {@code
 * src/test/resources/org/qmd4j/web/McpBodyFuzzTestInputs/METHOD/} (replayed by every test
 * run); {@link #seededMutationsOfRealMessages} runs seeded random mutations of real MCP
 * messages in every test run as well.
 */
class McpBodyFuzzTest {
  private static final Searcher SEARCHER =
      SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
  private static final WebServer SERVER = WebServer.newBuilder(SEARCHER).port(0)
      .limits(WebLimits.DEFAULT.withSessions(1_000, 1_000)).build().start();
  private static final String SESSION = WebTesting.post(SERVER, "/mcp", McpGateTest.INIT,
      "Accept", McpGateTest.ACCEPT).header("Mcp-Session-Id");

  /** Real messages of a client, to mutate. */
  private static final List<String> MESSAGES = List.of(McpGateTest.INIT,
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"search\","
          + "\"arguments\":{\"query\":\"stripe\",\"limit\":2}}}",
      "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"resources/read\",\"params\":{\"uri\":"
          + "\"qmd4j://vault/tasks.md\"}}",
      "{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}",
      "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"ping\"}");

  @Tag("fuzz") // the seeded mutations below stay in the fast tier
  @FuzzTest(maxDuration = "10s")
  void everyMcpBodyIsAnsweredOrRefusedAsJsonRpc(byte[] bytes) {
    // The test's own requests to its server are not the SSRF that Jazzer's detector looks for.
    BugDetectors.allowNetworkConnections((host, port) -> port == SERVER.port());
    if (bytes.length == 0) return;
    boolean withSession = (bytes[0] & 1) == 1;
    check(new String(bytes, 1, bytes.length - 1, StandardCharsets.UTF_8), withSession);
  }

  @Test
  void seededMutationsOfRealMessages() {
    long seed = Long.getLong("qmd4j.fuzz.seed", System.nanoTime());
    Random random = new Random(seed);
    for (int i = 0; i < Integer.getInteger("qmd4j.fuzz.cases", 100); i++) {
      String body = mutate(MESSAGES.get(random.nextInt(MESSAGES.size())), random);
      try {
        check(body, random.nextBoolean());
      } catch (AssertionError e) {
        throw new AssertionError("seed " + seed + " (-Dqmd4j.fuzz.seed=" + seed + "), case "
            + i + ": " + e.getMessage(), e);
      }
    }
  }

  private static void check(String body, boolean withSession) {
    Reply r = withSession
        ? WebTesting.post(SERVER, "/mcp", body, "Accept", McpGateTest.ACCEPT,
            "Mcp-Session-Id", SESSION)
        : WebTesting.post(SERVER, "/mcp", body, "Accept", McpGateTest.ACCEPT);
    String where = (withSession ? "session " : "") + body + " -> " + r.status() + " "
        + r.body();
    assertThat(r.status()).as(where).isLessThan(500);
    McpGateTest.assertNoInternals(r.body(), where);
    if (r.status() >= 400) McpGateTest.jsonRpcError(r, where);
  }

  /** One to three edits: cut, duplicate, insert a JSON-ish token, or change a character. */
  static String mutate(String message, Random random) {
    StringBuilder sb = new StringBuilder(message);
    String[] tokens = {"{", "}", "[", "]", ",", ":", "\"", "null", "0", "-1", "1e999", "true",
        "\"2.0\"", "\"id\"", "\"method\"", "\"params\"", "\\u0000", "\uD83D\uDE00", "é", " "};
    int edits = 1 + random.nextInt(3);
    for (int e = 0; e < edits && sb.length() > 0; e++) {
      int at = random.nextInt(sb.length());
      switch (random.nextInt(4)) {
        case 0: sb.delete(at, Math.min(sb.length(), at + 1 + random.nextInt(8))); break;
        case 1: sb.insert(at, sb.substring(at, Math.min(sb.length(), at + 1
            + random.nextInt(12)))); break;
        case 2: sb.insert(at, tokens[random.nextInt(tokens.length)]); break;
        default: sb.setCharAt(at, (char) (0x20 + random.nextInt(0x5f)));
      }
    }
    return sb.toString();
  }
}
