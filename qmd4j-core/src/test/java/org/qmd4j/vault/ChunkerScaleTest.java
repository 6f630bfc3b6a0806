package org.qmd4j.vault;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.qmd4j.search.FileKind;
import org.qmd4j.spi.VaultFile;

/**
 * Chunking time grew with the square of a note's heading count (20,000 headings
 * took 112 s, 200,000 never finished). The timeouts are hang guards, hundreds of times the
 * linear cost, not speed figures (those are in docs/reliability.md).
 */
class ChunkerScaleTest {

  private static String headings(int count, String prefix, int bodyLines) {
    StringBuilder sb = new StringBuilder("---\nupdated: 2025-07-14\n---\n");
    for (int i = 0; i < count; i++) {
      sb.append(prefix).append(i).append('\n');
      for (int j = 0; j < bodyLines; j++) sb.append("texte ").append(i).append('\n');
    }
    return sb.toString();
  }

  private static ParsedNote chunk(String path, FileKind kind, String text) {
    VaultFile file = new VaultFile(path, kind, Optional.empty());
    long start = System.nanoTime();
    ParsedNote parsed = Chunker.defaults().parse(file, NoteText.of(text));
    System.out.printf("chunked %s: %,d lines, %,d chunks in %d ms%n", path,
        parsed.lineCount(), parsed.chunks().size(),
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    return parsed;
  }

  @Test
  @Timeout(60)
  void twentyThousandTasksGiveOneChunkEach() {
    ParsedNote parsed = chunk("tasks.md", FileKind.TASKS, headings(20_000, "# tâche ", 1));
    assertThat(parsed.chunks()).hasSize(20_000);
    assertThat(parsed.chunks().get(19_999).headings()).containsExactly("tâche 19999");
  }

  @Test
  @Timeout(60)
  void twentyThousandH2InABucketNoteAreCutBySize() {
    ParsedNote parsed = chunk("bucket/n.md", FileKind.BUCKET, headings(20_000, "## section ", 0));
    assertThat(parsed.chunks()).hasSizeGreaterThan(50);
    assertThat(parsed.chunks().get(parsed.chunks().size() - 1).lines().to())
        .isEqualTo(parsed.lineCount());
  }

  @Test
  @Timeout(60)
  void aDenseChangelogDayOfTwentyThousandEntriesGivesOneChunkPerEntry() {
    ParsedNote parsed = chunk("changelog.md", FileKind.CHANGELOG,
        "# 2025-07-14\n\n"
            + headings(20_000, "## entrée ", 1).replaceFirst("(?s)^---.*?---\n", ""));
    assertThat(parsed.chunks()).hasSize(20_000);
    assertThat(parsed.chunks().get(5).headings()).containsExactly("2025-07-14", "entrée 5");
  }

  @Test
  void theLargeNoteScanReadsTheFixtureNotesAsFlexmarkDoes() throws IOException {
    Path vault = org.qmd4j.Fixtures.vault();
    List<Path> notes;
    try (Stream<Path> walk = Files.walk(vault)) {
      notes = walk.filter(p -> p.toString().endsWith(".md")).sorted().toList();
    }
    assertThat(notes).hasSizeGreaterThan(20);
    for (Path path : notes) {
      NoteText note = NoteText.read(path);
      int fm = Frontmatter.parse(note).endLine();
      MarkdownStructure parsed = MarkdownStructure.parse(note, fm);
      MarkdownStructure scanned = MarkdownStructure.scan(note, fm);
      assertThat(scanned.headings).as(path.toString()).isEqualTo(parsed.headings);
    }
  }

  @Test
  @Timeout(300)
  void twoHundredThousandHeadingsFinish() {
    ParsedNote parsed = chunk("tasks.md", FileKind.TASKS, headings(200_000, "# t", 0));
    assertThat(parsed.chunks()).hasSize(200_000);
  }
}
