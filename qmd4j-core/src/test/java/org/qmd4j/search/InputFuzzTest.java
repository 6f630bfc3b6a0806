package org.qmd4j.search;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Tag;
import org.qmd4j.ErrorMessages;
import org.qmd4j.ForPeople;

/**
 * Jazzer fuzzing of what a caller types: dates, scopes, modes, queries and limits.
 * Every input gives a value or an {@link InvalidRequestException} whose message is fit for a
 * person (no class name, one line); nothing else. Corpus under
 * {@code src/test/resources/org/qmd4j/search/InputFuzzTestInputs/METHOD/}.
 */
@Tag("fuzz")
class InputFuzzTest {
  private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-07-15T10:00:00Z"),
      ZoneId.of("Europe/Paris"));

  /** A date as typed: ISO, relative, French... resolves, or is refused with a message. */
  @FuzzTest(maxDuration = "10s")
  void datesParseOrAreRefusedWithAMessage(byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    try {
      DateSpec spec = DateSpec.parse(text);
      assertThat(spec.resolve(CLOCK)).isNotNull();
    } catch (InvalidRequestException e) {
      ForPeople.check(ErrorMessages.forPeople(e, null, null), "date " + text);
    }
  }

  /**
   * A whole request as an agent sends it, fields separated by newlines: query, mode, scope,
   * date_from, date_to, limit.
   */
  @FuzzTest(maxDuration = "10s")
  void requestsParseOrAreRefusedWithAMessage(byte[] bytes) {
    String[] f = new String(bytes, StandardCharsets.UTF_8).split("\n", 6);
    String query = f[0];
    String mode = f.length > 1 && !f[1].equals("-") ? f[1] : null;
    String scope = f.length > 2 && !f[2].equals("-") ? f[2] : null;
    String from = f.length > 3 && !f[3].equals("-") ? f[3] : null;
    String to = f.length > 4 && !f[4].equals("-") ? f[4] : null;
    try {
      SearchRequest r = SearchRequest.parse(query, mode, scope, from, to);
      if (f.length > 5) r = r.withLimit(Integer.parseInt(f[5].strip()));
      assertThat(r.limit()).isPositive();
    } catch (InvalidRequestException e) {
      ForPeople.check(ErrorMessages.forPeople(e, null, null),
          "request " + String.join(" | ", f));
    } catch (NumberFormatException e) {
      // not a limit: the CLI and MCP read limits as integers before they get here
    }
  }
}
