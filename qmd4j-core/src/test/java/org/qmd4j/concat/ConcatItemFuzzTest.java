package org.qmd4j.concat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.qmd4j.Fixtures;
import org.qmd4j.ErrorMessages;
import org.qmd4j.ForPeople;
import org.qmd4j.search.InvalidRequestException;

/**
 * Jazzer fuzzing of concat item specs ({@code PATH}, {@code PATH:FROM-TO}), parsed
 * then read from the example vault: a document, or a refusal with a message (paths outside
 * the vault, missing files, bad ranges). Corpus under
 * {@code src/test/resources/org/qmd4j/concat/ConcatItemFuzzTestInputs/METHOD/}.
 */
@Tag("fuzz")
class ConcatItemFuzzTest {
  private static final ConcatEngine ENGINE = ConcatEngine.forVault(Fixtures.vault());
  private static final Path REAL = real();

  private static Path real() {
    try {
      return Fixtures.vault().toRealPath();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @FuzzTest(maxDuration = "10s")
  void specsAreReadOrRefusedWithAMessage(byte[] bytes) {
    String spec = new String(bytes, StandardCharsets.UTF_8);
    try {
      ENGINE.concat(List.of(ConcatItem.parse(spec)), "");
    } catch (InvalidRequestException e) {
      ForPeople.check(ErrorMessages.forPeople(e, REAL.toString(), "vault"), "spec " + spec,
          REAL);
    }
  }
}
