package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.ForPeople;
import org.qmd4j.HostileInput;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;

/**
 * The randomized suite through the MCP server (stdio, in-process): pipelined
 * {@code search} and {@code brief} calls with hostile queries, scopes, modes, dates and
 * limits. Invariants: every call is answered exactly once; a tool error says why and is never
 * an internal error; search results have scores in [0, 1], descending. Seeded: replay with
 * {@code -Dqmd4j.seed=N}; {@code -Dqmd4j.budget=10m} sends more calls.
 */
class RobustnessMcpTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":"
      + "\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
      + "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}\n"
      + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n";

  private static void putIfGiven(Map<String, Object> args, String name, String value) {
    if (value != null) args.put(name, value);
  }

  @Test
  void hostileToolCallsAreAllAnsweredWithResultsOrToolErrors() throws Exception {
    long seed = HostileInput.seed();
    int calls = HostileInput.budgetMillis(0) >= 60_000 ? 5_000 : 120;
    System.out.println("RobustnessMcpTest seed=" + seed + " calls=" + calls);
    HostileInput input = new HostileInput(seed);
    Random random = input.random();
    ByteArrayOutputStream in = new ByteArrayOutputStream();
    in.write(INIT.getBytes(StandardCharsets.UTF_8));
    Map<String, Map<String, Object>> sent = new LinkedHashMap<>();
    for (int i = 0; i < calls; i++) {
      Map<String, Object> args = new HashMap<>();
      args.put("query", input.query());
      putIfGiven(args, "mode", input.mode());
      putIfGiven(args, "scope", input.scope());
      putIfGiven(args, "date_from", input.date());
      putIfGiven(args, "date_to", input.date());
      if (random.nextInt(3) == 0) args.put("limit", random.nextInt(80) - 10);
      String tool = random.nextInt(4) == 0 ? "brief" : "search";
      String id = "c" + i;
      sent.put(id, args);
      in.write(JSON.writeValueAsBytes(Map.of("jsonrpc", "2.0", "id", id,
          "method", "tools/call", "params", Map.of("name", tool, "arguments", args))));
      in.write('\n');
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Searcher searcher = SearchProviders.forVault(Fixtures.vault(),
        Fixtures.memoryOptions())) {
      Qmd4jMcpServer.serve(searcher, new ByteArrayInputStream(in.toByteArray()), out, 300_000);
    }
    Map<String, Integer> answered = new HashMap<>();
    int errors = 0;
    for (String frame : out.toString(StandardCharsets.UTF_8).split("\n")) {
      JsonNode node = JSON.readTree(frame);
      String id = node.get("id").asText();
      answered.merge(id, 1, Integer::sum);
      if (id.equals("init")) continue;
      String where = "seed=" + seed + " " + id + " args=" + sent.get(id) + " answer=" + frame;
      JsonNode result = node.path("result");
      assertThat(result.isObject()).as(where).isTrue();
      String text = result.path("content").path(0).path("text").asText();
      if (result.path("isError").asBoolean(false)) {
        errors++;
        assertThat(text).as(where).isNotBlank().doesNotContain("Internal error");
        ForPeople.check(text, where);
      } else if (result.path("structuredContent").has("results")) {
        double previous = 1.0;
        for (JsonNode row : result.path("structuredContent").path("results")) {
          double score = row.get("score").asDouble();
          assertThat(score).as(where).isBetween(0.0, 1.0).isLessThanOrEqualTo(previous);
          previous = score;
        }
      }
    }
    assertThat(answered).hasSize(calls + 1).allSatisfy((id, n) -> assertThat(n).as(id)
        .isEqualTo(1));
    System.out.printf("RobustnessMcpTest: %d calls (%d tool errors), all answered once,"
        + " 0 failures%n", calls, errors);
  }
}
