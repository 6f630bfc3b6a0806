package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmd4j.web.WebTesting.get;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.search.Scope;
import org.qmd4j.web.WebTesting.Reply;

/** The page as the server renders it: deep links, field errors, files, notes' HTML, edits. */
class PageServletTest {
  static final String XSS_NOTE = "# Piège\n\nzanzibar <script>window.pwned = 1</script>\n\n"
      + "<img src=x onerror=\"window.pwned = 2\">\n\n[clic](javascript:alert(1)) "
      + "[voisin](../bucket/export-journal.md)\n";

  /** An Obsidian note, with a tag and wiki links (one to no note). */
  static final String OBSIDIAN_NOTE = "# Lectures\n\nÀ relire #obsidien : "
      + "[[taux-tva|les taux de TVA]] et [[Nulle part]].\n";

  @TempDir static Path tmp;
  private static Path vault;
  private static Searcher searcher;
  private static WebServer server;

  @BeforeAll
  static void start() throws IOException {
    vault = Fixtures.copyVault(tmp.resolve("vault"));
    Files.writeString(vault.resolve("bucket/piege.md"), XSS_NOTE);
    Files.writeString(vault.resolve("bucket/obsidien.md"), OBSIDIAN_NOTE);
    searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions());
    server = WebServer.newBuilder(searcher).port(0).build().start();
  }

  @AfterAll
  static void stop() {
    server.close();
    searcher.close();
  }

  @Test
  void deepLinkRendersTheBriefOnTheServer() {
    Reply r = get(server, "/?q=cautionnement&scope=project:startup-x&limit=5");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.header("Content-Type")).startsWith("text/html");
    assertThat(r.body())
        .contains("<section class=\"overview\"")
        .contains("<span class=\"dir\">projects/startup-x/</span>"
            + "<span class=\"name\">state.md</span>")
        .contains("value=\"cautionnement\"")
        .contains("value=\"project:startup-x\"")
        .contains("<span class=\"line hit\"><span class=\"n\">");
  }

  @Test
  void aBriefCutAtTheLimitSaysHowManyResultsThereAre() {
    int total = get(server, "/api/search?query=d%C3%A9cision&limit=2").json().get("total")
        .asInt();
    assertThat(total).isGreaterThan(2);
    assertThat(get(server, "/?q=d%C3%A9cision&limit=2").body())
        .contains("<p class=\"summary\">2 of " + total + " results in ");
    assertThat(get(server, "/?q=d%C3%A9cision&limit=200").body())
        .contains("<p class=\"summary\">" + total + " results in ");
  }

  @Test
  void aWikiLinkOpensTheNoteItNamesAndOneToNoNoteIsText() {
    Reply r = get(server, "/?open=bucket/obsidien.md");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body())
        .contains("<a href=\"/?open=projects%2Fcomptabilite%2Fbucket%2Freference%2Ftaux-tva.md\""
            + " class=\"wikilink\" title=\"projects/comptabilite/bucket/reference/taux-tva.md\">"
            + "les taux de TVA</a>")
        .contains("<span class=\"wikilink unresolved\" title=\"No note of the vault matches "
            + "[[Nulle part]]\">Nulle part</span>");
  }

  @Test
  void aTagQueryShowsTheTaggedNoteWithTheTagMarked() {
    Reply r = get(server, "/?q=%23obsidien");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body()).contains("<span class=\"name\">obsidien.md</span>")
        .contains("<mark>#obsidien</mark>")
        .contains("1 result in 1 block");
  }

  @Test
  void pageWithoutQueryWelcomesAndListsScopesAndProjects() {
    Reply r = get(server, "/");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body()).contains("<section class=\"welcome\">")
        .contains("<option value=\"all-changelogs\">")
        .contains("<option value=\"project:startup-x\">")
        .contains("<script src=\"/static/app.js\" defer></script>");
    assertThat(r.header("Content-Security-Policy")).contains("script-src 'self'");
  }

  @Test
  void unknownScopeShowsTheMessageNextToTheField() {
    Reply r = get(server, "/?q=stripe&scope=partout");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.body()).contains("<p class=\"field-error\" id=\"scope-error\" role=\"alert\">"
        + Html.esc("Unknown scope 'partout'. To search the project 'partout', write"
            + " 'project:partout'. Valid scopes are: " + Scope.VALID_SCOPES) + "</p>");
  }

  @Test
  void datesInTheWrongOrderShowTheMessageNextToTo() {
    Reply r = get(server, "/?q=stripe&from=2025-08-01&to=2025-07-01");
    assertThat(r.status()).isEqualTo(400);
    // The page names its own fields, not the API's parameters.
    assertThat(r.body()).contains("id=\"to-error\" role=\"alert\">From 2025-08-01 is "
        + "after To 2025-07-01; swap them or widen the period</p>");
  }

  @Test
  void emptyQueryShowsTheMessageNextToTheSearchBox() {
    Reply r = get(server, "/?q=");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.body()).contains("id=\"q-error\" role=\"alert\">The query is empty; pass some "
        + "words, or &quot;*&quot; for every chunk</p>");
  }

  @Test
  void openShowsTheWholeFileWithABackLink() {
    Reply r = get(server, "/?q=stripe&open=projects/startup-x/state.md");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body()).contains("<a href=\"/?q=stripe\">← Back to results</a>")
        .contains("whole file · ")
        .contains("<dl class=\"frontmatter\"><dt>updated</dt><dd>2025-07-15</dd>");
  }

  @Test
  void openRefusesTraversalAndSaysWhenANoteIsMissing() {
    Reply up = get(server, "/?open=../../etc/passwd");
    assertThat(up.status()).isEqualTo(400);
    assertThat(up.body()).contains("<div class=\"alert\" role=\"alert\">").doesNotContain("root:");
    Reply missing = get(server, "/?open=projects/nope.md");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.body()).contains("projects/nope.md");
  }

  @Test
  void notesHtmlIsShownAsTextNeverAsMarkup() {
    Reply r = get(server, "/?open=bucket/piege.md");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body())
        .contains("&lt;script&gt;window.pwned = 1&lt;/script&gt;")
        .contains("&lt;img src=x onerror=&quot;window.pwned = 2&quot;&gt;")
        .doesNotContain("<script>window")
        .doesNotContain("<img src=x")
        .doesNotContain("href=\"javascript")
        .contains("<a href=\"/?open=bucket%2Fexport-journal.md\">voisin</a>");
  }

  @Test
  void anEditedNoteShowsOnTheNextSearch() throws IOException {
    assertThat(get(server, "/api/search?query=zorglubien").json().get("total").asInt()).isZero();
    Files.writeString(vault.resolve("bucket/nouvelle.md"),
        "# Nouvelle\n\nUn zorglubien au jardin.\n");
    Reply r = get(server, "/api/search?query=zorglubien");
    assertThat(r.json().get("results").get(0).get("path").asText())
        .isEqualTo("bucket/nouvelle.md");
    assertThat(get(server, "/?q=zorglubien").body()).contains("Un <mark>zorglubien</mark> au jardin.");
  }
}
