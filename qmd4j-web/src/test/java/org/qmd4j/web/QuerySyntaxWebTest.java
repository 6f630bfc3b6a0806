package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmd4j.web.WebTesting.get;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.web.WebTesting.Reply;

/** Quoted phrases and exclusions on {@code /api/search} and the page (docs/query-syntax.md). */
class QuerySyntaxWebTest {
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

  private static List<String> paths(String query) {
    JsonNode rows = get(server, "/api/search?limit=50&query=" + Html.url(query)).json()
        .get("results");
    List<String> out = new ArrayList<>();
    rows.forEach(r -> out.add(r.get("path").asText()));
    return out;
  }

  @Test
  void theApiFindsAPhraseInItsOrderOnlyAndHighlightsItWhole() {
    assertThat(paths("\"geler les nouvelles fonctionnalités\""))
        .containsExactly("projects/startup-x/changelog.md");
    assertThat(paths("\"fonctionnalités geler\"")).isEmpty();
    JsonNode row = get(server, "/api/search?query="
        + Html.url("\"geler les nouvelles fonctionnalités\"")).json().get("results").get(0);
    assertThat(row.get("matches").get(0).get("ranges").toString()).isEqualTo("[[14,49]]");
  }

  @Test
  void theApiLeavesOutExcludedChunks() {
    JsonNode rows = get(server, "/api/search?limit=50&query="
        + Html.url("paiement -webhook")).json().get("results");
    assertThat(rows.size()).isPositive();
    rows.forEach(r -> assertThat(r.get("chunk").asText().toLowerCase())
        .doesNotContain("webhook"));
  }

  @Test
  void theApiRefusesAQueryOfExclusionsOnlyWith400() {
    Reply r = get(server, "/api/search?query=" + Html.url("-geler"));
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.json().get("error").asText()).contains("only excludes")
        .contains("\"quoted phrase\"");
  }

  @Test
  void thePageMarksThePhraseWholeAndSaysTheSyntax() {
    Reply r = get(server, "/?q=" + Html.url("\"geler les nouvelles fonctionnalités\""));
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body()).contains("<mark>Geler les nouvelles fonctionnalités</mark>")
        .contains("title=\"Words in any order; &quot;two words&quot; adjacent");
    Reply error = get(server, "/?q=" + Html.url("-geler"));
    assertThat(error.body()).contains("only excludes");
  }
}
