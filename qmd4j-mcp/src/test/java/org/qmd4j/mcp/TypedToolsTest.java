package org.qmd4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.io.OutputStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.notes.Note;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;

/**
 * The typed tools ({@code tasks}, {@code changelog}, {@code states}, {@code descriptions},
 * {@code buckets}) as an agent calls them: the MCP Java SDK's client over the stdio server,
 * on the example vault with the fixed clock (2025-09-15).
 */
class TypedToolsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static Searcher searcher;
  private static Thread server;
  private static McpSyncClient client;

  @BeforeAll
  static void start() throws Exception {
    searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
    PipeStreams.Ends toServer = PipeStreams.open();
    PipeStreams.Ends toClient = PipeStreams.open();
    server = new Thread(() -> {
      try (OutputStream out = toClient.sink()) {
        Qmd4jMcpServer.serve(searcher, toServer.source(), out,
            60_000);
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    });
    server.start();
    client = McpClient.sync(new StreamClientTransport(Qmd4jMcpServer.JSON,
            toClient.source(),
            toServer.sink()))
        .requestTimeout(Duration.ofSeconds(60)).build();
    client.initialize();
  }

  @AfterAll
  static void stop() throws Exception {
    if (client != null) client.closeGracefully();
    if (server != null) server.join(60_000);
    if (searcher != null) searcher.close();
  }

  private static CallToolResult call(String tool, Map<String, Object> args) {
    return client.callTool(CallToolRequest.builder(tool).arguments(args).build());
  }

  private static String text(CallToolResult result) {
    return ((TextContent) result.content().get(0)).text();
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> rows(CallToolResult result) {
    assertThat(result.isError()).as(text(result)).isNotEqualTo(Boolean.TRUE);
    return (List<Map<String, Object>>) ((Map<String, Object>) result.structuredContent())
        .get("results");
  }

  @Test
  void tasksToolListsEveryBlockedTaskAsTheJavaRecordsDo() throws Exception {
    CallToolResult result = call("tasks", Map.of("status", "bloqué", "limit", 50));
    List<Map<String, Object>> rows = rows(result);
    assertThat(rows).hasSize(7).allSatisfy(r -> {
      assertThat(r).containsEntry("status", "bloqué");
      assertThat(r.keySet()).containsExactly("path", "project", "lines", "title", "status",
          "priority", "deadline", "text", "score");
    });
    assertThat(rows).filteredOn(r -> r.get("title").equals("Signer la term sheet"))
        .singleElement().satisfies(r -> {
          assertThat(r).containsEntry("project", "startup-x")
              .containsEntry("path", "projects/startup-x/tasks.md")
              .containsEntry("lines", "35-39").containsEntry("priority", "haute")
              .containsEntry("deadline", "2025-10-15");
        });
    // The text is the same rows as a JSON array, and the same as Note.toWire() in Java.
    List<Map<String, Object>> fromText = JSON.readValue(text(result),
        new TypeReference<List<Map<String, Object>>>() {});
    assertThat(fromText).extracting(r -> r.get("title"))
        .containsExactlyElementsOf(rows.stream().map(r -> r.get("title")).toList());
    List<Object> java = searcher.tasks(NoteQuery.newBuilder(Kind.TASKS).status("bloqué").limit(50)
        .build()).stream().map(Note::toWire).map(w -> w.get("title")).toList();
    assertThat(rows).extracting(r -> r.get("title")).containsExactlyElementsOf(java);
  }

  @Test
  @SuppressWarnings("unchecked")
  void aListCutAtTheLimitCarriesTheTotalAndSaysItInText() {
    CallToolResult cut = call("tasks", Map.of("limit", 20));
    assertThat(rows(cut)).hasSize(20);
    Map<String, Object> structured = (Map<String, Object>) cut.structuredContent();
    assertThat(structured).containsEntry("total", 28).containsEntry("totalExact", true);
    assertThat(((TextContent) cut.content().get(1)).text())
        .isEqualTo("20 of 28 tasks; raise limit to see more");
    CallToolResult whole = call("tasks", Map.of("limit", 28));
    assertThat((Map<String, Object>) whole.structuredContent()).containsEntry("total", 28);
    assertThat(whole.content()).hasSize(1);
    CallToolResult entries = call("changelog", Map.of("limit", 2));
    assertThat(((TextContent) entries.content().get(1)).text())
        .matches("2 of \\d+ entries; raise limit to see more");
  }

  @Test
  @SuppressWarnings("unchecked")
  void searchCarriesTheTotalBeforeTheLimit() {
    CallToolResult all = call("search", Map.of("query", "décision", "limit", 200));
    int total = rows(all).size();
    assertThat((Map<String, Object>) all.structuredContent()).containsEntry("total", total)
        .containsEntry("totalExact", true);
    CallToolResult two = call("search", Map.of("query", "décision", "limit", 2));
    assertThat(rows(two)).hasSize(2);
    assertThat((Map<String, Object>) two.structuredContent()).containsEntry("total", total);
    assertThat(((TextContent) two.content().get(1)).text())
        .isEqualTo("2 of " + total + " results; raise limit to see more.");
  }

  @Test
  void tasksToolFiltersByPriorityProjectAndDeadline() {
    assertThat(rows(call("tasks", Map.of("project", "startup-x", "priority", "HAUTE",
        "limit", 50)))).extracting(r -> r.get("title")).containsExactlyInAnyOrder(
            "Rendre le traitement des paiements idempotent",
            "Récupérer l'accès root au compte AWS", "Mettre à jour le deck investisseurs",
            "Signer la term sheet");
    // Overdue on the fixed clock's day (2025-09-15), relative bound resolved by the searcher.
    assertThat(rows(call("tasks", Map.of("deadline_before", "today", "limit", 50))))
        .extracting(r -> r.get("deadline")).containsExactlyInAnyOrder("2025-06-15",
            "2025-07-25", "2025-07-31", "2025-09-10", "2025-09-15");
    assertThat(rows(call("tasks", Map.of("deadline_after", "2025-10-11", "limit", 50))))
        .extracting(r -> r.get("deadline"))
        .containsExactlyInAnyOrder("2025-10-15", "2025-10-15", "2025-10-24");
  }

  @Test
  void badArgumentsAreToolErrorsSayingWhatIsValid() {
    CallToolResult backwards = call("tasks", Map.of("deadline_after", "2025-10-01",
        "deadline_before", "2025-09-01"));
    assertThat(backwards.isError()).isTrue();
    assertThat(text(backwards)).isEqualTo("deadline_after 2025-10-01 is after deadline_before "
        + "2025-09-01; swap them or widen the period");

    CallToolResult unparseable = call("tasks", Map.of("deadline_before", "bientôt"));
    assertThat(unparseable.isError()).isTrue();
    assertThat(text(unparseable)).startsWith("deadline_before: ").contains("bientôt");

    CallToolResult misspelled = call("tasks", Map.of("prio", "haute"));
    assertThat(misspelled.isError()).isTrue();
    assertThat(text(misspelled)).isEqualTo("Unknown argument 'prio' for tasks; did you mean "
        + "'priority'? Valid arguments are: deadline_after, deadline_before, limit, mode, "
        + "priority, project, query, status");

    CallToolResult project = call("changelog", Map.of("project", "startupx"));
    assertThat(project.isError()).isTrue();
    assertThat(text(project)).contains("startup-x");

    CallToolResult mode = call("states", Map.of("mode", "slow"));
    assertThat(mode.isError()).isTrue();
    // The SDK checks the schema's enum first; either way the valid modes are said.
    assertThat(text(mode)).contains("fast").contains("deep");

    CallToolResult limit = call("descriptions", Map.of("limit", 0));
    assertThat(limit.isError()).isTrue();
    assertThat(text(limit)).contains("limit").contains("1");
  }

  @Test
  void changelogStatesDescriptionsAndBucketsToolsReturnTheirRecords() {
    List<Map<String, Object>> decisions = rows(call("changelog", Map.of("project", "startup-x",
        "tag", "[décision]", "date_from", "2025-07-14", "date_to", "2025-07-14")));
    assertThat(decisions).isNotEmpty().allSatisfy(r -> assertThat(r)
        .containsEntry("tag", "décision").containsEntry("date", "2025-07-14")
        .containsEntry("project", "startup-x"));

    assertThat(rows(call("states", Map.of("project", "startup-x")))).singleElement()
        .satisfies(r -> {
          assertThat(r).containsEntry("path", "projects/startup-x/state.md");
          assertThat(r.get("sections")).isInstanceOf(Map.class);
        });

    assertThat(rows(call("descriptions", Map.of("limit", 50)))).extracting(r -> r.get("project"))
        .containsExactlyInAnyOrder("client-dupont", "comptabilite", "renovation-maison",
            "startup-x");

    assertThat(rows(call("buckets", Map.of("type", "réunion", "tags", List.of("dupont"),
        "limit", 50)))).isNotEmpty().allSatisfy(r -> {
          assertThat(r).containsEntry("type", "réunion");
          assertThat(r.get("frontmatter")).isInstanceOf(Map.class);
        });
  }

  @Test
  void schemasNameTheFiltersAndCloseTheModeVocabulary() {
    Map<String, McpSchema.Tool> tools = new HashMap<>();
    for (McpSchema.Tool t : client.listTools().tools()) tools.put(t.name(), t);
    assertThat(properties(tools.get("tasks"))).containsOnlyKeys("query", "project", "status",
        "priority", "deadline_before", "deadline_after", "limit", "mode");
    assertThat(properties(tools.get("changelog"))).containsOnlyKeys("query", "project", "tag",
        "date_from", "date_to", "limit", "mode");
    assertThat(properties(tools.get("buckets"))).containsKeys("type", "tags");
    @SuppressWarnings("unchecked")
    Map<String, Object> mode = (Map<String, Object>) properties(tools.get("states")).get("mode");
    assertThat(mode).containsEntry("enum", List.of("fast", "deep"));
    assertThat(tools.get("tasks").description()).contains("bloqué");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> properties(McpSchema.Tool tool) {
    return (Map<String, Object>) tool.inputSchema().get("properties");
  }
}
