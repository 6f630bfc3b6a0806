package org.qmd4j.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.qmd4j.web.WebTesting.get;

import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchProviders;
import org.qmd4j.Searcher;
import org.qmd4j.web.WebTesting.Reply;

/** Issue 16 on the page: a folder of notes is searched; an unindexed vault says why. */
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
}
