package org.qmd4j.vault;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.qmd4j.TestTier;
import org.qmd4j.notes.TypedSearch;
import org.qmd4j.search.FileKind;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.VaultFile;

/**
 * A chunk's reading known from its file's reading is what reading the chunk's text alone
 * finds (its frontmatter and headings), and the typed record fields indexed from it are the
 * ones read from the text: for random notes of every kind mixing every kind of block, cut by
 * several chunk sizes, and for every note of the example vaults.
 */
class ChunkReadingsTest {
  private static final String[] LINES = {
    "", "", "", "# 2025-07-14", "# 2025-07-15 mardi", "# Tâche Dupont", "## [client] Appel",
    "## [infra] Migration *base*", "### Détail", "#sans-espace", "  # indenté", "Texte.",
    "status: bloqué", "prio: haute", "deadline: 2025-08-01", "Statut : en cours", "===", "---",
    "- item", "- # titre dans une liste", "  # suite de liste", "> citation", "> # titre cité",
    "```", "~~~", "    code indenté", "<div>", "</div>", "<!-- commentaire", "-->",
    "[ref]: https://example.org", "Setext", "* * *", "1. premier", "\uFEFF# marque",
    "#tag #projet/client", "- [ ] à faire", "- [x] fait",
  };
  private static final FileKind[] KINDS = {
    FileKind.CHANGELOG, FileKind.TASKS, FileKind.BUCKET, FileKind.NOTE, FileKind.STATE,
  };

  @Test
  void randomNotesReadTheSameAsTheirChunks() {
    Random random = new Random(20261128L);
    int known = 0;
    int notes = TestTier.rounds(500, 2_000); // the fast tier's and the full tier's
    for (int n = 0; n < notes; n++) {
      StringBuilder text = new StringBuilder();
      if (random.nextInt(3) == 0) {
        text.append("---\ntype: ").append(random.nextBoolean() ? "idée" : "[a, b]")
            .append("\ntags: [projet, client]\ndate: 2025-07-0").append(1 + random.nextInt(9))
            .append(random.nextInt(5) == 0 ? "\n" : "\n---\n");
      }
      int lines = 1 + random.nextInt(60);
      for (int i = 0; i < lines; i++) {
        text.append(LINES[random.nextInt(LINES.length)]).append('\n');
      }
      FileKind kind = KINDS[random.nextInt(KINDS.length)];
      Chunker chunker = new Chunker(100 + random.nextInt(400), 100 + random.nextInt(400));
      known += check(chunker, kind, NoteText.of(text.toString()), "random note " + n + ":\n"
          + text);
    }
    assertThat(known).as("chunks whose reading is known").isGreaterThan(notes / 2);
  }

  @Test
  void vaultNotesReadTheSameAsTheirChunks() throws IOException {
    Path root = null;
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("testfixtures"))) {
        root = dir.resolve("testfixtures");
        break;
      }
    }
    assertThat(root).isNotNull();
    List<Path> notes;
    try (Stream<Path> files = Files.walk(root)) {
      notes = files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
    }
    int known = 0;
    for (Path p : notes) {
      NoteText note = NoteText.decode(Files.readAllBytes(p));
      for (FileKind kind : KINDS) {
        known += check(Chunker.defaults(), kind, note, p.toString());
      }
    }
    assertThat(known).isPositive();
  }

  /** Checks every known reading of {@code note}'s chunks; returns how many were known. */
  private static int check(Chunker chunker, FileKind kind, NoteText note, String what) {
    VaultFile file = new VaultFile("projects/p/note.md", kind, Optional.of("p"));
    ParsedNote parsed = chunker.parse(file, note);
    assertThat(parsed.readings()).hasSameSizeAs(parsed.chunks());
    int known = 0;
    for (int i = 0; i < parsed.chunks().size(); i++) {
      Chunk chunk = parsed.chunks().get(i);
      Optional<ChunkReading> reading = parsed.readings().get(i);
      String where = what + "\nchunk " + i + " " + chunk.lines();
      if (reading.isPresent()) {
        known++;
        NoteText alone = NoteText.of(chunk.text());
        Frontmatter fm = chunk.lines().from() == 1 ? Frontmatter.parse(alone) : Frontmatter.NONE;
        assertThat(reading.get().frontmatter()).as(where).isEqualTo(fm);
        assertThat(reading.get().headings()).as(where)
            .isEqualTo(Outline.headings(alone, fm.endLine()));
      }
      assertThat(TypedSearch.recordFields(chunk, parsed.frontmatter(), reading)).as(where)
          .isEqualTo(TypedSearch.recordFields(chunk, parsed.frontmatter()));
    }
    return known;
  }
}
