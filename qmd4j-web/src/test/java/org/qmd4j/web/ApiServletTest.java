package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmd4j.web.WebTesting.get;
import static org.qmd4j.web.WebTesting.post;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.text.Normalizer;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.ErrorMessages;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.Scope;
import org.qmd4j.spi.EngineQuery;
import org.qmd4j.spi.Hit;
import org.qmd4j.spi.SearchEngine;
import org.qmd4j.web.WebTesting.Reply;

/** The JSON API on the example vault: every endpoint, its shapes and its errors. */
class ApiServletTest {
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

  @Test
  void searchAnswersTheSeedArrayInTheSearchToolsShape() {
    Reply r = get(server, "/api/search?query=cautionnement");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.header("Content-Type")).startsWith("application/json");
    List<String> keys = new java.util.ArrayList<>();
    r.json().fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("results", "corrected", "suggestions", "total",
        "totalExact");
    JsonNode rows = r.json().get("results");
    assertThat(rows.isArray()).isTrue();
    assertThat(r.json().get("total").asInt()).isEqualTo(rows.size());
    assertThat(rows.get(0).get("path").asText()).isEqualTo("projects/startup-x/state.md");
    assertThat(rows.get(0).get("chunk").asText()).contains("cautionnement");
    assertThat(rows.get(0).get("score").isNumber()).isTrue();
    assertThat(rows.get(0).get("lines").asText()).matches("\\d+-\\d+");
  }

  /**
   * Each result's {@code matches} point at lines inside its {@code lines} whose text, read from
   * the vault's file, holds the query word (or its plural) at each given range; only a result
   * found through its path has none. A changelog result's {@code date} is the day heading
   * above its lines, another result's its frontmatter {@code updated}, each with its source.
   */
  @ParameterizedTest
  @ValueSource(strings = {"webhook", "Stripe", "plombier"})
  void searchMatchesPointAtTheQueryWordInTheFileAndChangelogHitsCarryTheirDay(String word)
      throws IOException {
    JsonNode rows = get(server, "/api/search?query=" + Html.url(word) + "&limit=50").json()
        .get("results");
    assertThat(rows.size()).isPositive();
    for (JsonNode row : rows) {
      String path = row.get("path").asText();
      String[] span = row.get("lines").asText().split("-");
      int from = Integer.parseInt(span[0]);
      int to = Integer.parseInt(span[1]);
      List<String> file = Files.readAllLines(Fixtures.vault().resolve(path));
      JsonNode matches = row.get("matches");
      if (matches.isEmpty()) {
        // Found through its path alone (devis-plombier.md): no line to point at.
        assertThat(fold(path)).as(path + ":" + from + "-" + to + " without matches")
            .contains(fold(word));
      }
      for (JsonNode m : matches) {
        int line = m.get("line").asInt();
        assertThat(line).as(path + " match").isBetween(from, to);
        String text = file.get(line - 1);
        assertThat(m.get("ranges").size()).isPositive();
        for (JsonNode range : m.get("ranges")) {
          String held = text.substring(range.get(0).asInt(), range.get(1).asInt());
          assertThat(fold(held)).as("'" + held + "' at " + range + " of " + path + ":" + line
              + " '" + text + "'").isIn(fold(word), fold(word) + "s");
        }
      }
      if (path.endsWith("changelog.md")) {
        String day = null;
        for (int i = from; i >= 1 && day == null; i--) {
          if (file.get(i - 1).matches("# \\d{4}-\\d{2}-\\d{2}\\s*")) {
            day = file.get(i - 1).substring(2).strip();
          }
        }
        assertThat(row.has("date")).as(path + ":" + from + " date").isTrue();
        assertThat(row.get("date").asText()).as(path + ":" + from).isEqualTo(day);
        assertThat(row.get("dateSource").asText()).isEqualTo("changelog day");
      } else {
        // Any other file: its frontmatter updated, when it has a usable one (a frontmatter
        // that is not valid YAML has none).
        String updated = org.qmd4j.vault.Frontmatter.parse(org.qmd4j.vault.NoteText.read(
            Fixtures.vault().resolve(path))).date("updated").map(Object::toString).orElse(null);
        assertThat(row.has("date") ? row.get("date").asText() : null).as(path + " date")
            .isEqualTo(updated);
        if (updated != null) {
          assertThat(row.get("dateSource").asText()).isEqualTo("frontmatter:updated");
        }
      }
    }
    assertThat(rows.get(0).get("matches").size()).as("the top hit's matches").isPositive();
    assertThat(rows).as("a changelog hit")
        .anySatisfy(r -> assertThat(r.get("path").asText()).endsWith("changelog.md"));
  }

  private static String fold(String s) {
    return Normalizer.normalize(s, Normalizer.Form.NFD).replaceAll("\\p{M}+", "")
        .toLowerCase(Locale.ROOT);
  }

  @Test
  void searchTakesScopeDatesAndLimitWithMcpNames() {
    JsonNode rows = get(server, "/api/search?query=*&scope=all-changelogs"
        + "&date_from=2025-07-01&date_to=2025-07-31&limit=3").json().get("results");
    assertThat(rows.size()).isBetween(1, 3);
    for (JsonNode row : rows) assertThat(row.get("path").asText()).endsWith("changelog.md");
  }

  @Test
  void unknownScopeIs400WithTheLibrarysMessage() {
    Reply r = get(server, "/api/search?query=stripe&scope=nope");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.json().get("error").asText())
        .isEqualTo("Unknown scope 'nope'. To search the project 'nope', write"
            + " 'project:nope'. Valid scopes are: " + Scope.VALID_SCOPES);
  }

  @Test
  void emptyQueryIs400() {
    Reply r = get(server, "/api/search?query=%20");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.json().get("error").asText())
        .isEqualTo("The query is empty; pass some words, or \"*\" for every chunk");
  }

  @Test
  void badModeAndDatesAre400() {
    assertThat(get(server, "/api/search?query=x&mode=slow").json().get("error").asText())
        .isEqualTo("Unknown mode 'slow'; valid modes are: fast, deep");
    Reply badDate = get(server, "/api/search?query=x&date_from=yesteryear");
    assertThat(badDate.status()).isEqualTo(400);
    assertThat(badDate.json().get("error").asText()).contains("yesteryear");
    Reply reversed = get(server, "/api/search?query=x&date_from=2025-08-01&date_to=2025-07-01");
    assertThat(reversed.status()).isEqualTo(400);
    assertThat(reversed.json().get("error").asText())
        .isEqualTo("date_from 2025-08-01 is after date_to 2025-07-01; swap them or widen the "
            + "period");
  }

  @Test
  void parametersThatAreNotUtf8Are400() {
    // Found by QueryParametersFuzzTest: a lone %A9 is no UTF-8, and Jetty refuses to decode the
    // query string; that was an internal error (500).
    for (String path : List.of("/api/search?query=d%A9c", "/api/brief?query=x&date_from=3+mon%A9",
        "/api/tasks?status=bloqu%E9")) {
      Reply r = get(server, path);
      assertThat(r.status()).as(path).isEqualTo(400);
      assertThat(r.json().get("error").asText()).as(path)
          .isEqualTo("The request's parameters cannot be read (bad query); write them in UTF-8,"
              + " percent-encoded (é is %C3%A9)");
    }
  }

  @Test
  void badLimitIs400() {
    Reply words = get(server, "/api/search?query=x&limit=many");
    assertThat(words.status()).isEqualTo(400);
    assertThat(words.json().get("error").asText())
        .isEqualTo("Expected a whole number of results, at least 1, but was 'many'");
    Reply zero = get(server, "/api/search?query=x&limit=0");
    assertThat(zero.status()).isEqualTo(400);
    assertThat(zero.json().get("error").asText())
        .isEqualTo("Expected a limit of at least 1 but was 0");
  }

  @Test
  void briefAnswersOverviewBlocksAndMarkdown() {
    Reply r = get(server, "/api/brief?query=cautionnement");
    assertThat(r.status()).isEqualTo(200);
    JsonNode brief = r.json();
    assertThat(brief.get("overview").asText()).isNotBlank();
    JsonNode block = brief.get("blocks").get(0);
    assertThat(block.get("path").asText()).isEqualTo("projects/startup-x/state.md");
    assertThat(block.get("lines").asText()).matches("1-\\d+");
    assertThat(block.get("text").asText()).contains("cautionnement");
    assertThat(brief.get("markdown").asText())
        .contains("---\n\n## projects/startup-x/state.md\n");
  }

  @Test
  void readAnswersAFileOrARange() {
    JsonNode whole = get(server, "/api/read?path=projects/startup-x/state.md").json();
    assertThat(whole.get("path").asText()).isEqualTo("projects/startup-x/state.md");
    assertThat(whole.get("text").asText()).startsWith("---\nupdated: 2025-07-15");
    assertThat(whole.get("markdown").asText()).startsWith("## projects/startup-x/state.md\n");

    JsonNode range = get(server, "/api/read?path=projects/startup-x/state.md:9-11").json();
    assertThat(range.get("lines").asText()).isEqualTo("9-11");
    assertThat(range.get("text").asText()).isEqualTo("## Où on en est\n"
        + "- 87 clients payants, MRR à 6 200 €.\n"
        + "- On ne dépend plus de l'API externe de géocodage depuis le comité du 14 juillet.");
    JsonNode params = get(server, "/api/read?path=projects/startup-x/state.md&from=9&to=11")
        .json();
    assertThat(params).isEqualTo(range);
  }

  @Test
  void missingNoteIs404() {
    Reply r = get(server, "/api/read?path=projects/nope.md");
    assertThat(r.status()).isEqualTo(404);
    assertThat(r.json().get("error").asText()).contains("projects/nope.md");
  }

  @Test
  void traversalAndAbsolutePathsAre400() {
    Reply up = get(server, "/api/read?path=../../etc/passwd");
    assertThat(up.status()).isEqualTo(400);
    assertThat(up.json().get("error").asText()).contains("../../etc/passwd").contains("..");
    Reply absolute = get(server, "/api/read?path=/etc/passwd");
    assertThat(absolute.status()).isEqualTo(400);
    assertThat(absolute.json().get("error").asText()).contains("/etc/passwd");
    Reply concat = post(server, "/api/concat", "{\"items\": [\"projects/../../x.md\"]}");
    assertThat(concat.status()).isEqualTo(400);
    Reply none = get(server, "/api/read");
    assertThat(none.status()).isEqualTo(400);
    assertThat(none.json().get("error").asText()).startsWith("Parameter 'path' is required");
  }

  @Test
  void treeListsEntriesWithTheirKind() {
    JsonNode rows = get(server, "/api/tree").json();
    assertThat(rows.isArray()).isTrue();
    boolean found = false;
    for (JsonNode row : rows) {
      if (row.get("path").asText().equals("projects/startup-x/state.md")) {
        assertThat(row.get("type").asText()).isEqualTo("file");
        assertThat(row.get("indexed").asBoolean()).isTrue();
        assertThat(row.get("kind").asText()).isEqualTo("state");
        found = true;
      }
    }
    assertThat(found).isTrue();
  }

  @Test
  void concatAssemblesItemsAfterTheOverview() {
    Reply r = post(server, "/api/concat", "{\"items\": [\"projects/startup-x/state.md:1-3\", "
        + "{\"path\": \"tasks.md\", \"from\": 1, \"to\": 2}], \"overview\": \"Deux extraits\"}");
    assertThat(r.status()).isEqualTo(200);
    JsonNode doc = r.json();
    assertThat(doc.get("overview").asText()).isEqualTo("Deux extraits");
    assertThat(doc.get("blocks").get(0).get("lines").asText()).isEqualTo("1-3");
    assertThat(doc.get("blocks").get(1).get("path").asText()).isEqualTo("tasks.md");
    assertThat(doc.get("markdown").asText()).startsWith("Deux extraits\n\n---\n");
  }

  @Test
  void concatRefusesBadBodies() {
    Reply empty = post(server, "/api/concat", "{\"items\": []}");
    assertThat(empty.status()).isEqualTo(400);
    assertThat(empty.json().get("error").asText()).startsWith("Argument 'items' must be");
    Reply notJson = post(server, "/api/concat", "items=a.md");
    assertThat(notJson.status()).isEqualTo(400);
    assertThat(notJson.json().get("error").asText()).startsWith("The body must be a JSON");
    Reply form = post(server, "/api/concat", "{}", "Content-Type",
        "application/x-www-form-urlencoded");
    assertThat(form.status()).isEqualTo(415);
    assertThat(get(server, "/api/concat").status()).isEqualTo(405);
  }

  @Test
  void outOfRangeNumbersAreRefusedNotWrappedAsOverMcp() {
    Reply lines = post(server, "/api/concat", "{\"items\": [{\"path\": "
        + "\"projects/startup-x/state.md\", \"from\": 4294967297, \"to\": 4294967299}]}");
    assertThat(lines.status()).isEqualTo(400);
    assertThat(lines.json().get("error").asText())
        .isEqualTo("Argument 'from' must be an integer from 1 to 2147483647 but was 4294967297");
    Reply page = post(server, "/api/find", "{\"folder\": \"projects\", "
        + "\"recursive\": true, \"n_results\": 4294967297}");
    assertThat(page.status()).isEqualTo(400);
    assertThat(page.json().get("error").asText()).startsWith("Argument 'n_results' must be");
  }

  // A misspelt parameter was ignored (from for date_from: no date at all) or
  // misread (q: "the query is empty").
  @Test
  void unknownParametersAreRefusedNamingTheNearestAndTheValidOnes() {
    Reply q = get(server, "/api/search?q=tr%C3%A9sorerie");
    assertThat(q.status()).isEqualTo(400);
    assertThat(q.json().get("error").asText()).isEqualTo("Unknown parameter 'q' for"
        + " /api/search; did you mean 'query'? Valid parameters are: date_from, date_to,"
        + " limit, mode, query, scope");
    Reply from = get(server, "/api/search?query=r%C3%A9union&from=hier");
    assertThat(from.status()).isEqualTo(400);
    assertThat(from.json().get("error").asText()).startsWith("Unknown parameter 'from' for"
        + " /api/search; did you mean 'date_from'?");
    assertThat(get(server, "/api/search?query=r%C3%A9union&date_from=hier").status())
        .isEqualTo(200);
    assertThat(get(server, "/api/brief?query=x&scoep=all-states").json().get("error").asText())
        .startsWith("Unknown parameter 'scoep' for /api/brief; did you mean 'scope'?");
    assertThat(get(server, "/api/read?path=tasks.md&form=1").json().get("error").asText())
        .startsWith("Unknown parameter 'form' for /api/read; did you mean 'from'?");
    assertThat(get(server, "/api/tree?depth=2").json().get("error").asText())
        .isEqualTo("Unknown parameter 'depth' for /api/tree; it takes no parameters");
    assertThat(get(server, "/api/tasks?prio=haute").json().get("error").asText())
        .startsWith("Unknown parameter 'prio' for /api/tasks; did you mean 'priority'?");
    Reply find = post(server, "/api/find?folder=projects", "{\"folder\": \"projects\"}");
    assertThat(find.status()).isEqualTo(400);
    assertThat(find.json().get("error").asText()).isEqualTo("/api/find takes its arguments in"
        + " the JSON body, not as query parameters ('folder')");
    Reply body = post(server, "/api/find", "{\"folder\": \"projects\", \"recursif\": true}");
    assertThat(body.status()).isEqualTo(400);
    assertThat(body.json().get("error").asText()).startsWith("Unknown argument 'recursif' for"
        + " find_notes; did you mean 'recursive'?");
  }

  @Test
  void findAnswersTheFindNotesShape() {
    Reply r = post(server, "/api/find", "{\"folder\": \"projects/startup-x\", "
        + "\"recursive\": true, \"n_results\": 50}");
    assertThat(r.status()).isEqualTo(200);
    JsonNode found = r.json();
    assertThat(found.get("success").asBoolean()).isTrue();
    assertThat(found.get("total").asInt()).isPositive();
    assertThat(found.toString()).contains("projects/startup-x/state.md");
    Reply bad = post(server, "/api/find", "{\"recursive\": \"yes\"}");
    assertThat(bad.status()).isEqualTo(400);
    assertThat(bad.json().get("error").asText())
        .isEqualTo("Argument 'recursive' must be true or false but was yes");
  }

  @Test
  void tasksAnswerTheRecordsShapeWithTheMcpToolsNames() {
    Reply r = get(server, "/api/tasks?status=bloqu%C3%A9&limit=50");
    assertThat(r.status()).isEqualTo(200);
    JsonNode rows = r.json().get("results");
    assertThat(rows.size()).isEqualTo(7);
    for (JsonNode row : rows) {
      List<String> keys = new java.util.ArrayList<>();
      row.fieldNames().forEachRemaining(keys::add);
      assertThat(keys).containsExactly("path", "project", "lines", "title", "status",
          "priority", "deadline", "text", "score");
      assertThat(row.get("status").asText()).isEqualTo("bloqué");
    }
    JsonNode overdue = get(server, "/api/tasks?deadline_before=today&priority=haute").json()
        .get("results");
    assertThat(overdue.size()).isEqualTo(3);
  }

  @Test
  void otherTypedEndpointsAnswerTheirRecords() {
    JsonNode entries = get(server, "/api/changelog?project=startup-x&tag=d%C3%A9cision"
        + "&date_from=2025-07-14&date_to=2025-07-14").json().get("results");
    assertThat(entries.size()).isEqualTo(3);
    assertThat(entries.get(0).get("date").asText()).isEqualTo("2025-07-14");
    assertThat(get(server, "/api/states?project=startup-x").json().get("results").get(0)
        .get("sections")
        .isObject()).isTrue();
    assertThat(get(server, "/api/descriptions").json().get("results").size()).isEqualTo(4);
    JsonNode meetings = get(server, "/api/buckets?type=reunion&tags=dupont&tags=comit%C3%A9")
        .json().get("results");
    assertThat(meetings.size()).isEqualTo(1);
    assertThat(meetings.get(0).get("frontmatter").get("type").asText()).isEqualTo("réunion");
  }

  @Test
  void listsCutAtTheLimitCarryTheirTotal() {
    JsonNode tasks = get(server, "/api/tasks?limit=20").json();
    assertThat(tasks.get("results").size()).isEqualTo(20);
    assertThat(tasks.get("total").asInt()).isEqualTo(28);
    assertThat(tasks.get("totalExact").asBoolean()).isTrue();
    JsonNode all = get(server, "/api/search?query=d%C3%A9cision&limit=200").json();
    JsonNode two = get(server, "/api/search?query=d%C3%A9cision&limit=2").json();
    assertThat(two.get("results").size()).isEqualTo(2);
    assertThat(two.get("total").asInt()).isEqualTo(all.get("results").size())
        .isGreaterThan(2);
    JsonNode entries = get(server, "/api/changelog?limit=1").json();
    assertThat(entries.get("total").asInt()).isGreaterThan(1);
  }

  @Test
  void typedEndpointsRefuseBadInputWith400() {
    Reply reversed = get(server, "/api/tasks?deadline_after=2025-10-01"
        + "&deadline_before=2025-09-01");
    assertThat(reversed.status()).isEqualTo(400);
    assertThat(reversed.json().get("error").asText()).isEqualTo("deadline_after 2025-10-01 is "
        + "after deadline_before 2025-09-01; swap them or widen the period");
    Reply unknown = get(server, "/api/tasks?prio=haute");
    assertThat(unknown.status()).isEqualTo(400);
    assertThat(unknown.json().get("error").asText()).startsWith("Unknown parameter 'prio' for "
        + "/api/tasks; did you mean 'priority'? Valid parameters are: ");
    assertThat(get(server, "/api/states?limit=many").status()).isEqualTo(400);
    assertThat(get(server, "/api/changelog?mode=slow").json().get("error").asText())
        .isEqualTo("Unknown mode 'slow'; valid modes are: fast, deep");
    assertThat(post(server, "/api/tasks", "{}").status()).isEqualTo(405);
  }

  @Test
  void unknownEndpointIs404() {
    Reply r = get(server, "/api/nothing");
    assertThat(r.status()).isEqualTo(404);
    assertThat(r.json().get("error").asText()).startsWith("No endpoint /api/nothing");
  }

  @Test
  void anUnexpectedFailureIs500WithoutDetails() {
    SearchEngine.Factory failing = context -> new SearchEngine() {
      @Override public String name() {
        return "failing";
      }

      @Override public List<Hit> search(EngineQuery query) {
        throw new IllegalStateException("java.lang.IllegalStateException at /secret/cache/x");
      }

      @Override public String indexLocation() {
        return "memory";
      }

      @Override public Map<String, String> diagnostics() {
        return Map.of();
      }

      @Override public void close() {}
    };
    Searcher searcher = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions(),
        failing);
    WebServer broken = WebServer.newBuilder(searcher).port(0).mcp(false).build().start();
    try {
      Reply r = get(broken, "/api/search?query=stripe");
      assertThat(r.status()).isEqualTo(500);
      assertThat(r.json().get("error").asText())
          .isEqualTo("Internal error; the server's log has the details");
      assertThat(r.body()).doesNotContain("secret").doesNotContain("Exception");
    } finally {
      broken.close();
      searcher.close();
    }
  }

  /** A request that arrives while the server shuts down is told so, as a 503. */
  @Test
  void aClosedSearcherIs503SayingTheServerIsStopping() {
    Searcher closed = SearchProviders.forVault(Fixtures.vault(), Fixtures.memoryOptions());
    WebServer stopping = WebServer.newBuilder(closed).port(0).mcp(false).build().start();
    try {
      closed.close();
      Reply r = get(stopping, "/api/search?query=stripe");
      assertThat(r.status()).isEqualTo(503);
      assertThat(r.json().get("error").asText()).isEqualTo(ErrorMessages.CLOSED);
      assertThat(r.body()).doesNotContain("lucene").doesNotContain("Exception")
          .doesNotContain(Fixtures.vault().toString());
    } finally {
      stopping.close();
    }
  }

  @Test
  void everyAnswerCarriesTheSecurityHeaders() {
    Reply r = get(server, "/api/tree");
    assertThat(r.header("Content-Security-Policy")).contains("script-src 'self'")
        .doesNotContain("unsafe-inline");
    assertThat(r.header("X-Content-Type-Options")).isEqualTo("nosniff");
    assertThat(r.header("Server")).isNull();
  }
}
