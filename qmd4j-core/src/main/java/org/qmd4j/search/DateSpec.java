package org.qmd4j.search;

import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A date bound as the caller wrote it, resolved to a calendar date against a clock.
 *
 * <table>
 *   <caption>Accepted forms (case-insensitive)</caption>
 *   <tr><th>form</th><th>resolves to</th></tr>
 *   <tr><td>{@code 2025-07-14}</td><td>that day (ISO, must exist)</td></tr>
 *   <tr><td>{@code today}</td><td>the clock's date in its time zone</td></tr>
 *   <tr><td>{@code yesterday}</td><td>today minus one day</td></tr>
 *   <tr><td>{@code N day(s) ago}</td><td>today minus N days</td></tr>
 *   <tr><td>{@code N week(s) ago}</td><td>today minus 7×N days</td></tr>
 *   <tr><td>{@code N month(s) ago}</td><td>today minus N calendar months</td></tr>
 *   <tr><td>{@code N year(s) ago}</td><td>today minus N calendar years</td></tr>
 * </table>
 *
 * @param text the value as written, stripped of surrounding blanks
 */
public record DateSpec(String text) {
  /** The accepted forms, as listed in error messages. */
  public static final String ACCEPTED_FORMS =
      "an ISO date such as 2025-07-14, 'today', 'yesterday', "
          + "or 'N days|weeks|months|years ago'";

  /**
   * The one format of a calendar date in qmd4j ({@code 2025-07-14}: {@code uuuu-MM-dd},
   * strict, so that a day that does not exist is refused), for requests, frontmatter and
   * changelog days alike. Immutable and thread-safe.
   *
   * @since 0.2
   */
  public static final DateTimeFormatter ISO_DATE =
      DateTimeFormatter.ofPattern("uuuu-MM-dd", Locale.ROOT)
          .withResolverStyle(ResolverStyle.STRICT);
  private static final Pattern ISO_SHAPE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
  private static final Pattern RELATIVE =
      Pattern.compile("(\\d{1,6})\\s+(day|week|month|year)s?\\s+ago");

  /**
   * Validates the form without resolving it.
   *
   * @throws InvalidDateException quoting the value and listing the accepted forms
   */
  public DateSpec {
    Objects.requireNonNull(text, "date == null");
    text = text.strip();
    resolve(text, null);
  }

  /** Parses {@code text}; same as the constructor. */
  public static DateSpec parse(String text) {
    return new DateSpec(text);
  }

  /** Resolves this bound to a date, in the clock's time zone. */
  public LocalDate resolve(Clock clock) {
    Objects.requireNonNull(clock, "clock == null");
    return resolve(text, clock);
  }

  /** Whether this bound depends on the clock (every form but an ISO date). */
  public boolean isRelative() {
    return !ISO_SHAPE.matcher(text).matches();
  }

  // With a null clock this only validates; the returned value is then meaningless.
  private static LocalDate resolve(String text, Clock clock) {
    String t = text.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
    LocalDate today = clock == null ? LocalDate.EPOCH : LocalDate.now(clock);
    if (ISO_SHAPE.matcher(t).matches()) {
      try {
        return LocalDate.parse(t, ISO_DATE);
      } catch (DateTimeParseException e) {
        throw invalid(text, "it is not a real calendar date");
      }
    }
    if (t.equals("today")) return today;
    if (t.equals("yesterday")) return today.minusDays(1);
    Matcher m = RELATIVE.matcher(t);
    if (m.matches()) {
      long n = Long.parseLong(m.group(1));
      switch (m.group(2)) {
        case "day": return today.minusDays(n);
        case "week": return today.minusWeeks(n);
        case "month": return today.minusMonths(n);
        case "year": return today.minusYears(n);
        default: throw new AssertionError(m.group(2));
      }
    }
    throw invalid(text, "it is not a recognized form");
  }

  private static InvalidDateException invalid(String text, String why) {
    return new InvalidDateException(
        "Invalid date '" + text + "': " + why + "; expected " + ACCEPTED_FORMS);
  }

  @Override
  public String toString() {
    return text;
  }
}
