package org.qmd4j.vault;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.qmd4j.search.LineRange;
import org.qmd4j.spi.Chunk;
import org.qmd4j.spi.VaultFile;

/**
 * Coverage-guided fuzzing (Jazzer) of the parsers of note files, the most untrusted
 * input there is. Under {@code ./mvnw verify} each method replays its regression corpus
 * ({@code src/test/resources/org/qmd4j/vault/VaultFuzzTestInputs/METHOD/}); with
 * {@code JAZZER_FUZZ=1} it fuzzes ({@code bench/fuzz.sh} runs every target).
 */
@Tag("fuzz")
class VaultFuzzTest {
  private static final List<VaultFile> KINDS = List.of(
      VaultLayout.PROJECTS.classify("changelog.md").orElseThrow(),
      VaultLayout.PROJECTS.classify("tasks.md").orElseThrow(),
      VaultLayout.PROJECTS.classify("bucket/note.md").orElseThrow(),
      VaultLayout.PROJECTS.classify("projects/p/state.md").orElseThrow());
  private static final Chunker SMALL = Chunker.defaults();

  /**
   * Any bytes, as any kind of note: chunks in order, inside the file, each holding exactly its
   * lines; never an exception.
   */
  @FuzzTest(maxDuration = "10s")
  void chunksHoldTheirLinesWhateverTheBytes(byte[] bytes) {
    NoteText note = NoteText.decode(bytes);
    VaultFile kind = KINDS.get(bytes.length % KINDS.size());
    ParsedNote parsed = SMALL.parse(kind, note);
    int previousEnd = 0;
    for (Chunk c : parsed.chunks()) {
      LineRange lines = c.lines();
      assertThat(lines.from()).isGreaterThan(0).isLessThanOrEqualTo(lines.to());
      assertThat(lines.to()).isLessThanOrEqualTo(Math.max(1, note.lineCount()));
      if (!kind.path().endsWith("changelog.md")) {
        // A dense changelog day repeats its day line in each entry; other chunks never overlap.
        assertThat(lines.from()).isGreaterThan(previousEnd);
      }
      previousEnd = lines.to();
      assertThat(c.text()).isEqualTo(note.text(lines.from(), lines.to()));
    }
  }

  /** Any bytes: frontmatter is read or said malformed; its dates parse or are absent. */
  @FuzzTest(maxDuration = "10s")
  void frontmatterIsReadOrMalformedWhateverTheBytes(byte[] bytes) {
    Frontmatter fm = Frontmatter.parse(NoteText.decode(bytes));
    assertThat(fm.endLine()).isGreaterThanOrEqualTo(0);
    for (String key : fm.fields().keySet()) {
      fm.string(key);
      fm.strings(key);
      fm.date(key);
    }
  }
}
