package org.qmd4j.concat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.search.EngineException;
import org.qmd4j.search.InvalidLineRangeException;
import org.qmd4j.search.InvalidRequestException;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.NoteNotFoundException;
import org.qmd4j.search.PathRefusedException;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;
import org.qmd4j.search.VaultNotFoundException;
import org.qmd4j.vault.NoteText;

/** The concat engine: headers, merging, clamping, truncation, and every refusal. */
class ConcatEngineTest {
  private static final String VALID =
      "give a vault-relative path with / separators, such as projects/startup-x/state.md";

  @TempDir Path vault;
  private ConcatEngine engine;

  @BeforeEach
  void smallVault() throws IOException {
    write("ten.md", lines(1, 10));
    write("notes/three.md", "un\ndeux\ntrois\n");
    engine = ConcatEngine.forVault(vault);
  }

  private void write(String path, String text) throws IOException {
    Path file = vault.resolve(path);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  /** "line 1\n...line n\n" */
  private static String lines(int from, int to) {
    return IntStream.rangeClosed(from, to).mapToObj(i -> "line " + i + "\n")
        .collect(Collectors.joining());
  }

  private List<Block> blocks(String... specs) {
    return engine.blocks(Arrays.stream(specs).map(ConcatItem::parse).toList());
  }

  private static List<String> headers(List<Block> blocks) {
    return blocks.stream().map(Block::header).toList();
  }

  // --- document and headers ------------------------------------------------------------------

  @Test
  void documentIsOverviewSeparatorThenBlocks() {
    ConcatDocument doc = engine.concat(List.of(ConcatItem.parse("notes/three.md"),
        ConcatItem.parse("ten.md:2-3")), "Two files.\nSecond line.");
    assertThat(doc.markdown()).isEqualTo("Two files.\nSecond line.\n\n---\n\n"
        + "## notes/three.md\n\nun\ndeux\ntrois\n\n"
        + "## ten.md (lines 2-3)\n\nline 2\nline 3\n");
  }

  @Test
  void blankOverviewLeavesTheSeparatorFirst() {
    ConcatDocument doc = engine.concat(List.of(ConcatItem.parse("notes/three.md:1")), " ");
    assertThat(doc.markdown()).isEqualTo("---\n\n## notes/three.md (lines 1-1)\n\nun\n");
  }

  @Test
  void wholeFileIsTheFileTextUnchanged() throws IOException {
    Path state = Fixtures.vault().resolve("projects/jardin-potager/state.md");
    Block block = ConcatEngine.forVault(Fixtures.vault())
        .read("projects/jardin-potager/state.md");
    assertThat(block.header()).isEqualTo("## projects/jardin-potager/state.md");
    assertThat(block.wholeFile()).isTrue();
    assertThat(block.lines()).contains(new LineRange(1, 20));
    assertThat(block.text() + "\n").isEqualTo(Files.readString(state));
  }

  @Test
  void crlfBecomesLfAndTheByteOrderMarkIsDropped() {
    ConcatEngine example = ConcatEngine.forVault(Fixtures.vault());
    Block crlf = example.read("projects/livre-recettes/state.md");
    assertThat(crlf.text()).doesNotContain("\r").contains("millefeuille");
    assertThat(crlf.lines()).contains(new LineRange(1, 19));
    Block bom = example.read("projects/marathon-2025/state.md:1-2");
    assertThat(bom.text()).isEqualTo("---\nupdated: 2025-08-30");
  }

  @Test
  void latin1FilesAreDecodedLikeTheIndexDoes() throws IOException {
    String path = "projects/comptabilite/bucket/ancien-export-latin1.md";
    Block block = ConcatEngine.forVault(Fixtures.vault()).read(path);
    assertThat(block.text()).contains("Échéancier").contains("reçu");
    assertThat(block.text()).isEqualTo(NoteText.read(Fixtures.vault().resolve(path)).text());
  }

  @Test
  void filesThatAreNotIndexedCanBeRead() {
    Block block = ConcatEngine.forVault(Fixtures.vault()).read("overview.md");
    assertThat(block.text()).contains("kaléidoscope");
  }

  @Test
  void emptyFileIsAHeaderWithNoText() {
    Block block = ConcatEngine.forVault(Fixtures.vault())
        .read("projects/livre-recettes/bucket/vide.md");
    assertThat(block.lines()).isEmpty();
    assertThat(block.fileLines()).isZero();
    assertThat(block.markdown()).isEqualTo("## projects/livre-recettes/bucket/vide.md\n");
  }

  @Test
  void pathsAreNormalizedInHeaders() {
    assertThat(headers(blocks("./notes//three.md", "notes\\three.md:2")))
        .containsExactly("## notes/three.md");
  }

  // --- merging -------------------------------------------------------------------------------

  @Test
  void overlappingRangesOfOneFileAreMerged() {
    List<Block> blocks = blocks("ten.md:2-5", "ten.md:4-7");
    assertThat(headers(blocks)).containsExactly("## ten.md (lines 2-7)");
    assertThat(blocks.get(0).text()).isEqualTo(lines(2, 7).strip());
  }

  @Test
  void adjacentRangesAreMerged() {
    assertThat(headers(blocks("ten.md:5-6", "ten.md:2-4", "ten.md:7")))
        .containsExactly("## ten.md (lines 2-7)");
  }

  @Test
  void separateRangesStaySeparateInLineOrder() {
    assertThat(headers(blocks("ten.md:8-9", "ten.md:1-2", "ten.md:4-5")))
        .containsExactly("## ten.md (lines 1-2)", "## ten.md (lines 4-5)",
            "## ten.md (lines 8-9)");
  }

  @Test
  void containedRangeIsAbsorbed() {
    assertThat(headers(blocks("ten.md:2-9", "ten.md:4-5"))).containsExactly(
        "## ten.md (lines 2-9)");
  }

  @Test
  void wholeFileAbsorbsTheRangesOfItsFile() {
    List<Block> blocks = blocks("ten.md:2-3", "ten.md", "ten.md:8-9");
    assertThat(headers(blocks)).containsExactly("## ten.md");
    assertThat(blocks.get(0).text()).isEqualTo(lines(1, 10).strip());
  }

  @Test
  void filesKeepTheOrderOfTheirFirstAppearance() {
    assertThat(headers(blocks("ten.md:9-10", "notes/three.md", "ten.md:1-2")))
        .containsExactly("## ten.md (lines 1-2)", "## ten.md (lines 9-10)",
            "## notes/three.md");
  }

  // --- clamping ------------------------------------------------------------------------------

  @Test
  void rangePastTheEndIsClampedAndTheHeaderSaysTheRealLines() {
    Block block = blocks("ten.md:8-40").get(0);
    assertThat(block.header()).isEqualTo("## ten.md (lines 8-10)");
    assertThat(block.lines()).contains(new LineRange(8, 10));
    assertThat(block.text()).isEqualTo("line 8\nline 9\nline 10");
  }

  @Test
  void rangeStartingPastTheEndIsAnError() {
    assertThatThrownBy(() -> blocks("ten.md:11-12"))
        .isInstanceOf(InvalidLineRangeException.class)
        .hasMessage("Lines 11-12 of 'ten.md' start past its end: it has 10 lines; give a range "
            + "within 1-10, or the path alone");
  }

  // --- size cap ------------------------------------------------------------------------------

  @Test
  void blockOverTheCapIsCutAtALineWithAMarker() {
    ConcatEngine capped = ConcatEngine.forVault(vault, ConcatOptions.DEFAULT.withBlockCap(20));
    Block block = capped.read("ten.md:1-5");   // 5 lines of 7 bytes, 34 bytes with newlines
    assertThat(block.header()).isEqualTo("## ten.md (lines 1-2)");
    assertThat(block.text()).isEqualTo("line 1\nline 2");
    assertThat(block.truncation()).contains(new Block.Truncation(21, new LineRange(3, 5), 20));
    assertThat(block.markdown()).endsWith("line 2\n\n[… truncated by qmd4j: 21 bytes not shown "
        + "(lines 3-5); blocks are capped at 20 bytes, ask for a smaller line range]");
  }

  @Test
  void truncatedWholeFileHeaderSaysTheLinesIncluded() {
    ConcatEngine capped = ConcatEngine.forVault(vault, ConcatOptions.DEFAULT.withBlockCap(30));
    Block block = capped.read("ten.md");
    assertThat(block.wholeFile()).isFalse();
    assertThat(block.header()).isEqualTo("## ten.md (lines 1-4)");
    assertThat(block.truncation().get().omitted()).isEqualTo(new LineRange(5, 10));
  }

  @Test
  void lineLargerThanTheCapIsCutInside() throws IOException {
    write("long.md", "é".repeat(10) + "\nnext\n");
    ConcatEngine capped = ConcatEngine.forVault(vault, ConcatOptions.DEFAULT.withBlockCap(5));
    Block block = capped.read("long.md");
    assertThat(block.text()).isEqualTo("éé");
    assertThat(block.lines()).contains(new LineRange(1, 1));
    assertThat(block.truncation()).contains(new Block.Truncation(21, new LineRange(1, 2), 5));
  }

  @Test
  void defaultCapOfOneMebibyteCutsTheBigJournal() {
    Block block = ConcatEngine.forVault(Fixtures.vault()).read("bucket/export-journal.md");
    assertThat(block.truncation()).isPresent();
    assertThat(block.text().getBytes(StandardCharsets.UTF_8).length)
        .isLessThanOrEqualTo(ConcatOptions.DEFAULT_BLOCK_CAP).isGreaterThan(1_000_000);
    Block.Truncation cut = block.truncation().get();
    assertThat(cut.omitted().to()).isEqualTo(16208);
    assertThat(cut.omitted().from()).isEqualTo(block.lines().get().to() + 1);
    assertThat(block.markdown()).endsWith("blocks are capped at 1048576 bytes, ask for a "
        + "smaller line range]");
  }

  @Test
  void blockCapMustBePositive() {
    assertThatThrownBy(() -> ConcatOptions.DEFAULT.withBlockCap(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Expected a block cap of at least 1 byte but was 0");
  }

  // --- refusals ------------------------------------------------------------------------------

  /** A file used as a folder was an engine failure. */
  @Test
  void aFileUsedAsAFolderIsNotFound() {
    assertThatThrownBy(() -> blocks("ten.md/more.md"))
        .isInstanceOf(NoteNotFoundException.class)
        .hasMessage("No file 'ten.md/more.md' in the vault: a part of it before the last is a "
            + "file, not a folder; " + VALID);
  }

  @Test
  void dotDotSegmentsAreRefused() throws IOException {
    write("../outside.md", "secret\n");
    for (String path : List.of("../outside.md", "notes/../../outside.md", "notes/../ten.md",
        "notes\\..\\..\\outside.md")) {
      assertThatThrownBy(() -> blocks(path))
          .as(path)
          .isInstanceOf(PathRefusedException.class)
          .hasMessage("Refused path '" + path + "': '..' segments are not allowed, only files "
              + "inside the vault can be read; " + VALID)
          .extracting(e -> ((PathRefusedException) e).path()).isEqualTo(path);
    }
  }

  @Test
  void absolutePathsAreRefusedEvenInsideTheVault() {
    String inside = vault.resolve("ten.md").toAbsolutePath().toString();
    for (String path : List.of("/etc/passwd", inside, "C:/Windows/win.ini")) {
      assertThatThrownBy(() -> blocks(path))
          .as(path)
          .isInstanceOf(PathRefusedException.class)
          .hasMessage("Refused path '" + path + "': absolute paths are not allowed; " + VALID);
    }
  }

  @Test
  void symbolicLinksLeadingOutsideTheVaultAreRefused(@TempDir Path tmp) throws IOException {
    Path copy = Fixtures.copyVault(tmp.resolve("vault"));
    Path outside = Files.writeString(tmp.resolve("secret.md"), "secret\n");
    Files.createDirectories(tmp.resolve("elsewhere"));
    Files.writeString(tmp.resolve("elsewhere/notes.md"), "secret\n");
    Files.createSymbolicLink(copy.resolve("projects/startup-x/leak.md"), outside);
    Files.createSymbolicLink(copy.resolve("bucket/ailleurs"), tmp.resolve("elsewhere"));
    ConcatEngine engine = ConcatEngine.forVault(copy);
    for (String path : List.of("projects/startup-x/leak.md", "bucket/ailleurs/notes.md")) {
      assertThatThrownBy(() -> engine.read(path))
          .as(path)
          .isInstanceOf(PathRefusedException.class)
          .hasMessage("Refused path '" + path + "': it resolves, through a symbolic link, "
              + "outside the vault; only files inside the vault can be read");
    }
  }

  @Test
  void symbolicLinkToAFileInsideTheVaultIsRead() throws IOException {
    Files.createSymbolicLink(vault.resolve("alias.md"), vault.resolve("notes/three.md"));
    assertThat(engine.read("alias.md").markdown()).isEqualTo("## alias.md\n\nun\ndeux\ntrois");
  }

  @Test
  void missingFileIsNotFound() {
    assertThatThrownBy(() -> blocks("notes/ten.md"))
        .isInstanceOf(NoteNotFoundException.class)
        .hasMessage("No file 'notes/ten.md' in the vault; " + VALID
            + " (tree lists the vault's files)")
        .extracting(e -> ((NoteNotFoundException) e).path()).isEqualTo("notes/ten.md");
  }

  @Test
  void danglingLinkIsNotFound() throws IOException {
    Files.createSymbolicLink(vault.resolve("gone.md"), vault.resolve("nowhere.md"));
    assertThatThrownBy(() -> blocks("gone.md"))
        .isInstanceOf(NoteNotFoundException.class)
        .hasMessageStartingWith("No file 'gone.md' in the vault;");
  }

  @Test
  void folderIsRefused() {
    assertThatThrownBy(() -> blocks("notes/"))
        .isInstanceOf(PathRefusedException.class)
        .hasMessage("Refused path 'notes': it is a folder, not a file; give the path of a file "
            + "in it (tree lists the vault's files)");
  }

  @Test
  void pathThatNamesNoFileIsRefused() {
    assertThatThrownBy(() -> blocks("./"))
        .isInstanceOf(PathRefusedException.class)
        .hasMessage("Refused path './': it names no file; " + VALID);
  }

  @Test
  void aRefusedItemFailsTheWholeCallBeforeAnyRead() {
    assertThatThrownBy(() -> blocks("nope.md", "../x.md"))
        .isInstanceOf(PathRefusedException.class);
  }

  @Test
  void emptyListIsAnError() {
    assertThatThrownBy(() -> engine.concat(List.of(), ""))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Nothing to concatenate; give at least one PATH or PATH:FROM-TO, such as "
            + "projects/startup-x/state.md");
  }

  @Test
  void missingVaultIsAVaultNotFound() {
    assertThatThrownBy(() -> ConcatEngine.forVault(vault.resolve("nope")))
        .isInstanceOf(VaultNotFoundException.class)
        .hasMessage("Vault folder does not exist or is not a folder: "
            + vault.resolve("nope").toAbsolutePath());
  }

  @Test
  void blocksAreReportedWithTheirRealRanges() {
    ConcatDocument doc = engine.concat(List.of(ConcatItem.parse("ten.md:9-99"),
        ConcatItem.parse("notes/three.md")), "");
    assertThat(doc.blocks()).extracting(Block::path, Block::lines, Block::wholeFile)
        .containsExactly(
            Tuple.tuple("ten.md", Optional.of(new LineRange(9, 10)), false),
            Tuple.tuple("notes/three.md",
                Optional.of(new LineRange(1, 3)), true));
  }

  // --- briefs --------------------------------------------------------------------------------

  private static final SearchRequest QUESTION = SearchRequest.of("deux");

  private static SearchResult hit(String path, int from, int to) {
    return new SearchResult(path, "", 0.5, new LineRange(from, to), MatchType.KEYWORD);
  }

  @Test
  void briefHandsTheWriterTheQuestionResultsAndBlocks() {
    List<BriefContext> seen = new ArrayList<>();
    List<SearchResult> results = List.of(hit("notes/three.md", 2, 2));
    Brief brief = engine.brief(QUESTION, results, context -> {
      seen.add(context);
      return "One file.";
    });
    assertThat(seen).containsExactly(new BriefContext(QUESTION, results, brief.blocks()));
    assertThat(brief.markdown()).isEqualTo("One file.\n\n---\n\n## notes/three.md\n\n"
        + "un\ndeux\ntrois\n");
    assertThat(brief.results()).isEqualTo(results);
  }

  @Test
  void blankOrNullOverviewLeavesNone() {
    List<SearchResult> results = List.of(hit("notes/three.md", 2, 2));
    assertThat(engine.brief(QUESTION, results, c -> null).markdown()).startsWith("---\n");
    assertThat(engine.brief(QUESTION, results, c -> "  ").overview()).isEmpty();
  }

  @Test
  void briefWithNoResultHasNoBlock() {
    Brief brief = engine.brief(QUESTION, List.of(), OverviewWriter.mechanical());
    assertThat(brief.blocks()).isEmpty();
    assertThat(brief.markdown()).isEqualTo("Question: \"deux\".\n"
        + "Nothing found: no chunk of the vault matches this question.\n\n---\n");
  }

  @Test
  void failingWriterIsAnEngineExceptionWithTheCause() {
    IllegalStateException boom = new IllegalStateException("model offline");
    assertThatThrownBy(() -> engine.brief(QUESTION, List.of(), c -> {
      throw boom;
    })).isInstanceOf(EngineException.class)
        .hasMessage("The overview writer failed (model offline); try again, or use the "
            + "mechanical overview")
        .hasCause(boom);
  }

  @Test
  void writerSearchExceptionsPassThrough() {
    InvalidRequestException mistake = new InvalidRequestException("bad question");
    assertThatThrownBy(() -> engine.brief(QUESTION, List.of(), c -> {
      throw mistake;
    })).isSameAs(mistake);
  }

  // --- tree ----------------------------------------------------------------------------------

  @Test
  void treeListsTheVault() {
    // No projects/, changelog.md or tasks.md: the notes layout, every .md is a note.
    assertThat(engine.layout()).isEqualTo(org.qmd4j.search.Layout.NOTES);
    assertThat(engine.tree().render()).isEqualTo("notes/\n  three.md  [note]\nten.md  [note]\n"
        + "1 folder, 2 files, 2 indexed (marked [kind])\n");
  }
}
