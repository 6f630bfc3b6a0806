package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmd4j.web.WebTesting.get;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.web.WebTesting.Reply;

/**
 * The notes layout on the page: a folder of notes is searched; an unindexed vault says why; a folder
 * of notes offers no Tasks view, and its {@code /tasks} says why rather than failing. Dates:
 * a daily note is found by its day, and the page and API say where its date comes from.
 */
class NotesLayoutPageTest {
  @Test
  void aFolderOfNotesIsSearchedAndItsStartingPointsAreFolders() {
    try (Searcher searcher = SearchProviders.forVault(Fixtures.notesVault(),
        Fixtures.memoryOptions());
        WebServer server = WebServer.newBuilder(searcher).port(0).build().start()) {
      Reply welcome = get(server, "/");
      assertThat(welcome.body()).contains("href=\"/?q=*&amp;scope=folder%3Ajournal\">journal<")
          .doesNotContain("all-states").doesNotContain("Nothing is indexed");
      Reply r = get(server, "/?q=facture&scope=folder:clients");
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.body()).contains("<span class=\"name\">facture-2025-014.md</span>")
          .doesNotContain("workspace.md</span>");
    }
  }

  @Test
  void aDailyNoteIsFoundByItsDayAndShowsWhereItsDateComesFrom(@TempDir Path tmp)
      throws IOException {
    Path vault = Fixtures.copy(Fixtures.notesVault(), tmp);
    Path daily = Files.createDirectories(vault.resolve("Journal")).resolve("2026-11-26.md");
    Files.writeString(daily, "# Jeudi\n\nAppelé le plombier.\n");
    Files.setLastModifiedTime(daily, FileTime.from(Instant.parse("2026-11-28T08:00:00Z")));
    try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions());
        WebServer server = WebServer.newBuilder(searcher).port(0).build().start()) {
      Reply page = get(server, "/?q=*&from=2026-11-26&to=2026-11-26");
      assertThat(page.status()).isEqualTo(200);
      assertThat(page.body()).contains("<span class=\"name\">2026-11-26.md</span>")
          .contains("<span class=\"date\" title=\"The date that date filters use, and where it"
              + " comes from\">2026-11-26 (file name)</span>");
      Reply api = get(server, "/api/search?query=plombier&date_from=2026-11-26"
          + "&date_to=2026-11-26");
      assertThat(api.status()).isEqualTo(200);
      assertThat(api.body()).contains("\"path\":\"Journal/2026-11-26.md\"")
          .contains("\"date\":\"2026-11-26\",\"dateSource\":\"file name\"");
    }
  }

  @Test
  void aFolderOfTextFilesSaysThatNothingIsIndexedAndWhy() {
    try (Searcher searcher = SearchProviders.forVault(Fixtures.txtOnlyVault(),
        Fixtures.memoryOptions());
        WebServer server = WebServer.newBuilder(searcher).port(0).build().start()) {
      Reply r = get(server, "/?q=facture");
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.body()).contains("<div class=\"alert\" role=\"status\"><strong>Nothing is"
          + " indexed</strong><p>Nothing is indexed in this vault: it uses the notes layout")
          .contains("3 .txt");
    }
  }

  @Test
  void aFolderOfNotesOffersNoTasksViewAndItsTasksAddressSaysWhy() {
    try (Searcher searcher = SearchProviders.forVault(Fixtures.notesVault(),
        Fixtures.memoryOptions());
        WebServer server = WebServer.newBuilder(searcher).port(0).build().start()) {
      assertThat(get(server, "/").body())
          .contains("<nav class=\"views\" aria-label=\"Views\"><a href=\"/\" "
              + "aria-current=\"page\">Search</a></nav>")
          .doesNotContain("/tasks");
      assertThat(get(server, "/?q=facture").body()).doesNotContain("/tasks");
      for (String address : new String[] {"/tasks", "/tasks?status=" + Html.url("bloqué")
          + "&project=clients"}) {
        Reply r = get(server, address);
        assertThat(r.status()).as(address).isEqualTo(200);
        assertThat(r.body()).as(address)
            .contains("<h2>This vault has no task list</h2><p>It uses the notes layout "
                + "(detected: no projects/, changelog.md or tasks.md at the root)")
            .contains("<a href=\"/\">Search the notes</a>")
            .doesNotContain("role=\"alert\"").doesNotContain("class=\"alert\"")
            .doesNotContain("field-error").doesNotContain("<form")
            .doesNotContain("href=\"/tasks\"");
      }
    }
  }

  @Test
  void aVaultInProjectsOffersTheTasksView() {
    try (Searcher searcher = SearchProviders.forVault(Fixtures.vault(),
        Fixtures.memoryOptions());
        WebServer server = WebServer.newBuilder(searcher).port(0).build().start()) {
      assertThat(get(server, "/").body()).contains("<a href=\"/tasks\">Tasks</a>");
      assertThat(get(server, "/tasks").body())
          .contains("<a href=\"/tasks\" aria-current=\"page\">Tasks</a>")
          .doesNotContain("This vault has no task list");
    }
  }
}
