package org.qmd4j.notes;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.VaultFile;
import org.qmd4j.vault.Frontmatter;

/** Parsing chunks into typed notes, on texts written for each rule. */
class NoteParserTest {
  private static Chunk chunk(String path, FileKind kind, int from, String text,
      Optional<LocalDate> date) {
    int lines = text.split("\n", -1).length;
    String project = path.startsWith("projects/") ? path.split("/")[1] : null;
    return new Chunk(new VaultFile(path, kind, Optional.ofNullable(project)), 0,
        new LineRange(from, from + lines - 1), text, List.of(), date);
  }

  @Test
  void dayChunkGivesOneEntryPerH2WithTagTitleAndFileLines() {
    Chunk day = chunk("projects/x/changelog.md", FileKind.CHANGELOG, 11,
        "# 2025-08-20\n\n## [décision] On reste sur PostgreSQL\nAprès benchmark.\n\n"
            + "## [blocage] Term sheet\nRien ne bouge.\n",
        Optional.of(LocalDate.of(2025, 8, 20)));
    List<ChangelogEntry> entries = NoteParser.entries(day, 0.5);
    assertThat(entries).hasSize(2);
    ChangelogEntry first = entries.get(0);
    assertThat(first.tag()).contains("décision");
    assertThat(first.title()).isEqualTo("On reste sur PostgreSQL");
    assertThat(first.lines()).isEqualTo(new LineRange(13, 14));
    assertThat(first.text()).isEqualTo("## [décision] On reste sur PostgreSQL\nAprès benchmark.");
    assertThat(first.date()).contains(LocalDate.of(2025, 8, 20));
    assertThat(first.project()).contains("x");
    assertThat(first.score()).isEqualTo(0.5);
    assertThat(entries.get(1).lines()).isEqualTo(new LineRange(16, 17));
  }

  @Test
  void entryWithoutTagKeepsItsWholeHeadingAsTitle() {
    Chunk day = chunk("changelog.md", FileKind.CHANGELOG, 1,
        "# 2025-01-02\n## Rien de spécial\nok", Optional.of(LocalDate.of(2025, 1, 2)));
    ChangelogEntry e = NoteParser.entries(day, 1).get(0);
    assertThat(e.tag()).isEmpty();
    assertThat(e.title()).isEqualTo("Rien de spécial");
    assertThat(e.project()).isEmpty();
  }

  @Test
  void dayWithoutH2IsOneEntryTitledWithItsHeading() {
    Chunk day = chunk("changelog.md", FileKind.CHANGELOG, 5, "# 2025-01-02\nJuste une ligne.",
        Optional.of(LocalDate.of(2025, 1, 2)));
    List<ChangelogEntry> entries = NoteParser.entries(day, 1);
    assertThat(entries).singleElement().satisfies(e -> {
      assertThat(e.title()).isEqualTo("2025-01-02");
      assertThat(e.tag()).isEmpty();
      assertThat(e.lines()).isEqualTo(new LineRange(5, 6));
    });
  }

  @Test
  void hashLinesInsideCodeAreNotEntries() {
    Chunk day = chunk("changelog.md", FileKind.CHANGELOG, 1,
        "# 2025-01-02\n## [note] Script\n```\n## pas un titre\n```\nfin",
        Optional.of(LocalDate.of(2025, 1, 2)));
    assertThat(NoteParser.entries(day, 1)).singleElement()
        .satisfies(e -> assertThat(e.lines()).isEqualTo(new LineRange(2, 6)));
  }

  @Test
  void taskReadsStatusPriorityAndDeadlineOutsideCode() {
    Chunk task = chunk("projects/c/tasks.md", FileKind.TASKS, 18,
        "# Automatiser l'export\nstatus: en-cours\nPriority: moyenne\n```bash\n"
            + "status: faux\n# pas une tâche\n```\ndeadline: 2025-10-01\n",
        Optional.empty());
    Task t = NoteParser.task(task, 0.7).orElseThrow();
    assertThat(t.title()).isEqualTo("Automatiser l'export");
    assertThat(t.status()).contains("en-cours");
    assertThat(t.priority()).contains("moyenne");
    assertThat(t.deadline()).contains(LocalDate.of(2025, 10, 1));
    assertThat(t.lines()).isEqualTo(new LineRange(18, 25));
  }

  @Test
  void firstTaskOfAFileLeavesTheFrontmatterOut() {
    Chunk task = chunk("tasks.md", FileKind.TASKS, 1,
        "---\nupdated: 2025-09-12\n---\n\n# Renouveler l'assurance\nstatus: à-faire\n"
            + "deadline: bientôt",
        Optional.of(LocalDate.of(2025, 9, 12)));
    Task t = NoteParser.task(task, 1).orElseThrow();
    assertThat(t.lines()).isEqualTo(new LineRange(5, 7));
    assertThat(t.text()).startsWith("# Renouveler l'assurance");
    assertThat(t.priority()).isEmpty();
    assertThat(t.deadline()).as("not a date").isEmpty();
    assertThat(t.project()).isEmpty();
  }

  @Test
  void tasksChunkWithoutH1IsNoTask() {
    Chunk text = chunk("tasks.md", FileKind.TASKS, 1, "---\nupdated: 2025-09-12\n---\nrien",
        Optional.empty());
    assertThat(NoteParser.task(text, 1)).isEmpty();
  }

  @Test
  void stateSectionsFollowEveryHeadingIncludingSetextOnes() {
    Chunk state = chunk("projects/j/state.md", FileKind.STATE, 1,
        "---\nupdated: 2025-05-18\n---\n# État\n\n## Où on en est\nArrosage.\n\n"
            + "Récoltes\n========\n- Courgettes\n## Risques\n- Grêle\n## Risques\n- Sécheresse",
        Optional.of(LocalDate.of(2025, 5, 18)));
    ProjectState s = NoteParser.state(state, 1);
    assertThat(s.sections()).containsExactly(
        Map.entry("État", ""),
        Map.entry("Où on en est", "Arrosage."),
        Map.entry("Récoltes", "- Courgettes"),
        Map.entry("Risques", "- Grêle"),
        Map.entry("Risques (2)", "- Sécheresse"));
    assertThat(s.section("ou on en EST")).contains("Arrosage.");
    assertThat(s.updated()).contains(LocalDate.of(2025, 5, 18));
    assertThat(s.project()).isEqualTo("j");
    assertThat(s.lines()).isEqualTo(new LineRange(4, 15));
    assertThat(s.text()).startsWith("# État").doesNotContain("updated:");
  }

  @Test
  void bucketItemTakesTheFrontmatterOfItsChunkWhenItHoldsIt() {
    Chunk first = chunk("bucket/a.md", FileKind.BUCKET, 1,
        "---\ntype: idée\ncreated: 2025-03-28\ntags: [x, y]\n---\n# Idée\ntexte",
        Optional.empty());
    BucketItem b = NoteParser.bucket(first, 1, Frontmatter.NONE);
    assertThat(b.type()).contains("idée");
    assertThat(b.created()).contains(LocalDate.of(2025, 3, 28));
    assertThat(b.tags()).containsExactly("x", "y");
    assertThat(b.frontmatter()).containsKeys("type", "created", "tags");
    assertThat(b.lines()).isEqualTo(new LineRange(6, 7));
  }

  @Test
  void bucketItemOfALaterChunkUsesTheFileFrontmatter() {
    Chunk later = chunk("bucket/big.md", FileKind.BUCKET, 40, "# Carnet 2\ntexte",
        Optional.of(LocalDate.of(2025, 7, 1)));
    Frontmatter file = new Frontmatter(Map.of("type", "référence"), 4, false);
    BucketItem b = NoteParser.bucket(later, 1, file);
    assertThat(b.type()).contains("référence");
    assertThat(b.updated()).contains(LocalDate.of(2025, 7, 1));
    assertThat(b.lines()).isEqualTo(new LineRange(40, 41));
  }

  @Test
  void frontmatterOnlyBucketNoteHasNoTextAndTheFrontmatterLines() {
    Chunk only = chunk("bucket/f.md", FileKind.BUCKET, 1, "---\ntype: idée\n---",
        Optional.empty());
    BucketItem b = NoteParser.bucket(only, 1, Frontmatter.NONE);
    assertThat(b.text()).isEmpty();
    assertThat(b.lines()).isEqualTo(new LineRange(1, 3));
  }
}
