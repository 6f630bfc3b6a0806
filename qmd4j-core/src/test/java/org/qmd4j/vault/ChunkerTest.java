package org.qmd4j.vault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmd4j.search.FileKind;
import org.qmd4j.search.LineRange;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.FileStamp;
import org.qmd4j.spi.VaultFile;

class ChunkerTest {
  private static final Pattern DAY_HEADING = Pattern.compile("^# (\\d{4}-\\d{2}-\\d{2})\\s*$");
  private static final LocalDate DENSE_DAY = LocalDate.of(2025, 7, 14);

  // ---------------------------------------------------------------- helpers

  private static Path vault() {
    String fixtures = System.getProperty("qmd4j.fixtures");
    return (fixtures != null ? Path.of(fixtures) : Path.of("testfixtures")).resolve("vault");
  }

  private static VaultFile classify(String path) {
    return VaultLayout.PROJECTS.classify(path)
        .orElseThrow(() -> new AssertionError("not indexed: " + path));
  }

  private static ParsedNote parseFixture(String path) throws IOException {
    return Chunker.defaults().parse(classify(path), NoteText.read(vault().resolve(path)));
  }

  /** The file's lines as the JDK reads them, with the charset the note was decoded with. */
  private static List<String> fileLines(String path) throws IOException {
    NoteText note = NoteText.read(vault().resolve(path));
    List<String> lines = new ArrayList<>(Files.readAllLines(vault().resolve(path), note.charset()));
    if (!lines.isEmpty() && lines.get(0).startsWith("\uFEFF")) {
      lines.set(0, lines.get(0).substring(1));
    }
    return lines;
  }

  private static String join(List<String> lines, LineRange range) {
    return String.join("\n", lines.subList(range.from() - 1, range.to()));
  }

  private static void assertChunkTextsMatchTheFile(String path, ParsedNote parsed)
      throws IOException {
    List<String> lines = fileLines(path);
    assertThat(parsed.lineCount()).as(path).isEqualTo(lines.size());
    for (Chunk c : parsed.chunks()) {
      assertThat(c.text()).as("%s chunk %s", path, c.lines()).isEqualTo(join(lines, c.lines()));
    }
  }

  private static List<Integer> starts(ParsedNote parsed) {
    return parsed.chunks().stream().map(c -> c.lines().from()).collect(Collectors.toList());
  }

  private static ParsedNote parseText(Chunker chunker, String path, String text) {
    return chunker.parse(classify(path), NoteText.of(text));
  }

  private static int lastNonBlank(List<String> lines, int from, int to) {
    for (int i = to; i >= from; i--) {
      if (!lines.get(i - 1).isBlank()) return i;
    }
    return -1;
  }

  // ---------------------------------------------------------------- changelog fixtures

  @Test
  void nonDenseChangelogDaysAreOneChunkEachFromTheirHeadingToTheirLastNonBlankLine()
      throws IOException {
    String path = "projects/startup-x/changelog.md";
    ParsedNote parsed = parseFixture(path);
    List<String> lines = fileLines(path);
    List<Integer> dayLines = new ArrayList<>();
    for (int i = 1; i <= lines.size(); i++) {
      if (DAY_HEADING.matcher(lines.get(i - 1)).matches()) dayLines.add(i);
    }
    assertThat(dayLines).containsExactly(1, 11, 21, 80, 89, 98, 107, 115);

    for (int d = 0; d < dayLines.size(); d++) {
      int heading = dayLines.get(d);
      var m = DAY_HEADING.matcher(lines.get(heading - 1));
      assertThat(m.matches()).isTrue();
      LocalDate date = LocalDate.parse(m.group(1));
      if (date.equals(DENSE_DAY)) continue;
      int end = d + 1 < dayLines.size() ? dayLines.get(d + 1) - 1 : lines.size();
      List<Chunk> ofDay = parsed.chunks().stream()
          .filter(c -> c.date().equals(Optional.of(date))).toList();
      assertThat(ofDay).as("chunks of %s", date).hasSize(1);
      Chunk chunk = ofDay.get(0);
      assertThat(chunk.lines())
          .as("day %s", date)
          .isEqualTo(new LineRange(d == 0 ? 1 : heading, lastNonBlank(lines, heading, end)));
      assertThat(chunk.text()).startsWith("# " + date);
      assertThat(chunk.headings()).first().isEqualTo(date.toString());
    }
    assertThat(parsed.chunks().get(0).lines().from()).isEqualTo(1);
    assertChunkTextsMatchTheFile(path, parsed);
  }

  @Test
  void denseChangelogDayIsOneChunkPerH2Entry() throws IOException {
    String path = "projects/startup-x/changelog.md";
    ParsedNote parsed = parseFixture(path);
    NoteText note = NoteText.read(vault().resolve(path));
    assertThat(note.length(21, 79)).isGreaterThan(Chunker.DEFAULT_DENSE_DAY_SIZE);

    List<Chunk> dense = parsed.chunks().stream()
        .filter(c -> c.date().equals(Optional.of(DENSE_DAY))).toList();
    assertThat(dense).extracting(c -> c.lines().from())
        .containsExactly(23, 29, 34, 38, 42, 46, 50, 53, 57, 61, 65, 69, 73, 77);
    for (int i = 0; i < dense.size(); i++) {
      Chunk entry = dense.get(i);
      assertThat(entry.text()).as("entry at %s", entry.lines()).startsWith("## ");
      assertThat(entry.text().lines().skip(1))
          .as("entry at %s holds one entry only", entry.lines())
          .noneMatch(l -> l.startsWith("## ") || l.startsWith("# "));
      assertThat(entry.headings()).first().isEqualTo("2025-07-14");
      assertThat(entry.headings()).hasSize(2);
      assertThat("## " + entry.headings().get(1)).isEqualTo(entry.text().lines().findFirst().get());
      int next = i + 1 < dense.size() ? dense.get(i + 1).lines().from() : 80;
      assertThat(entry.lines().to()).isLessThan(next);
    }
    assertThat(dense.get(0).text()).startsWith("## [décision] Abandon de l'API externe");
    assertThat(dense.get(1).text()).contains("webhook");
    assertThat(dense.get(13).lines()).isEqualTo(new LineRange(77, 78));
    // 7 ordinary days + 14 entries, the bare day heading (line 21) being in none of them.
    assertThat(parsed.chunks()).hasSize(7 + 14);
    assertThat(parsed.chunks()).noneMatch(c -> c.lines().contains(21));
    assertChunkTextsMatchTheFile(path, parsed);
  }

  @Test
  void chunkOrdinalsAndFileAreSet() throws IOException {
    ParsedNote parsed = parseFixture("projects/startup-x/changelog.md");
    for (int i = 0; i < parsed.chunks().size(); i++) {
      Chunk c = parsed.chunks().get(i);
      assertThat(c.ordinal()).isEqualTo(i);
      assertThat(c.path()).isEqualTo("projects/startup-x/changelog.md");
      assertThat(c.file().kind()).isEqualTo(FileKind.CHANGELOG);
      assertThat(c.file().project()).contains("startup-x");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "changelog.md, 1 12 22 33 41 50 55",
      "projects/client-dupont/changelog.md, 1 10 18 26",
      "projects/comptabilite/changelog.md, 1 12 21 30 38 46",
      "projects/livre-recettes/changelog.md, 1 9 15 23",
      "projects/marathon-2025/changelog.md, 1 9 18 23 32 37",
      "projects/renovation-maison/changelog.md, 1 9 14 23 31 39",
  })
  void ordinaryChangelogsAreOneChunkPerDay(String path, String dayLines) throws IOException {
    ParsedNote parsed = parseFixture(path);
    List<Integer> expected = java.util.Arrays.stream(dayLines.split(" "))
        .map(Integer::valueOf).toList();
    assertThat(starts(parsed)).isEqualTo(expected);
    List<String> lines = fileLines(path);
    for (Chunk c : parsed.chunks()) {
      var m = DAY_HEADING.matcher(lines.get(c.lines().from() - 1));
      assertThat(m.matches()).as("chunk %s starts at its day", c.lines()).isTrue();
      assertThat(c.date()).contains(LocalDate.parse(m.group(1)));
    }
    assertChunkTextsMatchTheFile(path, parsed);
  }

  @Test
  void crlfChangelogChunksLikeItsLfConversion() throws IOException {
    String path = "projects/livre-recettes/changelog.md";
    String raw = Files.readString(vault().resolve(path));
    assertThat(raw).contains("\r\n");
    ParsedNote crlf = parseFixture(path);
    ParsedNote lf = parseText(Chunker.defaults(), path, raw.replace("\r\n", "\n"));
    assertThat(crlf.chunks()).isNotEmpty();
    assertThat(crlf.lineCount()).isEqualTo(lf.lineCount()).isEqualTo(26);
    assertThat(crlf.chunks()).isEqualTo(lf.chunks());
    assertThat(crlf.chunks()).allSatisfy(c -> assertThat(c.text()).doesNotContain("\r"));
    assertThat(crlf.chunks().get(0).text()).contains("clafoutis");
    assertThat(crlf.chunks()).extracting(Chunk::date).containsExactly(
        Optional.of(LocalDate.of(2025, 9, 2)), Optional.of(LocalDate.of(2025, 7, 28)),
        Optional.of(LocalDate.of(2025, 6, 18)), Optional.of(LocalDate.of(2025, 4, 12)));
  }

  @Test
  void crlfStateChunksAndDatesLikeItsLfConversion() throws IOException {
    String path = "projects/livre-recettes/state.md";
    String raw = Files.readString(vault().resolve(path));
    ParsedNote crlf = parseFixture(path);
    ParsedNote lf = parseText(Chunker.defaults(), path, raw.replace("\r\n", "\n"));
    assertThat(crlf.chunks()).isEqualTo(lf.chunks()).hasSize(1);
    assertThat(crlf.frontmatter()).isEqualTo(lf.frontmatter());
    assertThat(crlf.chunks().get(0).date()).contains(LocalDate.of(2025, 9, 2));
    assertThat(crlf.chunks().get(0).text()).contains("millefeuille");
  }

  // ---------------------------------------------------------------- tasks fixtures

  @Test
  void tasksWithHashLinesInAFencedCodeBlockAreStillOneChunkPerTask() throws IOException {
    String path = "projects/comptabilite/tasks.md";
    ParsedNote parsed = parseFixture(path);
    assertThat(parsed.chunks()).hasSize(5);
    assertThat(parsed.chunks()).extracting(Chunk::lines).containsExactly(
        new LineRange(1, 10), new LineRange(12, 16), new LineRange(18, 29),
        new LineRange(31, 35), new LineRange(37, 40));
    Chunk first = parsed.chunks().get(0);
    assertThat(first.text()).startsWith("---\nupdated: 2025-09-10\n---\n\n# Relancer le client");
    Chunk third = parsed.chunks().get(2);
    assertThat(third.text())
        .contains("# export mensuel pour le cabinet Lambert", "# puis envoi par mail");
    assertThat(third.headings()).containsExactly("Automatiser l'export mensuel des écritures");
    assertThat(parsed.chunks())
        .allSatisfy(c -> assertThat(c.date()).contains(LocalDate.of(2025, 9, 10)));
    assertChunkTextsMatchTheFile(path, parsed);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "tasks.md, 1 13 19, 2025-09-12",
      "projects/client-dupont/tasks.md, 1 11 17, 2025-09-09",
      "projects/livre-recettes/tasks.md, 1 11 17, 2025-09-02",
      "projects/marathon-2025/tasks.md, 1 11 16 22, 2025-08-30",
      "projects/renovation-maison/tasks.md, 1 12 17 23, 2025-08-28",
      "projects/startup-x/tasks.md, 1 12 18 25 30 35, 2025-09-08",
  })
  void tasksAreOneChunkPerH1DatedByFrontmatter(String path, String taskStarts, String updated)
      throws IOException {
    ParsedNote parsed = parseFixture(path);
    assertThat(starts(parsed)).isEqualTo(java.util.Arrays.stream(taskStarts.split(" "))
        .map(Integer::valueOf).toList());
    assertThat(parsed.chunks().get(0).text()).startsWith("---");
    for (Chunk c : parsed.chunks()) {
      assertThat(c.date()).contains(LocalDate.parse(updated));
      assertThat(c.headings()).hasSize(1);
      assertThat(c.text().lines()).contains("# " + c.headings().get(0));
    }
    assertChunkTextsMatchTheFile(path, parsed);
  }

  // ---------------------------------------------------------------- awkward fixtures

  @Test
  void bomStateIsOneChunkOfTheWholeFileDatedByItsFrontmatter() throws IOException {
    String path = "projects/marathon-2025/state.md";
    ParsedNote parsed = parseFixture(path);
    assertThat(parsed.lineCount()).isEqualTo(20);
    assertThat(parsed.frontmatter().endLine()).isEqualTo(5);
    assertThat(parsed.chunks()).hasSize(1);
    Chunk c = parsed.chunks().get(0);
    assertThat(c.lines()).isEqualTo(new LineRange(1, 20));
    assertThat(c.date()).contains(LocalDate.of(2025, 8, 30));
    assertThat(c.text()).startsWith("---\nupdated: 2025-08-30").contains("fartlek");
    assertChunkTextsMatchTheFile(path, parsed);
  }

  @Test
  void updatedSoonLeavesTheChunkUndated() throws IOException {
    ParsedNote parsed = parseFixture("projects/client-dupont/state.md");
    assertThat(parsed.chunks()).hasSize(1);
    assertThat(parsed.chunks().get(0).date()).isEmpty();
    assertThat(parsed.chunks().get(0).text()).contains("honoraires");
  }

  @Test
  void quotedUpdatedDatesTheChunk() throws IOException {
    ParsedNote parsed = parseFixture("projects/comptabilite/state.md");
    assertThat(parsed.chunks()).hasSize(1);
    assertThat(parsed.chunks().get(0).date()).contains(LocalDate.of(2025, 9, 10));
    assertThat(parsed.chunks().get(0).text()).contains("## ÉCHÉANCES À VENIR");
  }

  @Test
  void malformedFrontmatterFileIsStillChunkedButUndated() throws IOException {
    String path = "projects/renovation-maison/bucket/devis-plombier.md";
    ParsedNote parsed = parseFixture(path);
    assertThat(parsed.frontmatter().malformed()).isTrue();
    assertThat(parsed.chunks()).hasSize(1);
    Chunk c = parsed.chunks().get(0);
    assertThat(c.lines()).isEqualTo(new LineRange(1, 19));
    assertThat(c.date()).isEmpty();
    assertThat(c.text()).contains("Robinetterie", "robinetterie");
    assertChunkTextsMatchTheFile(path, parsed);
  }

  @Test
  void frontmatterWithAnUnconstructibleYamlTagIsStillChunked() {
    ParsedNote parsed = parseText(Chunker.defaults(), "projects/p/tasks.md",
        "---\nprio: !!int haute\nupdated: 2025-07-14\n---\n# Tâche\ntexte\n");
    assertThat(parsed.frontmatter().malformed()).isTrue();
    assertThat(parsed.chunks()).hasSize(1);
    assertThat(parsed.chunks().get(0).lines()).isEqualTo(new LineRange(1, 6));
    assertThat(parsed.chunks().get(0).date()).isEmpty();
  }

  @Test
  void emptyFileHasNoChunk() throws IOException {
    ParsedNote parsed = parseFixture("projects/livre-recettes/bucket/vide.md");
    assertThat(parsed.lineCount()).isZero();
    assertThat(parsed.chunks()).isEmpty();
    assertThat(parsed.frontmatter()).isEqualTo(Frontmatter.NONE);
  }

  @Test
  void anEmptyNoteIsOneChunkWithoutTextSoThatItsNameFindsIt() {
    ParsedNote parsed = new Chunker(3_600, 1_500).parse(
        new VaultFile("Journal/2026-11-26.md", FileKind.NOTE, Optional.empty()),
        NoteText.of(""), Optional.of(LocalDate.of(2026, 11, 27)));
    assertThat(parsed.chunks()).singleElement().satisfies(c -> {
      assertThat(c.text()).isEmpty();
      assertThat(c.lines()).isEqualTo(new LineRange(1, 1));
      assertThat(c.date()).contains(LocalDate.of(2026, 11, 26));
    });
  }

  @Test
  void blankFileHasNoChunk() {
    ParsedNote parsed = parseText(Chunker.defaults(), "bucket/blank.md", "\n  \n\t\n");
    assertThat(parsed.lineCount()).isEqualTo(3);
    assertThat(parsed.chunks()).isEmpty();
  }

  @Test
  void frontmatterOnlyFileIsOneChunkMadeOfItsFrontmatter() throws IOException {
    String path = "bucket/frontmatter-seule.md";
    ParsedNote parsed = parseFixture(path);
    assertThat(parsed.chunks()).hasSize(1);
    Chunk c = parsed.chunks().get(0);
    assertThat(c.lines()).isEqualTo(new LineRange(1, 7));
    assertThat(c.text()).isEqualTo(String.join("\n", fileLines(path)));
    assertThat(c.date()).contains(LocalDate.of(2025, 4, 1));
    assertThat(c.headings()).isEmpty();
  }

  @Test
  void frontmatterOnlyTasksAndChangelogAreOneChunkToo() {
    String fm = "---\nupdated: 2025-04-01\n---\n";
    for (String path : List.of("tasks.md", "changelog.md", "projects/p/state.md")) {
      ParsedNote parsed = parseText(Chunker.defaults(), path, fm);
      assertThat(parsed.chunks()).as(path).hasSize(1);
      assertThat(parsed.chunks().get(0).lines()).as(path).isEqualTo(new LineRange(1, 3));
    }
  }

  @Test
  void latin1FileChunkTextIsDecoded() throws IOException {
    String path = "projects/comptabilite/bucket/ancien-export-latin1.md";
    ParsedNote parsed = parseFixture(path);
    assertThat(parsed.chunks()).hasSize(1);
    assertThat(parsed.chunks().get(0).text()).contains("échéancier", "Échéancier", "reçu");
    assertThat(parsed.chunks().get(0).date()).contains(LocalDate.of(2025, 5, 5));
    assertChunkTextsMatchTheFile(path, parsed);
  }

  @Test
  void setextHeadingIsAHeadingOfTheChunk() throws IOException {
    ParsedNote parsed = parseFixture("projects/jardin-potager/state.md");
    assertThat(parsed.chunks()).hasSize(1);
    assertThat(parsed.chunks().get(0).headings()).contains("Récoltes prévues");
  }

  @Test
  void largeBucketFileIsCutIntoContiguousChunksAtHeadings() throws IOException {
    String path = "bucket/export-journal.md";
    Chunker chunker = Chunker.defaults();
    NoteText note = NoteText.read(vault().resolve(path));
    ParsedNote parsed = chunker.parse(classify(path), note);
    List<Chunk> chunks = parsed.chunks();
    List<String> lines = fileLines(path);
    assertThat(lines).hasSize(16_208);
    assertThat(chunks.size()).isGreaterThan(1_151_545 / Chunker.DEFAULT_CHUNK_SIZE);

    assertThat(chunks.get(0).lines().from()).isEqualTo(1);
    assertThat(chunks.get(0).lines().to()).isGreaterThanOrEqualTo(6); // the frontmatter
    assertThat(chunks.get(chunks.size() - 1).lines().to())
        .isEqualTo(lastNonBlank(lines, 1, lines.size()));
    int startingWithHeading = 0;
    for (int i = 0; i < chunks.size(); i++) {
      Chunk c = chunks.get(i);
      int size = note.length(c.lines().from(), c.lines().to());
      assertThat(size <= chunker.chunkSize() || c.lines().length() == 1)
          .as("chunk %s at %s has %s chars", i, c.lines(), size).isTrue();
      assertThat(c.date()).contains(LocalDate.of(2025, 7, 1));
      if (c.text().startsWith("#")) startingWithHeading++;
      if (i == 0) continue;
      Chunk prev = chunks.get(i - 1);
      for (int l = prev.lines().to() + 1; l < c.lines().from(); l++) {
        assertThat(lines.get(l - 1)).as("gap line %s before chunk %s", l, i).isBlank();
      }
      assertThat(c.lines().from()).isGreaterThan(prev.lines().to());
      if (!c.text().startsWith("#")) {
        // The cut was not at a heading, so none was available in a big enough first part.
        for (int h = prev.lines().from() + 1; h <= prev.lines().to(); h++) {
          if (lines.get(h - 1).startsWith("#")) {
            assertThat(note.length(prev.lines().from(), h - 1))
                .as("heading at %s in chunk %s %s was available", h, i - 1, prev.lines())
                .isLessThan(chunker.chunkSize() / 4);
          }
        }
      }
    }
    assertThat(startingWithHeading).as("chunks starting with a heading out of %s", chunks.size())
        .isGreaterThan(chunks.size() * 8 / 10);
    List<Chunk> ornithorynque = chunks.stream()
        .filter(c -> c.text().contains("ornithorynque")).toList();
    assertThat(ornithorynque).hasSize(1);
    assertThat(ornithorynque.get(0).lines().contains(8109)).isTrue();
    assertChunkTextsMatchTheFile(path, parsed);
  }

  @Test
  void everyIndexedFixtureFileChunksIntoOrderedNonOverlappingRangesMatchingTheFile()
      throws IOException {
    Map<String, FileStamp> files = VaultScanner.scan(vault(), VaultLayout.PROJECTS);
    assertThat(files).hasSize(59);
    for (String path : files.keySet()) {
      if (path.equals("bucket/export-journal.md")) continue; // its own test above
      ParsedNote parsed = parseFixture(path);
      int previousEnd = 0;
      for (Chunk c : parsed.chunks()) {
        assertThat(c.lines().from()).as(path).isGreaterThan(previousEnd);
        assertThat(c.lines().to()).as(path).isLessThanOrEqualTo(parsed.lineCount());
        previousEnd = c.lines().to();
      }
      assertChunkTextsMatchTheFile(path, parsed);
      if (!path.endsWith("vide.md")) assertThat(parsed.chunks()).as(path).isNotEmpty();
    }
  }

  // ---------------------------------------------------------------- synthetic

  private static String denseDay() {
    StringBuilder sb = new StringBuilder("# 2025-07-14\n\n");
    for (int i = 1; i <= 3; i++) {
      sb.append("## [note] Entrée ").append(i).append('\n')
          .append("Texte de l'entrée numéro ").append(i).append(", assez long pour compter.\n")
          .append('\n');
    }
    sb.append("## [note] Dernière\nFin.");
    return sb.toString();
  }

  @Test
  void denseDayThresholdIsASetting() {
    String text = denseDay();
    int size = NoteText.of(text).length(1, NoteText.of(text).lineCount());
    assertThat(size).isGreaterThan(200);

    ParsedNote atThreshold = parseText(new Chunker(3600, size), "changelog.md", text);
    assertThat(atThreshold.chunks()).hasSize(1);
    assertThat(atThreshold.chunks().get(0).lines())
        .isEqualTo(new LineRange(1, NoteText.of(text).lineCount()));
    assertThat(atThreshold.chunks().get(0).headings()).containsExactly("2025-07-14",
        "[note] Entrée 1", "[note] Entrée 2", "[note] Entrée 3", "[note] Dernière");

    ParsedNote justOver = parseText(new Chunker(3600, size - 1), "changelog.md", text);
    assertThat(justOver.chunks()).hasSize(4);
    assertThat(justOver.chunks()).extracting(c -> c.lines().from()).containsExactly(3, 6, 9, 12);
    assertThat(justOver.chunks()).allSatisfy(c -> {
      assertThat(c.date()).contains(LocalDate.of(2025, 7, 14));
      assertThat(c.headings()).first().isEqualTo("2025-07-14");
      assertThat(c.text()).startsWith("## [note] ");
    });
  }

  @Test
  void denseDayIntroTextGetsItsOwnChunk() {
    String text = "# 2025-07-14 lundi\nJournée chargée, résumé ci-dessous.\n\n"
        + denseDay().substring("# 2025-07-14\n\n".length());
    ParsedNote parsed = parseText(new Chunker(3600, 100), "projects/p/changelog.md", text);
    assertThat(parsed.chunks()).hasSize(5);
    Chunk intro = parsed.chunks().get(0);
    assertThat(intro.lines()).isEqualTo(new LineRange(1, 2));
    assertThat(intro.text())
        .isEqualTo("# 2025-07-14 lundi\nJournée chargée, résumé ci-dessous.");
    assertThat(intro.headings()).containsExactly("2025-07-14 lundi");
    assertThat(intro.date()).contains(LocalDate.of(2025, 7, 14));
    assertThat(parsed.chunks().get(1).headings())
        .containsExactly("2025-07-14 lundi", "[note] Entrée 1");
  }

  @Test
  void denseDayEntryIsNeverCutEvenWhenLargerThanTheChunkSize() {
    StringBuilder big = new StringBuilder("# 2025-07-14\n\n## [note] Énorme\n");
    for (int i = 0; i < 60; i++) {
      big.append("Ligne ").append(i).append(" de l'entrée énorme.\n\n");
    }
    big.append("## [note] Petite\nFin.\n");
    ParsedNote parsed = parseText(new Chunker(100, 100), "changelog.md", big.toString());
    assertThat(parsed.chunks()).hasSize(2);
    assertThat(parsed.chunks().get(0).text()).startsWith("## [note] Énorme")
        .contains("Ligne 59").doesNotContain("Petite");
  }

  @Test
  void changelogDayHeadingThatIsNotADateGivesAnUndatedChunk() {
    ParsedNote parsed = parseText(Chunker.defaults(), "changelog.md",
        "# Archives\ntexte\n\n# 2025-02-30\nimpossible\n\n# 2025-03-01 samedi\nok\n");
    assertThat(parsed.chunks()).extracting(Chunk::date).containsExactly(
        Optional.empty(), Optional.empty(), Optional.of(LocalDate.of(2025, 3, 1)));
  }

  @Test
  void changelogDatesIgnoreFrontmatterUpdated() {
    ParsedNote parsed = parseText(Chunker.defaults(), "changelog.md",
        "---\nupdated: 2030-01-01\n---\n# 2025-03-01\nok\n# 2025-02-01\nok\n");
    assertThat(parsed.chunks()).extracting(Chunk::lines)
        .containsExactly(new LineRange(1, 5), new LineRange(6, 7));
    assertThat(parsed.chunks()).extracting(Chunk::date).containsExactly(
        Optional.of(LocalDate.of(2025, 3, 1)), Optional.of(LocalDate.of(2025, 2, 1)));
  }

  @Test
  void changelogWithoutDaysIsChunkedBySize() {
    ParsedNote parsed = parseText(Chunker.defaults(), "changelog.md", "juste du texte\n\nfin\n");
    assertThat(parsed.chunks()).hasSize(1);
    assertThat(parsed.chunks().get(0).lines()).isEqualTo(new LineRange(1, 3));
    assertThat(parsed.chunks().get(0).date()).isEmpty();
  }

  @Test
  void tasksFileWithoutH1IsChunkedBySizeAndDated() {
    ParsedNote parsed = parseText(Chunker.defaults(), "tasks.md",
        "---\nupdated: 2025-01-02\n---\n## pas une tâche\ntexte\n");
    assertThat(parsed.chunks()).hasSize(1);
    assertThat(parsed.chunks().get(0).lines()).isEqualTo(new LineRange(1, 5));
    assertThat(parsed.chunks().get(0).date()).contains(LocalDate.of(2025, 1, 2));
  }

  @Test
  void frontmatterIsNeverSplitFromTheFirstChunk() {
    StringBuilder text = new StringBuilder("---\n");
    for (int i = 0; i < 12; i++) {
      text.append("# Section ").append(i).append(" (a YAML comment)\n");
      text.append("key").append(i).append(": une valeur assez longue ").append(i).append('\n');
    }
    text.append("updated: 2025-06-01\n---\n\n");
    int fmEnd = 2 + 24 + 1;
    for (int i = 0; i < 30; i++) {
      text.append("# Titre ").append(i).append("\n\nUn paragraphe de texte numéro ")
          .append(i).append(".\n\n");
    }
    ParsedNote parsed = parseText(new Chunker(300, 1500), "bucket/gros.md", text.toString());
    assertThat(parsed.frontmatter().endLine()).isEqualTo(fmEnd);
    assertThat(parsed.frontmatter().fields()).hasSize(13);
    assertThat(parsed.chunks().size()).isGreaterThan(3);
    Chunk first = parsed.chunks().get(0);
    assertThat(first.lines().from()).isEqualTo(1);
    assertThat(first.lines().to()).isGreaterThanOrEqualTo(fmEnd);
    assertThat(first.headings()).noneMatch(h -> h.startsWith("Section"));
    assertThat(parsed.chunks()).allSatisfy(
        c -> assertThat(c.date()).contains(LocalDate.of(2025, 6, 1)));
  }

  @Test
  void smallFrontmatterStaysWithTheBodyThatFollowsIt() {
    StringBuilder text = new StringBuilder("---\nupdated: 2025-06-01\n---\n");
    for (int i = 0; i < 30; i++) {
      text.append("## Titre ").append(i).append("\nUn paragraphe de texte numéro ")
          .append(i).append(".\n\n");
    }
    ParsedNote parsed = parseText(new Chunker(400, 1500), "bucket/b.md", text.toString());
    assertThat(parsed.chunks().size()).isGreaterThan(3);
    Chunk first = parsed.chunks().get(0);
    assertThat(first.text()).startsWith("---\nupdated: 2025-06-01\n---\n## Titre 0");
    assertThat(parsed.chunks().subList(1, parsed.chunks().size()))
        .allSatisfy(c -> assertThat(c.text()).startsWith("## Titre "));
  }

  @Test
  void longFileWithoutHeadingsSplitsAtBlankLines() {
    StringBuilder text = new StringBuilder();
    for (int p = 0; p < 40; p++) {
      for (int l = 0; l < 3; l++) {
        text.append("Paragraphe ").append(p).append(", ligne ").append(l)
            .append(" : du texte sans titre, assez pour remplir.\n");
      }
      text.append('\n');
    }
    NoteText note = NoteText.of(text.toString());
    Chunker chunker = new Chunker(1000, 1500);
    ParsedNote parsed = chunker.parse(classify("projects/p/state.md"), note);
    assertThat(parsed.chunks().size()).isGreaterThan(5);
    for (Chunk c : parsed.chunks()) {
      int from = c.lines().from();
      int to = c.lines().to();
      assertThat(from == 1 || note.isBlank(from - 1)).as("%s starts a paragraph", c.lines())
          .isTrue();
      assertThat(to == note.lineCount() || note.isBlank(to + 1)).as("%s ends a paragraph",
          c.lines()).isTrue();
      assertThat(note.length(from, to)).isLessThanOrEqualTo(1000);
    }
  }

  @Test
  void codeBlockIsNotCutWhenItFits() {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 10; i++) text.append("Texte ").append(i).append(" avant le code.\n");
    text.append("```\n");
    int open = 11;
    for (int i = 0; i < 20; i++) text.append("# commentaire ").append(i).append('\n');
    text.append("```\n");
    int close = open + 21;
    for (int i = 0; i < 10; i++) text.append("Texte ").append(i).append(" après le code.\n");
    ParsedNote parsed = parseText(new Chunker(500, 1500), "bucket/code.md", text.toString());
    assertThat(parsed.chunks().size()).isGreaterThan(1);
    for (Chunk c : parsed.chunks()) {
      assertThat(c.lines().from() > open && c.lines().from() <= close)
          .as("chunk %s starts inside the code block %s-%s", c.lines(), open, close).isFalse();
      assertThat(c.headings()).isEmpty();
    }
  }

  @Test
  void codeBlockLargerThanAChunkIsKeptWhole() {
    StringBuilder text = new StringBuilder("Intro.\n\n```\n");
    for (int i = 0; i < 40; i++) text.append("ligne de code numéro ").append(i).append('\n');
    text.append("```\n\nFin.\n");
    ParsedNote parsed = parseText(new Chunker(200, 1500), "bucket/code.md", text.toString());
    assertThat(parsed.chunks()).anySatisfy(c -> assertThat(c.text())
        .startsWith("```\nligne de code numéro 0").endsWith("ligne de code numéro 39\n```"));
  }

  @Test
  void crlfAndLfSyntheticFilesChunkIdentically() {
    String lf = denseDay() + "\n\n# 2025-07-13\n\n## [note] Hier\nTexte.\n";
    for (Chunker chunker : List.of(Chunker.defaults(), new Chunker(100, 100))) {
      ParsedNote a = parseText(chunker, "changelog.md", lf);
      ParsedNote b = parseText(chunker, "changelog.md", lf.replace("\n", "\r\n"));
      ParsedNote c = parseText(chunker, "changelog.md", lf.replace("\n", "\r"));
      assertThat(b.chunks()).isEqualTo(a.chunks());
      assertThat(c.chunks()).isEqualTo(a.chunks());
    }
  }

  @Test
  void constructorRejectsAChunkSizeBelow100() {
    assertThatThrownBy(() -> new Chunker(99, 1500))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("chunk size of at least 100")
        .hasMessageContaining("99");
    assertThatThrownBy(() -> new Chunker(-5, 1500))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-5");
  }

  @Test
  void constructorRejectsADenseDaySizeBelow100() {
    assertThatThrownBy(() -> new Chunker(3600, 42))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("dense-day size of at least 100")
        .hasMessageContaining("42");
  }

  @Test
  void constructorAcceptsTheMinimumAndDefaultsAreTheDocumentedOnes() {
    Chunker min = new Chunker(100, 100);
    assertThat(min.chunkSize()).isEqualTo(100);
    assertThat(min.denseDaySize()).isEqualTo(100);
    assertThat(Chunker.defaults().chunkSize()).isEqualTo(3_600);
    assertThat(Chunker.defaults().denseDaySize()).isEqualTo(1_500);
  }

  @Test
  void dayOfReadsTheLeadingIsoDate() {
    assertThat(Chunker.dayOf("2025-07-14")).contains(LocalDate.of(2025, 7, 14));
    assertThat(Chunker.dayOf(" 2025-07-14 lundi ")).contains(LocalDate.of(2025, 7, 14));
    assertThat(Chunker.dayOf("2025-02-30")).isEmpty();
    assertThat(Chunker.dayOf("2025-07-145")).isEmpty();
    assertThat(Chunker.dayOf("Notes du 2025-07-14")).isEmpty();
  }

  // ---------------------------------------------------------------- randomized invariants

  private static final String[] WORDS = {
      "projet", "facture", "décision", "blocage", "été", "l'API", "#tag", "status:", "en-cours",
      "2025-07-14", "réunion", "ÉCHÉANCES", "x", "a_b", "café", "👍", "[idée]", "**gras**",
      "`code`", "https://exemple.fr", "50 %", "deadline:"};

  /** A generated file and what the generator knows about its structure. */
  private record Generated(
      String text, List<String> lines, int frontmatterEnd, Optional<LocalDate> updated,
      Map<Integer, Integer> headingLevels, List<int[]> codeBlocks) {}

  private static String words(Random r, int max) {
    StringBuilder sb = new StringBuilder();
    int n = 1 + r.nextInt(max);
    for (int i = 0; i < n; i++) {
      if (i > 0) sb.append(' ');
      sb.append(WORDS[r.nextInt(WORDS.length)]);
    }
    String s = sb.toString();
    // A text line must not start like a heading, list, quote or indented code.
    return Character.isLetter(s.charAt(0)) ? s : "Note " + s;
  }

  private static Generated generate(Random r, FileKind kind) {
    List<String> lines = new ArrayList<>();
    Map<Integer, Integer> levels = new java.util.HashMap<>();
    List<int[]> code = new ArrayList<>();
    Optional<LocalDate> updated = Optional.empty();
    int fmEnd = 0;
    if (r.nextInt(3) > 0) {
      lines.add("---");
      int fields = r.nextInt(5);
      for (int i = 0; i < fields; i++) {
        switch (r.nextInt(4)) {
          case 0 -> lines.add("# " + words(r, 3));
          case 1 -> lines.add("title" + i + ": Un titre " + r.nextInt(100));
          case 2 -> lines.add("tags" + i + ": [a, b]");
          default -> lines.add("## YAML comment");
        }
      }
      switch (r.nextInt(5)) {
        case 0 -> { }
        case 1 -> lines.add("updated: soon");
        case 2 -> lines.add("updated: 2025-02-30");
        case 3 -> {
          LocalDate d = LocalDate.of(2025, 1, 1).plusDays(r.nextInt(365));
          lines.add("updated: \"" + d + "\"");
          updated = Optional.of(d);
        }
        default -> {
          LocalDate d = LocalDate.of(2025, 1, 1).plusDays(r.nextInt(365));
          lines.add("updated: " + d);
          updated = Optional.of(d);
        }
      }
      lines.add("---");
      fmEnd = lines.size();
    }
    int blocks = r.nextInt(40);
    for (int b = 0; b < blocks; b++) {
      int what = r.nextInt(10);
      if (what <= 1) {
        int n = 1 + r.nextInt(2);
        for (int i = 0; i < n; i++) lines.add(r.nextInt(5) == 0 ? "   " : "");
      } else if (what <= 4) {
        int n = 1 + r.nextInt(4);
        for (int i = 0; i < n; i++) lines.add(words(r, 12));
      } else if (what <= 7) {
        int level = kind == FileKind.CHANGELOG || kind == FileKind.TASKS
            ? (r.nextInt(3) == 0 ? 1 : 2 + r.nextInt(4) / 3)
            : 1 + r.nextInt(3);
        String text;
        if (kind == FileKind.CHANGELOG && level == 1) {
          text = r.nextInt(8) == 0
              ? (r.nextBoolean() ? "Archives" : "2025-02-30")
              : LocalDate.of(2025, 1, 1).plusDays(r.nextInt(365))
                  + (r.nextInt(4) == 0 ? " lundi" : "");
        } else {
          text = words(r, 6);
        }
        lines.add("#".repeat(level) + " " + text);
        levels.put(lines.size(), level);
      } else if (what == 8) {
        int open = lines.size() + 1;
        lines.add(r.nextBoolean() ? "```" : "```bash");
        int n = r.nextInt(7);
        for (int i = 0; i < n; i++) {
          lines.add(switch (r.nextInt(4)) {
            case 0 -> "# comment " + i;
            case 1 -> "## not a heading";
            case 2 -> "";
            default -> "echo " + words(r, 5);
          });
        }
        lines.add("```");
        code.add(new int[] {open, lines.size()});
      } else {
        // A dense-ish entry: one H2 followed by a long paragraph.
        lines.add("## " + words(r, 5));
        levels.put(lines.size(), 2);
        int n = 3 + r.nextInt(10);
        for (int i = 0; i < n; i++) lines.add(words(r, 12));
      }
    }
    String sep = switch (r.nextInt(4)) {
      case 0 -> "\r\n";
      case 1 -> "\r";
      default -> "\n";
    };
    // A final separator ends the last line; without one, a last empty line would vanish.
    boolean lastEmpty = !lines.isEmpty() && lines.get(lines.size() - 1).isEmpty();
    String text = String.join(sep, lines)
        + ((lastEmpty || r.nextBoolean()) && !lines.isEmpty() ? sep : "");
    if (r.nextInt(10) == 0) text = "\uFEFF" + text;
    return new Generated(text, lines, fmEnd, updated, levels, code);
  }

  @Test
  void randomFilesKeepTheChunkingInvariants() {
    long masterSeed = Long.getLong("qmd4j.chunker.seed", System.nanoTime());
    int iterations = Integer.getInteger("qmd4j.chunker.iterations", 200);
    Random master = new Random(masterSeed);
    String[] paths = {"changelog.md", "projects/p/tasks.md", "projects/p/state.md",
        "projects/p/description.md", "bucket/x/y.md"};
    for (int it = 0; it < iterations; it++) {
      long seed = master.nextLong();
      for (String path : paths) {
        checkInvariants(masterSeed, seed, path);
      }
    }
  }

  private static void checkInvariants(long masterSeed, long seed, String path) {
    Random r = new Random(seed);
    VaultFile file = classify(path);
    Chunker chunker = new Chunker(1000 + r.nextInt(3000), 100 + r.nextInt(1900));
    Generated g = generate(r, file.kind());
    String ctxText = "master seed=" + masterSeed + " (rerun with -Dqmd4j.chunker.seed="
        + masterSeed + "), file seed=" + seed + ", path=" + path
        + ", chunker=" + chunker.chunkSize() + "/" + chunker.denseDaySize()
        + "\n--- text ---\n" + g.text().replace("\r", "\\r") + "\n---";
    Supplier<String> ctx = () -> ctxText;
    NoteText note = NoteText.of(g.text());
    ParsedNote parsed = chunker.parse(file, note);
    List<String> lines = g.lines();
    List<Chunk> chunks = parsed.chunks();

    assertThat(note.lines()).as(ctx).isEqualTo(lines);
    assertThat(parsed.lineCount()).as(ctx).isEqualTo(lines.size());
    assertThat(parsed.frontmatter().endLine()).as(ctx).isEqualTo(g.frontmatterEnd());

    boolean[] covered = new boolean[lines.size() + 2];
    int previousEnd = 0;
    for (int i = 0; i < chunks.size(); i++) {
      Chunk c = chunks.get(i);
      int from = c.lines().from();
      int to = c.lines().to();
      int index = i;
      Supplier<String> where = () -> ctxText + "\nchunk " + index + " " + c.lines();
      assertThat(c.ordinal()).as(where).isEqualTo(i);
      assertThat(from).as(where).isGreaterThan(previousEnd);
      assertThat(to).as(where).isLessThanOrEqualTo(lines.size());
      assertThat(c.text()).as(where).isEqualTo(String.join("\n", lines.subList(from - 1, to)));
      assertThat(lines.get(from - 1)).as(() -> where.get() + " first line").isNotBlank();
      assertThat(lines.get(to - 1)).as(() -> where.get() + " last line").isNotBlank();
      for (int l = from; l <= to; l++) covered[l] = true;
      previousEnd = to;
    }

    List<Integer> h1 = g.headingLevels().entrySet().stream()
        .filter(e -> e.getValue() == 1).map(Map.Entry::getKey).sorted().toList();

    // Every non-blank line is in a chunk, except the bare heading of a dense changelog day.
    for (int l = 1; l <= lines.size(); l++) {
      if (lines.get(l - 1).isBlank() || covered[l]) continue;
      int line = l;
      Supplier<String> where = () -> ctxText + "\nuncovered line " + line + ": "
          + lines.get(line - 1);
      assertThat(file.kind()).as(where).isEqualTo(FileKind.CHANGELOG);
      assertThat(h1).as(where).contains(line);
      int next = l + 1;
      while (next <= lines.size() && lines.get(next - 1).isBlank()) next++;
      assertThat(g.headingLevels().get(next))
          .as(() -> where.get() + " (next non-blank is an entry)").isEqualTo(2);
      int entry = next;
      String day = lines.get(l - 1).substring(2).strip();
      assertThat(chunks).as(where).anySatisfy(c -> {
        assertThat(c.lines().from()).isEqualTo(entry);
        assertThat(c.headings()).first().isEqualTo(day);
      });
    }

    switch (file.kind()) {
      case TASKS -> {
        if (!h1.isEmpty()) {
          assertThat(chunks).as(() -> ctxText + "\none chunk per H1 " + h1).hasSize(h1.size());
          for (int i = 1; i < chunks.size(); i++) {
            assertThat(chunks.get(i).lines().from()).as(ctx).isEqualTo(h1.get(i));
          }
        }
        for (Chunk c : chunks) assertThat(c.date()).as(ctx).isEqualTo(g.updated());
      }
      case CHANGELOG -> {
        for (Chunk c : chunks) {
          Supplier<String> where = () -> ctxText + "\nchunk " + c.lines();
          long days = h1.stream().filter(c.lines()::contains).count();
          assertThat(days).as(() -> where.get() + " holds at most one day")
              .isLessThanOrEqualTo(1);
          if (h1.isEmpty()) {
            assertThat(c.date()).as(where).isEmpty();
            continue;
          }
          if (c != chunks.get(0)) {
            assertThat(g.headingLevels().get(c.lines().from()))
                .as(() -> where.get() + " starts at H1/H2").isIn(1, 2);
          }
          int governing = h1.get(0);
          for (int d : h1) if (d <= c.lines().from()) governing = d;
          assertThat(c.date()).as(where)
              .isEqualTo(Chunker.dayOf(lines.get(governing - 1).substring(2)));
        }
      }
      default -> {
        for (Chunk c : chunks) {
          Supplier<String> where = () -> ctxText + "\nchunk " + c.lines();
          assertThat(c.date()).as(where).isEqualTo(g.updated());
          assertThat(note.length(c.lines().from(), c.lines().to())).as(where)
              .isLessThanOrEqualTo(chunker.chunkSize());
          for (int[] block : g.codeBlocks()) {
            assertThat(c.lines().from() > block[0] && c.lines().from() <= block[1])
                .as(() -> where.get() + " starts inside code block " + block[0] + "-" + block[1])
                .isFalse();
          }
        }
      }
    }
    if (!chunks.isEmpty() && g.frontmatterEnd() > 0) {
      assertThat(chunks.get(0).lines().from()).as(ctx).isEqualTo(1);
      assertThat(chunks.get(0).lines().to()).as(ctx).isGreaterThanOrEqualTo(g.frontmatterEnd());
    }
  }
}
