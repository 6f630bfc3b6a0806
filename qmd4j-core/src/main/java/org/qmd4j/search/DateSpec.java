package org.qmd4j.search;

import java.text.Normalizer;
import java.time.Clock;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A date bound as the caller wrote it, in English or in French, resolved to a calendar date
 * against a clock (in the clock's time zone). Forms are case- and accent-insensitive; a
 * number may be written {@code 1}, {@code a}/{@code an}/{@code one} or {@code un}/{@code une}.
 *
 * <table>
 *   <caption>Accepted forms</caption>
 *   <tr><th>English</th><th>French</th><th>resolves to</th></tr>
 *   <tr><td>{@code 2025-07-14}</td><td>{@code 14/07/2025} (JJ/MM/AAAA)</td>
 *       <td>that day (it must exist)</td></tr>
 *   <tr><td>{@code today}</td><td>{@code aujourd'hui}</td><td>the clock's date</td></tr>
 *   <tr><td>{@code yesterday}</td><td>{@code hier}</td><td>today minus one day</td></tr>
 *   <tr><td>-</td><td>{@code avant-hier}</td><td>today minus two days</td></tr>
 *   <tr><td>{@code N days ago}</td><td>{@code il y a N jours}</td><td>today minus N days</td></tr>
 *   <tr><td>{@code N weeks ago}</td><td>{@code il y a N semaines}</td>
 *       <td>today minus 7×N days</td></tr>
 *   <tr><td>{@code N months ago}</td><td>{@code il y a N mois}</td>
 *       <td>today minus N calendar months</td></tr>
 *   <tr><td>{@code N years ago}</td><td>{@code il y a N ans} (or {@code années})</td>
 *       <td>today minus N calendar years</td></tr>
 *   <tr><td>{@code this week}, {@code last week}</td>
 *       <td>{@code cette semaine}, {@code la semaine dernière}</td>
 *       <td>a period: its Monday as a lower bound, its Sunday as an upper bound</td></tr>
 *   <tr><td>{@code this month}, {@code last month}</td>
 *       <td>{@code ce mois-ci}, {@code le mois dernier}</td>
 *       <td>a period: its first day as a lower bound, its last day as an upper bound</td></tr>
 *   <tr><td>{@code this year}, {@code last year}</td>
 *       <td>{@code cette année}, {@code l'année dernière} (or {@code l'an dernier})</td>
 *       <td>a period: 1 January as a lower bound, 31 December as an upper bound</td></tr>
 * </table>
 *
 * <p>A lower bound ({@code date_from}) uses {@link #resolve(Clock)}, an upper bound
 * ({@code date_to}) {@link #resolveEnd(Clock)}; they differ only for periods, so that
 * {@code --from "le mois dernier" --to "le mois dernier"} is the whole of last month.
 *
 * @param text the value as written, stripped of surrounding blanks
 */
public record DateSpec(String text) {
  /** The accepted forms, as listed in error messages. */
  public static final String ACCEPTED_FORMS = "an ISO date (2025-07-14) or JJ/MM/AAAA "
      + "(14/07/2025); today, yesterday, 'N days|weeks|months|years ago', this|last "
      + "week|month|year; aujourd'hui, hier, avant-hier, 'il y a N jours|semaines|mois|ans', "
      + "cette semaine, la semaine dernière, ce mois-ci, le mois dernier, cette année, "
      + "l'année dernière";

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
  private static final DateTimeFormatter FRENCH_DATE =
      DateTimeFormatter.ofPattern("d/M/uuuu", Locale.ROOT)
          .withResolverStyle(ResolverStyle.STRICT);
  private static final Pattern ISO_SHAPE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
  private static final Pattern FRENCH_SHAPE = Pattern.compile("\\d{1,2}/\\d{1,2}/\\d{4}");
  private static final String COUNT = "(\\d{1,6}|an?|one|une?)";
  private static final Pattern AGO =
      Pattern.compile(COUNT + " (day|week|month|year)s? ago");
  private static final Pattern IL_Y_A =
      Pattern.compile("il y a " + COUNT + " (jours?|semaines?|mois|ans?|annees?)");
  private static final Map<String, String> UNITS = Map.of("jour", "day", "jours", "day",
      "semaine", "week", "semaines", "week", "mois", "month", "an", "year", "ans", "year",
      "annee", "year", "annees", "year");
  private static final Map<String, Period> PERIODS = Map.ofEntries(
      Map.entry("this week", Period.THIS_WEEK), Map.entry("cette semaine", Period.THIS_WEEK),
      Map.entry("last week", Period.LAST_WEEK),
      Map.entry("la semaine derniere", Period.LAST_WEEK),
      Map.entry("this month", Period.THIS_MONTH), Map.entry("ce mois-ci", Period.THIS_MONTH),
      Map.entry("ce mois", Period.THIS_MONTH),
      Map.entry("last month", Period.LAST_MONTH), Map.entry("le mois dernier", Period.LAST_MONTH),
      Map.entry("this year", Period.THIS_YEAR), Map.entry("cette annee", Period.THIS_YEAR),
      Map.entry("last year", Period.LAST_YEAR), Map.entry("l'annee derniere", Period.LAST_YEAR),
      Map.entry("l'an dernier", Period.LAST_YEAR));

  /**
   * Validates the form without resolving it.
   *
   * @throws InvalidDateException quoting the value and listing the accepted forms
   */
  public DateSpec {
    Objects.requireNonNull(text, "date == null");
    text = text.strip();
    resolve(text, null, false);
  }

  /** Parses {@code text}; same as the constructor. */
  public static DateSpec parse(String text) {
    return new DateSpec(text);
  }

  /**
   * Parses the value of the request parameter {@code parameter} (its library name, such as
   * {@code date_from}): a refusal names it, and {@link InvalidDateException#named} can spell
   * it as the caller did ({@code --from} on the command line).
   *
   * @since 0.3
   */
  public static DateSpec parse(String text, String parameter) {
    Objects.requireNonNull(parameter, "parameter == null");
    try {
      return new DateSpec(text);
    } catch (InvalidDateException e) {
      throw InvalidDateException.forParameters(
          InvalidDateException.placeholder(parameter) + ": " + e.getMessage());
    }
  }

  /**
   * Resolves this bound to a date: the day it names, or the first day of the period it
   * names ({@code last month}). Use it for lower bounds.
   */
  public LocalDate resolve(Clock clock) {
    Objects.requireNonNull(clock, "clock == null");
    return resolve(text, clock, false);
  }

  /**
   * Resolves this bound as an upper bound: the day it names, or the last day of the period
   * it names ({@code le mois dernier} gives the last day of last month).
   *
   * @since 0.3
   */
  public LocalDate resolveEnd(Clock clock) {
    Objects.requireNonNull(clock, "clock == null");
    return resolve(text, clock, true);
  }

  /** Whether this bound depends on the clock (every form but a calendar date). */
  public boolean isRelative() {
    return !ISO_SHAPE.matcher(text).matches() && !FRENCH_SHAPE.matcher(text).matches();
  }

  // With a null clock this only validates; the returned value is then meaningless.
  private static LocalDate resolve(String text, Clock clock, boolean end) {
    String t = canonical(text);
    LocalDate today = clock == null ? LocalDate.EPOCH : LocalDate.now(clock);
    if (ISO_SHAPE.matcher(t).matches()) return calendarDate(text, t, ISO_DATE);
    if (FRENCH_SHAPE.matcher(t).matches()) return calendarDate(text, t, FRENCH_DATE);
    switch (t) {
      case "today": case "aujourd'hui": case "aujourdhui": return today;
      case "yesterday": case "hier": return today.minusDays(1);
      case "avant-hier": return today.minusDays(2);
      default: break;
    }
    Period period = PERIODS.get(t);
    if (period != null) return end ? period.last(today) : period.first(today);
    Matcher m = AGO.matcher(t);
    if (m.matches()) return ago(today, count(m.group(1)), m.group(2));
    m = IL_Y_A.matcher(t);
    if (m.matches()) return ago(today, count(m.group(1)), UNITS.get(m.group(2)));
    throw invalid(text, "it is not a recognized form");
  }

  private static LocalDate calendarDate(String text, String t, DateTimeFormatter format) {
    try {
      return LocalDate.parse(t, format);
    } catch (DateTimeParseException e) {
      throw invalid(text, "it is not a real calendar date");
    }
  }

  private static LocalDate ago(LocalDate today, long n, String unit) {
    switch (unit) {
      case "day": return today.minusDays(n);
      case "week": return today.minusWeeks(n);
      case "month": return today.minusMonths(n);
      case "year": return today.minusYears(n);
      default: throw new AssertionError(unit);
    }
  }

  private static long count(String n) {
    return Character.isDigit(n.charAt(0)) ? Long.parseLong(n) : 1;
  }

  /** Lower case, accents and typographic apostrophes folded, blanks collapsed. */
  private static String canonical(String text) {
    String t = Normalizer.normalize(text.toLowerCase(Locale.ROOT), Normalizer.Form.NFD)
        .replaceAll("\\p{M}+", "")
        .replace('\u2019', '\'')
        .replaceAll("\\s+", " ")
        .strip();
    return t.replaceAll("\\s*'\\s*", "'");
  }

  private static InvalidDateException invalid(String text, String why) {
    return new InvalidDateException(
        "Invalid date '" + text + "': " + why + "; expected " + ACCEPTED_FORMS);
  }

  @Override
  public String toString() {
    return text;
  }

  /** A named calendar period, from its first to its last day. */
  private enum Period {
    THIS_WEEK, LAST_WEEK, THIS_MONTH, LAST_MONTH, THIS_YEAR, LAST_YEAR;

    LocalDate first(LocalDate today) {
      switch (this) {
        case THIS_WEEK: return today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
        case LAST_WEEK: return THIS_WEEK.first(today).minusWeeks(1);
        case THIS_MONTH: return today.withDayOfMonth(1);
        case LAST_MONTH: return today.minusMonths(1).withDayOfMonth(1);
        case THIS_YEAR: return today.withDayOfYear(1);
        case LAST_YEAR: return today.minusYears(1).withDayOfYear(1);
        default: throw new AssertionError(this);
      }
    }

    LocalDate last(LocalDate today) {
      switch (this) {
        case THIS_WEEK: case LAST_WEEK: return first(today).plusDays(6);
        case THIS_MONTH: case LAST_MONTH:
          return first(today).with(TemporalAdjusters.lastDayOfMonth());
        case THIS_YEAR: case LAST_YEAR: return first(today).with(TemporalAdjusters.lastDayOfYear());
        default: throw new AssertionError(this);
      }
    }
  }
}
