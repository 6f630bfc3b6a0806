package org.qmd4j.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

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
      "3 days", "3days ago", "-3 days ago", "three days ago", "14-07-2025", "2025-07-14T10:00",
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

  // The dates a French user types, beside the English forms, in one parser.
  @Test
  void frenchFormsResolveLikeTheirEnglishTwins() {
    LocalDate today = LocalDate.of(2025, 7, 14);
    assertThat(resolve("aujourd'hui", today)).isEqualTo(resolve("today", today));
    assertThat(resolve("Aujourd\u2019hui", today)).isEqualTo(today);
    assertThat(resolve("hier", today)).isEqualTo(resolve("yesterday", today));
    assertThat(resolve("avant-hier", today)).isEqualTo(LocalDate.of(2025, 7, 12));
    assertThat(resolve("il y a 3 jours", today)).isEqualTo(resolve("3 days ago", today));
    assertThat(resolve("il y a 1 jour", today)).isEqualTo(resolve("1 day ago", today));
    assertThat(resolve("il y a 2 semaines", today)).isEqualTo(resolve("2 weeks ago", today));
    assertThat(resolve("il y a 3 mois", today)).isEqualTo(resolve("3 months ago", today));
    assertThat(resolve("il y a un mois", today)).isEqualTo(resolve("a month ago", today));
    assertThat(resolve("il y a 2 ans", today)).isEqualTo(resolve("2 years ago", today));
    assertThat(resolve("il y a une année", today)).isEqualTo(resolve("1 year ago", today));
    assertThat(resolve("IL Y A  3   MOIS", today)).isEqualTo(LocalDate.of(2025, 4, 14));
  }

  @Test
  void frenchCalendarDatesAreDayMonthYear() {
    LocalDate anyDay = LocalDate.of(2030, 1, 1);
    assertThat(resolve("14/07/2025", anyDay)).isEqualTo(LocalDate.of(2025, 7, 14));
    assertThat(resolve("4/7/2025", anyDay)).isEqualTo(LocalDate.of(2025, 7, 4));
    assertThat(DateSpec.parse("14/07/2025").isRelative()).isFalse();
    assertThatThrownBy(() -> DateSpec.parse("30/02/2025"))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageStartingWith("Invalid date '30/02/2025': it is not a real calendar date");
    assertThatThrownBy(() -> DateSpec.parse("07/14/2025")) // American order: month 14
        .isInstanceOf(InvalidDateException.class);
  }

  @Test
  void periodsAreTheirFirstDayAsALowerBoundAndTheirLastAsAnUpperBound() {
    Clock monday14 = at(LocalDate.of(2025, 7, 14));
    Clock sunday20 = at(LocalDate.of(2025, 7, 20));
    DateSpec lastWeek = DateSpec.parse("la semaine dernière");
    assertThat(lastWeek.resolve(monday14)).isEqualTo(LocalDate.of(2025, 7, 7));
    assertThat(lastWeek.resolveEnd(monday14)).isEqualTo(LocalDate.of(2025, 7, 13));
    assertThat(lastWeek.resolve(sunday20)).isEqualTo(LocalDate.of(2025, 7, 7));
    DateSpec lastMonth = DateSpec.parse("le mois dernier");
    assertThat(lastMonth.resolve(monday14)).isEqualTo(LocalDate.of(2025, 6, 1));
    assertThat(lastMonth.resolveEnd(monday14)).isEqualTo(LocalDate.of(2025, 6, 30));
    DateSpec thisYear = DateSpec.parse("cette année");
    assertThat(thisYear.resolve(monday14)).isEqualTo(LocalDate.of(2025, 1, 1));
    assertThat(thisYear.resolveEnd(monday14)).isEqualTo(LocalDate.of(2025, 12, 31));
    assertThat(DateSpec.parse("last month").resolve(monday14))
        .isEqualTo(lastMonth.resolve(monday14));
    assertThat(DateSpec.parse("l'an dernier").resolveEnd(monday14))
        .isEqualTo(LocalDate.of(2024, 12, 31));
    assertThat(DateSpec.parse("ce mois-ci").resolve(monday14))
        .isEqualTo(LocalDate.of(2025, 7, 1));
    // A day is the same as a lower and as an upper bound.
    assertThat(DateSpec.parse("hier").resolveEnd(monday14))
        .isEqualTo(DateSpec.parse("hier").resolve(monday14));
  }

  @Test
  void theOneErrorListsTheFrenchAndEnglishForms() {
    assertThatThrownBy(() -> DateSpec.parse("mardi prochain"))
        .isInstanceOf(InvalidDateException.class)
        .hasMessage("Invalid date 'mardi prochain': it is not a recognized form; expected "
            + DateSpec.ACCEPTED_FORMS)
        .hasMessageContaining("il y a N jours|semaines|mois|ans")
        .hasMessageContaining("14/07/2025");
  }

  @Test
  void aParameterIsNamedAsTheCallerSpellsIt() {
    InvalidDateException e = catchThrowableOfType(InvalidDateException.class,
        () -> DateSpec.parse("next tuesday", "date_from"));
    assertThat(e).hasMessageStartingWith("date_from: Invalid date 'next tuesday'");
    assertThat(e.named(java.util.Map.of("date_from", "--from")))
        .hasMessageStartingWith("--from: Invalid date 'next tuesday'")
        .isInstanceOf(InvalidDateException.class);
    assertThat(new InvalidDateException("plain").named(java.util.Map.of("a", "b")))
        .hasMessage("plain");
  }
}
