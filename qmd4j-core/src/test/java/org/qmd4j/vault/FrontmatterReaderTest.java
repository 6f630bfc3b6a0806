package org.qmd4j.vault;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;

/** Reading frontmatter from a file's head. */
class FrontmatterReaderTest {
  private static Path vault() throws Exception {
    return Fixtures.vault().toRealPath();
  }

  @Test
  void largeFileIsReadFromItsHeadOnly() throws Exception {
    Frontmatter fm = FrontmatterReader.read(vault(), "bucket/export-journal.md");
    assertThat(fm.string("type")).contains("référence");
    assertThat(fm.strings("tags")).containsExactly("export", "journal", "archive");
    assertThat(fm.date("updated")).contains(LocalDate.of(2025, 7, 1));
  }

  @Test
  void latin1AndBomFilesDecodeLikeTheIndexer() throws Exception {
    assertThat(FrontmatterReader.read(vault(),
        "projects/comptabilite/bucket/ancien-export-latin1.md").string("type"))
        .contains("référence");
    assertThat(FrontmatterReader.read(vault(), "projects/marathon-2025/state.md")
        .string("owner")).contains("Camille");
  }

  @Test
  void headCutInsideAMultiByteCharacterStaysUtf8(@TempDir Path dir) throws Exception {
    // "é" is two bytes in UTF-8: put one across the 64 KiB boundary.
    String padding = "a".repeat(FrontmatterReader.HEAD_BYTES - 30);
    String text = "---\ntype: idée\n---\n" + padding + "ééééééééééééééééééé\n";
    Path file = dir.resolve("n.md");
    Files.writeString(file, text, Charset.forName("UTF-8"));
    assertThat(FrontmatterReader.read(dir.toRealPath(), "n.md").string("type")).contains("idée");
  }

  @Test
  void frontmatterNotClosedWithinTheHeadIsNone(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("n.md");
    Files.write(file, List.of("---", "type: idée", "notes: " + "x".repeat(70_000), "---"));
    assertThat(FrontmatterReader.read(dir.toRealPath(), "n.md")).isEqualTo(Frontmatter.NONE);
  }
}
