package org.qmd4j.qmd;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.qmd4j.ErrorMessages;
import org.qmd4j.ForPeople;
import org.qmd4j.search.QmdOutputException;

/**
 * Jazzer fuzzing of what qmd prints: documents of the vault with scores in [0, 1],
 * or a {@link QmdOutputException} with a message; never a path outside the vault. Corpus
 * under {@code src/test/resources/org/qmd4j/qmd/QmdJsonFuzzTestInputs/METHOD/}.
 */
@Tag("fuzz")
class QmdJsonFuzzTest {
  private static final Path VAULT = Path.of("/vault");

  @FuzzTest(maxDuration = "10s")
  void qmdOutputIsReadOrRefusedWithAMessage(byte[] bytes) {
    String output = new String(bytes, StandardCharsets.UTF_8);
    try {
      for (QmdJson.DocHit hit : QmdJson.parse(output, "qmd4j", VAULT)) {
        assertThat(hit.score()).isBetween(0.0, 1.0);
        assertThat(hit.path()).doesNotStartWith("/");
        assertThat(hit.path().split("/")).doesNotContain("..", ".", "");
        assertThat(VAULT.resolve(hit.path()).normalize().startsWith(VAULT)).isTrue();
      }
    } catch (QmdOutputException e) {
      ForPeople.check(ErrorMessages.forPeople(e, null, null), "qmd output");
    }
  }
}
