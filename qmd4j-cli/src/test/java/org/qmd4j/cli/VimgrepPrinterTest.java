package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import org.qmd4j.search.LineMatch;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.SearchResult;
import picocli.CommandLine;

/**
 * {@code qmd4j search --vimgrep} prints {@code path:line:col:text} lines an editor
 * can jump to: the path opens from where the command ran, the line is the file's, and the
 * column (1-based, in characters) is where a query word starts.
 */
class VimgrepPrinterTest {
  private static final Pattern VIMGREP = Pattern.compile("^([^:]+):(\\d+):(\\d+):(.*)$");
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cmd = Main.newCommandLine();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    List<String> all = new ArrayList<>(List.of("search", "--engine", "embedded",
        "--vault", Fixtures.vault().toString()));
    all.addAll(List.of(args));
    return cmd.execute(all.toArray(new String[0]));
  }

  @Test
  void eachLinePointsAtAQueryWordInTheFile() throws IOException {
    assertThat(run("--vimgrep", "--limit", "20", "factures")).isZero();
    String[] printed = out.toString().split("\n");
    assertThat(printed.length).isGreaterThan(3);
    boolean accentBeforeMatch = false;
    for (String row : printed) {
      Matcher m = VIMGREP.matcher(row);
      assertThat(m.matches()).as(row).isTrue();
      Path file = Path.of(m.group(1));
      assertThat(file).as(row).startsWith(Fixtures.vault()).isRegularFile();
      List<String> lines = readLines(file);
      int line = Integer.parseInt(m.group(2));
      String text = m.group(4);
      assertThat(lines.get(line - 1).replace("\uFEFF", "").strip())
          .as(row).isEqualTo(text.replace("\uFEFF", "").strip());
      int at = text.offsetByCodePoints(0, Integer.parseInt(m.group(3)) - 1);
      assertThat(fold(text.substring(at))).as(row).startsWith("factur");
      accentBeforeMatch |= !text.substring(0, at).chars().allMatch(c -> c < 128);
    }
    // "Résultat : trois factures …": a byte column would be one too far.
    assertThat(accentBeforeMatch).as(out.toString()).isTrue();
    // Nothing but the progress summary, which a first index over a second prints.
    assertThat(err.toString().replaceAll("(?m)^qmd4j: indexed .*\\R", "")).isEmpty();
  }

  @Test
  void columnsCountCodePointsNotUtf16Units() {
    // "🙂 é facture": the emoji is 2 UTF-16 units, 1 character; "facture" starts at 5.
    String line = "\uD83D\uDE42 \u00e9 facture";
    SearchResult r = new SearchResult("notes/a.md", "# Titre\n" + line, 0.7,
        new LineRange(3, 4), MatchType.KEYWORD, Optional.empty(),
        List.of(new LineMatch(4, List.of(new LineMatch.Range(5, 12)))), Optional.empty(),
        Map.of());
    StringWriter text = new StringWriter();
    new VimgrepPrinter(new PrintWriter(text, true), Path.of(".")).print(List.of(r));
    assertThat(text.toString()).isEqualTo("notes/a.md:4:5:" + line + "\n");
  }

  @Test
  void aResultMatchedThroughItsPathGivesItsFirstLine() {
    SearchResult r = new SearchResult("projects/x/state.md", "# État\nRien.", 0.6,
        new LineRange(1, 2), MatchType.KEYWORD);
    StringWriter text = new StringWriter();
    new VimgrepPrinter(new PrintWriter(text, true), Path.of("vault")).print(List.of(r));
    assertThat(text.toString()).isEqualTo("vault/projects/x/state.md:1:1:# État\n");
  }

  @Test
  void nothingFoundPrintsNothingAndSuggestsOnStderr() {
    assertThat(run("--vimgrep", "wobhouk")).isZero();
    assertThat(out.toString()).isEmpty();
    assertThat(err.toString()).contains("Did you mean \"webhook\"?");
  }

  @Test
  void jsonAndVimgrepTogetherAreRefused() {
    assertThat(run("--vimgrep", "--json", "x")).isEqualTo(2);
    assertThat(err.toString()).startsWith("--json and --vimgrep are two output formats");
  }

  /** The file's lines, read as UTF-8, else Latin-1 (as the vault reader decodes). */
  private static List<String> readLines(Path file) throws IOException {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (CharacterCodingException e) {
      return Files.readAllLines(file, StandardCharsets.ISO_8859_1);
    }
  }

  private static String fold(String s) {
    return Normalizer.normalize(s, Normalizer.Form.NFD).replaceAll("\\p{M}", "")
        .toLowerCase(Locale.ROOT);
  }
}
