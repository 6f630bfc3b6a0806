package org.qmd4j.find;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.qmd4j.ErrorMessages;
import org.qmd4j.ForPeople;
import org.qmd4j.search.InvalidRequestException;

/**
 * Jazzer fuzzing of {@code find --where} conditions ({@code FIELD OP VALUE}). Corpus
 * under {@code src/test/resources/org/qmd4j/find/ConditionFuzzTestInputs/METHOD/}.
 */
@Tag("fuzz")
class ConditionFuzzTest {
  /** Any text: a condition that prints back as one, or a refusal with a message. */
  @FuzzTest(maxDuration = "10s")
  void conditionsParseOrAreRefusedWithAMessage(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    try {
      Condition c = Condition.parse(text);
      assertThat(c.toString()).isNotBlank();
    } catch (InvalidRequestException e) {
      ForPeople.check(ErrorMessages.forPeople(e, null, null), "condition " + text);
    }
  }
}
