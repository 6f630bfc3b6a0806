package org.qmd4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.search.NoteNotFoundException;

/** The notes whose wiki links name a note, found in a real vault. */
class BacklinkTest {
  private static final String TVA = "projects/comptabilite/bucket/reference/taux-tva.md";

  @Test
  void theNotesWhoseWikiLinksNameANoteAreItsBacklinks(@TempDir Path tmp) throws IOException {
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    Files.writeString(vault.resolve("bucket/lectures.md"),
        "# Lectures\n\nÀ relire : [[taux-tva|les taux de TVA]] et [[Nulle part]].\n");
    Files.writeString(vault.resolve("bucket/code.md"),
        "# Code\n\nPas un lien : `[[taux-tva]]`.\n\n```\n[[taux-tva]]\n```\n");
    Files.writeString(vault.resolve("bucket/sans-titre.md"),
        "---\ntitle: \"Mémo TVA\"\n---\nVoir [[reference/taux-tva#Taux]] deux fois: "
            + "[[taux-tva]].\n");
    Files.writeString(vault.resolve("bucket/nu.md"), "Voir ![[taux-tva]]\n");
    try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
      assertThat(Backlink.to(searcher, TVA)).containsExactly(
          new Backlink("bucket/lectures.md", "Lectures"),
          new Backlink("bucket/nu.md", "nu"),
          new Backlink("bucket/sans-titre.md", "Mémo TVA"));
      assertThat(Backlink.to(searcher, TVA + ":1-3")).hasSize(3);
      assertThat(Backlink.to(searcher, "bucket/lectures.md")).isEmpty();
    }
  }

  @Test
  void aMissingNoteIsRefusedAsReadRefusesIt(@TempDir Path tmp) {
    Path vault = Fixtures.copyVault(tmp.resolve("vault"));
    try (Searcher searcher = SearchProviders.forVault(vault, Fixtures.memoryOptions())) {
      assertThatThrownBy(() -> Backlink.to(searcher, "bucket/absente.md"))
          .isInstanceOf(NoteNotFoundException.class).hasMessageContaining("bucket/absente.md");
    }
  }
}
