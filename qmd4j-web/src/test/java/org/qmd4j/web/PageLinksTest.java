package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmd4j.web.WebTesting.get;

import com.fasterxml.jackson.databind.JsonNode;
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
import org.qmd4j.web.WebTesting.Reply;

/**
 * What connects notes on the page: tags link to their search, a note lists the notes that
 * link to it (and {@code /api/read} says so), frontmatter lists read as lists; and every
 * invalid field says so at once, briefly, beside itself.
 */
class PageLinksTest {
  static final String TVA = "projects/comptabilite/bucket/reference/taux-tva.md";
  /** A note whose frontmatter holds lists, in both YAML forms. */
  static final String LISTS_NOTE = "---\naliases: [TVA réduite, \"taux bas\"]\ntags:\n"
      + "  - fiscalité\n  - '#memo/tva'\nupdated: 2025-07-02\n---\n# Mémo\n\nTexte.\n";

  @TempDir static Path tmp;
  private static Searcher searcher;
  private static WebServer server;

  @BeforeAll
  static void start() throws IOException {
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    Files.writeString(vault.resolve("bucket/obsidien.md"), PageServletTest.OBSIDIAN_NOTE);
    Files.writeString(vault.resolve("bucket/memo.md"), LISTS_NOTE);
    searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions());
    server = WebServer.newBuilder(searcher).port(0).build().start();
  }

  @AfterAll
  static void stop() {
    server.close();
    searcher.close();
  }

  @Test
  void aTagInANoteLinksToItsSearch() {
    Reply r = get(server, "/?open=bucket/obsidien.md");
    assertThat(r.body()).contains("<a href=\"/?q=%23obsidien\" class=\"tag\" title=\"Notes "
        + "tagged #obsidien\">#obsidien</a>");
  }

  @Test
  void aTagStaysMarkedWhenTheSearchIsForIt() {
    assertThat(get(server, "/?q=%23obsidien").body()).contains("<a href=\"/?q=%23obsidien\""
        + " class=\"tag\" title=\"Notes tagged #obsidien\"><mark>#obsidien</mark></a>");
  }

  @Test
  void frontmatterTagsLinkToTheirSearchAndListsAreLists() {
    String tva = get(server, "/?open=" + TVA).body();
    assertThat(tva).contains("<dt>tags</dt><dd class=\"tags\"><a class=\"tag\" "
        + "href=\"/?q=%23tva\">#tva</a> <a class=\"tag\" href=\"/?q=%23fiscalit%C3%A9\">"
        + "#fiscalité</a> </dd>").doesNotContain("<dd>[tva, fiscalité]</dd>");
    String memo = get(server, "/?open=bucket/memo.md").body();
    assertThat(memo).contains("<dt>aliases</dt><dd><ul class=\"yaml-list\"><li>TVA réduite"
        + "</li><li>taux bas</li></ul></dd>")
        .contains("<a class=\"tag\" href=\"/?q=%23memo%2Ftva\">#memo/tva</a>")
        .contains("<dt>updated</dt><dd>2025-07-02</dd>");
  }

  @Test
  void aNoteShowsTheNotesThatLinkToIt() {
    Reply r = get(server, "/?q=tva&open=" + TVA);
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.body()).contains("<section class=\"backlinks\" aria-labelledby="
        + "\"backlinks-title\"><h2 id=\"backlinks-title\">Linked from</h2><ul><li><a href="
        + "\"/?q=tva&amp;open=bucket%2Fobsidien.md\">Lectures</a></li></ul></section>");
    assertThat(get(server, "/?open=bucket/obsidien.md").body())
        .contains("No note links to this one with a wiki link.");
  }

  @Test
  void readAnswersTheBacklinks() {
    JsonNode read = get(server, "/api/read?path=" + TVA).json();
    assertThat(read.get("backlinks").toString())
        .isEqualTo("[{\"path\":\"bucket/obsidien.md\",\"title\":\"Lectures\"}]");
    assertThat(get(server, "/api/read?path=bucket/obsidien.md").json().get("backlinks")
        .toString()).isEqualTo("[]");
  }

  @Test
  void everyInvalidFieldIsShownBesideItselfInALineOrTwo() {
    Reply r = get(server, "/?q=stripe&scope=partout&from=demain-matin&limit=beaucoup");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.body())
        .contains("id=\"scope-error\" role=\"alert\">Unknown scope &#39;partout&#39;")
        .contains("id=\"from-error\" role=\"alert\">Not a date this page reads</p><details "
            + "class=\"field-more\"><summary>Accepted dates</summary><p>From: Invalid date "
            + "&#39;demain-matin&#39;: it is not a recognized form; expected an ISO date")
        .contains("id=\"limit-error\" role=\"alert\">Expected a whole number")
        .contains("Nothing was searched: fix the highlighted fields")
        .doesNotContain("<article");
  }

  @Test
  void emptyDateFieldsSayAnyDateNotADate() {
    String page = get(server, "/").body();
    assertThat(page).contains("id=\"from\" name=\"from\" autocomplete=\"off\" placeholder="
        + "\"Any date\"").contains("id=\"to\" name=\"to\" autocomplete=\"off\" placeholder="
        + "\"Any date\"").doesNotContain("placeholder=\"3 months ago\"")
        .doesNotContain("placeholder=\"today\"");
  }
}
