package org.qmd4j.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DateSpecTest {
  private static final ZoneId PARIS = ZoneId.of("Europe/Paris");

  /** A fixed clock at noon of {@code date} in Paris. */
  private static Clock at(LocalDate date) {
    return Clock.fixed(date.atTime(12, 0).atZone(PARIS).toInstant(), PARIS);
  }

  private static LocalDate resolve(String text, LocalDate today) {
    return DateSpec.parse(text).resolve(at(today));
  }

  @Test
  void isoDateResolvesToItselfWhateverTheClock() {
    DateSpec spec = DateSpec.parse("2025-07-14");
    assertThat(spec.resolve(at(LocalDate.of(2030, 1, 1)))).isEqualTo(LocalDate.of(2025, 7, 14));
    assertThat(spec.resolve(Clock.systemUTC())).isEqualTo(LocalDate.of(2025, 7, 14));
    assertThat(spec.isRelative()).isFalse();
    assertThat(spec.text()).isEqualTo("2025-07-14");
    assertThat(spec).hasToString("2025-07-14");
  }

  @Test
  void leapDayIsAValidIsoDate() {
    assertThat(resolve("2024-02-29", LocalDate.of(2025, 1, 1)))
        .isEqualTo(LocalDate.of(2024, 2, 29));
  }

  @Test
  void todayAndYesterday() {
    LocalDate today = LocalDate.of(2025, 3, 1);
    assertThat(resolve("today", today)).isEqualTo(today);
    assertThat(resolve("yesterday", today)).isEqualTo(LocalDate.of(2025, 2, 28));
    assertThat(DateSpec.parse("today").isRelative()).isTrue();
  }

  @Test
  void daysAgo() {
    LocalDate today = LocalDate.of(2025, 3, 2);
    assertThat(resolve("3 days ago", today)).isEqualTo(LocalDate.of(2025, 2, 27));
    assertThat(resolve("1 day ago", today)).isEqualTo(LocalDate.of(2025, 3, 1));
    assertThat(resolve("0 days ago", today)).isEqualTo(today);
  }

  @Test
  void weeksAreSevenDays() {
    LocalDate today = LocalDate.of(2025, 7, 14);
    assertThat(resolve("1 week ago", today)).isEqualTo(today.minusDays(7));
    assertThat(resolve("2 weeks ago", today)).isEqualTo(LocalDate.of(2025, 6, 30));
  }

  @Test
  void monthsAreCalendarMonths() {
    assertThat(resolve("1 month ago", LocalDate.of(2025, 3, 31)))
        .isEqualTo(LocalDate.of(2025, 2, 28));
    assertThat(resolve("1 month ago", LocalDate.of(2024, 3, 31)))
        .isEqualTo(LocalDate.of(2024, 2, 29));
    assertThat(resolve("3 months ago", LocalDate.of(2025, 7, 14)))
        .isEqualTo(LocalDate.of(2025, 4, 14));
  }

  @Test
  void yearsAreCalendarYears() {
    assertThat(resolve("1 year ago", LocalDate.of(2024, 2, 29)))
        .isEqualTo(LocalDate.of(2023, 2, 28));
    assertThat(resolve("4 years ago", LocalDate.of(2024, 2, 29)))
        .isEqualTo(LocalDate.of(2020, 2, 29));
  }

  @Test
  void caseAndBlanksDoNotMatter() {
    LocalDate today = LocalDate.of(2025, 7, 14);
    assertThat(resolve("  Today ", today)).isEqualTo(today);
    assertThat(resolve("YESTERDAY", today)).isEqualTo(LocalDate.of(2025, 7, 13));
    assertThat(resolve("2 WEEKS AGO", today)).isEqualTo(LocalDate.of(2025, 6, 30));
    assertThat(resolve("2   weeks\tago", today)).isEqualTo(LocalDate.of(2025, 6, 30));
    assertThat(DateSpec.parse("  Today ").text()).isEqualTo("Today");
  }

  @Test
  void theClockTimeZoneDecidesWhatTodayIs() {
    // 2025-03-30T22:30Z is already 2025-03-31 00:30 in Paris (summer time since that night).
    Instant nearMidnightUtc = Instant.parse("2025-03-30T22:30:00Z");
    Clock paris = Clock.fixed(nearMidnightUtc, PARIS);
    Clock utc = Clock.fixed(nearMidnightUtc, ZoneOffset.UTC);
    assertThat(DateSpec.parse("today").resolve(paris)).isEqualTo(LocalDate.of(2025, 3, 31));
    assertThat(DateSpec.parse("today").resolve(utc)).isEqualTo(LocalDate.of(2025, 3, 30));
    assertThat(DateSpec.parse("1 month ago").resolve(paris))
        .isEqualTo(LocalDate.of(2025, 2, 28));
    assertThat(DateSpec.parse("1 month ago").resolve(utc)).isEqualTo(LocalDate.of(2025, 2, 28));
    assertThat(DateSpec.parse("yesterday").resolve(paris)).isEqualTo(LocalDate.of(2025, 3, 30));
    assertThat(DateSpec.parse("yesterday").resolve(utc)).isEqualTo(LocalDate.of(2025, 3, 29));
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {"next tuesday", "2025-13-45", "2025-02-30", "2025-7-14",
      "3 days", "3days ago", "-3 days ago", "three days ago", "14/07/2025", "2025-07-14T10:00",
      "tomorrow", "3 fortnights ago"})
  void invalidDateQuotesTheValueAndListsTheAcceptedForms(String text) {
    assertThatThrownBy(() -> DateSpec.parse(text))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageContaining("'" + text + "'")
        .hasMessageContaining(DateSpec.ACCEPTED_FORMS)
        .hasMessageContaining("2025-07-14")
        .hasMessageContaining("today")
        .hasMessageContaining("yesterday")
        .hasMessageContaining("ago");
  }

  @Test
  void impossibleDateSaysItIsNotARealDate() {
    assertThatThrownBy(() -> DateSpec.parse("2025-02-30"))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageContaining("'2025-02-30'")
        .hasMessageContaining("not a real calendar date");
    assertThatThrownBy(() -> DateSpec.parse("2025-13-45"))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageContaining("'2025-13-45'")
        .hasMessageContaining("not a real calendar date");
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {"", "   ", "\t"})
  void blankDateIsInvalid(String text) {
    assertThatThrownBy(() -> DateSpec.parse(text))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageContaining("''")
        .hasMessageContaining(DateSpec.ACCEPTED_FORMS);
  }

  @Test
  void constructorValidatesLikeParse() {
    assertThatThrownBy(() -> new DateSpec("next tuesday"))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageContaining("'next tuesday'");
    assertThat(new DateSpec(" today ")).isEqualTo(DateSpec.parse("today"));
  }

  @Test
  void invalidDateIsAnInvalidRequest() {
    assertThatThrownBy(() -> DateSpec.parse("next tuesday"))
        .isInstanceOf(InvalidRequestException.class)
        .isInstanceOf(SearchException.class)
        .hasMessageStartingWith("Invalid date 'next tuesday'");
  }
}
