package org.qmd4j.vault;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class NoteTextTest {
  private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

  static Path vault() {
    String fixtures = System.getProperty("qmd4j.fixtures");
    return (fixtures != null ? Path.of(fixtures) : Path.of("testfixtures")).resolve("vault");
  }

  private static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) out[i] = (byte) values[i];
    return out;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = new byte[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  @Test
  void byteOrderMarkIsDroppedSoLineOneIsTheFrontmatterRule() {
    byte[] text = concat(bytes(0xEF, 0xBB, 0xBF),
        "---\nupdated: 2025-08-30\n---\n# Titre\n".getBytes(StandardCharsets.UTF_8));
    NoteText note = NoteText.decode(text);
    assertThat(note.line(1)).isEqualTo("---");
    assertThat(note.lines()).containsExactly("---", "updated: 2025-08-30", "---", "# Titre");
    assertThat(note.charset()).isEqualTo(StandardCharsets.UTF_8);
  }

  @Test
  void byteOrderMarkOfTheFixtureFileIsDropped() throws IOException {
    Path file = vault().resolve("projects/marathon-2025/state.md");
    assertThat(Files.readAllBytes(file)).startsWith(bytes(0xEF, 0xBB, 0xBF));
    NoteText note = NoteText.read(file);
    assertThat(note.line(1)).isEqualTo("---");
    assertThat(note.lineCount()).isEqualTo(20);
    assertThat(note.text()).doesNotContain("\uFEFF");
  }

  @Test
  void byteOrderMarkIsDroppedByOfToo() {
    assertThat(NoteText.of("\uFEFF---\na").lines()).containsExactly("---", "a");
  }

  @Test
  void crlfAndLfGiveIdenticalLines() {
    NoteText lf = NoteText.of("# 2025-09-02\n\n## [note] é\ntext\n");
    NoteText crlf = NoteText.of("# 2025-09-02\r\n\r\n## [note] é\r\ntext\r\n");
    NoteText bytes = NoteText.decode(
        "# 2025-09-02\r\n\r\n## [note] é\r\ntext\r\n".getBytes(StandardCharsets.UTF_8));
    assertThat(crlf.lines()).isEqualTo(lf.lines()).containsExactly(
        "# 2025-09-02", "", "## [note] é", "text");
    assertThat(bytes.lines()).isEqualTo(lf.lines());
    assertThat(crlf.length(1, 4)).isEqualTo(lf.length(1, 4));
  }

  @Test
  void crlfFixtureHasTheSameLinesAsItsLfConversion() throws IOException {
    Path file = vault().resolve("projects/livre-recettes/changelog.md");
    String raw = Files.readString(file);
    assertThat(raw).contains("\r\n");
    NoteText crlf = NoteText.read(file);
    NoteText lf = NoteText.of(raw.replace("\r\n", "\n"));
    assertThat(crlf.lineCount()).isEqualTo(26);
    assertThat(crlf.lines()).isEqualTo(lf.lines());
    assertThat(crlf.lines()).noneMatch(l -> l.contains("\r"));
  }

  @Test
  void loneCarriageReturnEndsALine() {
    assertThat(NoteText.of("a\rb\rc").lines()).containsExactly("a", "b", "c");
    assertThat(NoteText.of("a\r\rb").lines()).containsExactly("a", "", "b");
    assertThat(NoteText.of("a\n\rb").lines()).containsExactly("a", "", "b");
    assertThat(NoteText.of("a\r").lines()).containsExactly("a");
  }

  @Test
  void finalNewlineDoesNotAddALine() {
    assertThat(NoteText.of("a\nb\n").lineCount()).isEqualTo(2);
    assertThat(NoteText.of("a\nb").lineCount()).isEqualTo(2);
    assertThat(NoteText.of("a\nb\r\n").lineCount()).isEqualTo(2);
    assertThat(NoteText.of("a\nb\n\n").lines()).containsExactly("a", "b", "");
    assertThat(NoteText.of("\n").lines()).containsExactly("");
  }

  @Test
  void emptyTextHasNoLine() {
    assertThat(NoteText.of("").lineCount()).isZero();
    assertThat(NoteText.decode(new byte[0]).lines()).isEmpty();
    assertThat(NoteText.decode(bytes(0xEF, 0xBB, 0xBF)).lines()).isEmpty();
    assertThat(NoteText.of("").text()).isEmpty();
  }

  @Test
  void latin1BytesDecodeAsWindows1252() {
    // "Échéancier reçu\n" in ISO-8859-1: not valid UTF-8.
    byte[] latin1 = "Échéancier reçu\n".getBytes(StandardCharsets.ISO_8859_1);
    NoteText note = NoteText.decode(latin1);
    assertThat(note.charset()).isEqualTo(WINDOWS_1252);
    assertThat(note.lines()).containsExactly("Échéancier reçu");
  }

  @Test
  void windows1252SpecificBytesDecodeAsWindows1252() {
    // 0x80 is the euro sign in windows-1252 (a C1 control in Latin-1); 0x92 the typographic ’.
    NoteText note = NoteText.decode(bytes('1', '0', ' ', 0x80, ' ', 'l', 0x92, 'a', 0xE9));
    assertThat(note.line(1)).isEqualTo("10 € l’aé");
  }

  @Test
  void latin1FixtureDecodesAccents() throws IOException {
    NoteText note = NoteText.read(
        vault().resolve("projects/comptabilite/bucket/ancien-export-latin1.md"));
    assertThat(note.charset()).isEqualTo(WINDOWS_1252);
    assertThat(note.lineCount()).isEqualTo(23);
    assertThat(note.line(12)).contains("Échéancier");
    assertThat(note.line(21)).contains("échéancier");
    assertThat(note.line(16)).contains("reçu");
    assertThat(note.text()).doesNotContain("\uFFFD");
  }

  @Test
  void validUtf8StaysUtf8() {
    String line = "Échéances à venir — l’été 2025 € ✓ 😀";
    String text = line + "\n";
    NoteText note = NoteText.decode(text.getBytes(StandardCharsets.UTF_8));
    assertThat(note.charset()).isEqualTo(StandardCharsets.UTF_8);
    assertThat(note.lines()).containsExactly(line);
  }

  @Test
  void byteOrderMarkFollowedByLatin1IsDroppedToo() {
    byte[] text = concat(bytes(0xEF, 0xBB, 0xBF), "reçu".getBytes(StandardCharsets.ISO_8859_1));
    NoteText note = NoteText.decode(text);
    assertThat(note.charset()).isEqualTo(WINDOWS_1252);
    assertThat(note.lines()).containsExactly("reçu");
  }

  @Test
  void lengthCountsEachLineWithOneNewline() {
    NoteText note = NoteText.of("ab\r\ncde\n\nf");
    assertThat(note.length(1, 1)).isEqualTo(3);
    assertThat(note.length(2, 2)).isEqualTo(4);
    assertThat(note.length(3, 3)).isEqualTo(1);
    assertThat(note.length(1, 2)).isEqualTo(7);
    assertThat(note.length(1, 4)).isEqualTo(10);
    assertThat(note.length(2, 4)).isEqualTo(7);
  }

  @Test
  void lengthOfAllLinesIsTheLengthOfTheTextPlusOneNewline() {
    NoteText note = NoteText.of("é\n\nfin de l’été\n");
    assertThat(note.length(1, note.lineCount())).isEqualTo(note.text().length() + 1);
  }

  @Test
  void textJoinsTheRangeWithLf() {
    NoteText note = NoteText.of("a\r\nb\r\nc\r\n");
    assertThat(note.text(1, 2)).isEqualTo("a\nb");
    assertThat(note.text(2, 3)).isEqualTo("b\nc");
    assertThat(note.text()).isEqualTo("a\nb\nc");
  }

  @Test
  void blankLinesHoldOnlyWhitespace() {
    NoteText note = NoteText.of("a\n\n  \t \nb");
    assertThat(note.isBlank(1)).isFalse();
    assertThat(note.isBlank(2)).isTrue();
    assertThat(note.isBlank(3)).isTrue();
    assertThat(note.isBlank(4)).isFalse();
  }

}
