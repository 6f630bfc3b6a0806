package org.qmd4j.find;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmd4j.internal.Texts;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.InvalidFindException;

/**
 * A condition on one frontmatter field of a note, written {@code FIELD OP VALUE}.
 *
 * <table>
 *   <caption>Operators</caption>
 *   <tr><th>operator</th><th>passes when the field</th><th>example</th></tr>
 *   <tr><td>{@code eq}</td><td>equals the value; a list field: one of its items does</td>
 *       <td>{@code status eq en-cours}</td></tr>
 *   <tr><td>{@code ne}</td><td>does not pass {@code eq} (a missing field passes)</td>
 *       <td>{@code status ne archivé}</td></tr>
 *   <tr><td>{@code contains}</td><td>holds the value as a substring; a list field: one of
 *       its items equals it</td><td>{@code tags contains devis}</td></tr>
 *   <tr><td>{@code in}</td><td>passes {@code eq} for one of the comma-separated values</td>
 *       <td>{@code prio in haute,moyenne}</td></tr>
 *   <tr><td>{@code exists}</td><td>is present with a value (not empty, not null)</td>
 *       <td>{@code deadline exists}</td></tr>
 *   <tr><td>{@code missing}</td><td>does not pass {@code exists}</td>
 *       <td>{@code tags missing}</td></tr>
 *   <tr><td>{@code gt gte lt lte}</td><td>is after / before (dates) or above / below
 *       (numbers) the value</td><td>{@code updated gte 2025-06-01}</td></tr>
 * </table>
 *
 * <p>Text comparisons ignore case, accents and Unicode forms ({@code reunion} equals
 * {@code Réunion}); {@code eq} compares two dates as dates ({@code "2025-09-10"} quoted
 * equals {@code 2025-09-10}) and two numbers as numbers ({@code 3} equals {@code 3.0}).
 * A comparison's value must be a date (ISO, or a relative form of {@link DateSpec} such as
 * {@code 3 months ago}) or a number: then a field that is not a date, respectively not a
 * number, fails the condition. Field names are matched exactly. A file with malformed
 * frontmatter has no fields.
 *
 * @param field the frontmatter key, as written in the file
 * @param operator the operator
 * @param value the value; empty for {@code exists} and {@code missing}; for {@code in}, values
 *     separated by commas
 * @since 0.2
 */
public record Condition(String field, Operator operator, String value) {
  /** How a condition is written, as shown in error messages. */
  public static final String SYNTAX = "'FIELD OP VALUE' such as 'status eq en-cours', "
      + "'tags contains devis', 'updated gte 2025-06-01', 'prio in haute,moyenne', "
      + "or 'FIELD exists' / 'FIELD missing'";

  private static final Pattern WRITTEN =
      Pattern.compile("^\\s*(\\S+)\\s+(\\S+)(?:\\s+(.*?))?\\s*$", Pattern.DOTALL);

  /**
   * Validates the condition.
   *
   * @throws InvalidFindException if the field is blank, the value is missing or superfluous,
   *     or a comparison's value is neither a date nor a number
   */
  public Condition {
    Objects.requireNonNull(field, "field == null");
    Objects.requireNonNull(operator, "operator == null");
    Objects.requireNonNull(value, "value == null");
    field = field.strip();
    value = unquote(value.strip());
    String shown = field + " " + operator.wireName() + (value.isEmpty() ? "" : " " + value);
    if (field.isEmpty()) {
      throw new InvalidFindException("Condition '" + shown + "' has no field; expected "
          + SYNTAX);
    }
    if (!operator.takesValue() && !value.isEmpty()) {
      throw new InvalidFindException("Operator " + operator.wireName() + " takes no value "
          + "but condition '" + shown + "' has '" + value + "'; write '" + field + " "
          + operator.wireName() + "'");
    }
    if (operator.takesValue() && value.isEmpty()) {
      throw new InvalidFindException("Operator " + operator.wireName() + " needs a value: "
          + "condition '" + shown + "'; expected " + SYNTAX);
    }
    if (operator == Operator.IN && splitValues(value).isEmpty()) {
      throw new InvalidFindException("Operator in needs comma-separated values, e.g. "
          + "'prio in haute,moyenne', but condition '" + shown + "' has none");
    }
    if (operator.isComparison() && operand(value).isEmpty()) {
      throw new InvalidFindException("Operator " + operator.wireName()
          + " compares dates or numbers, but '" + value + "' in condition '" + shown
          + "' is neither; expected " + DateSpec.ACCEPTED_FORMS + ", or a number");
    }
  }

  /** A condition with a value, e.g. {@code of("status", Operator.EQ, "en-cours")}. */
  public static Condition of(String field, Operator operator, String value) {
    return new Condition(field, operator, value);
  }

  /** {@code FIELD exists}. */
  public static Condition exists(String field) {
    return new Condition(field, Operator.EXISTS, "");
  }

  /** {@code FIELD missing}. */
  public static Condition missing(String field) {
    return new Condition(field, Operator.MISSING, "");
  }

  /**
   * Parses a condition as the command line passes it: {@code FIELD OP VALUE} separated by
   * blanks; the value is the rest of the text and may hold blanks or be quoted.
   *
   * @throws InvalidFindException if the text is not of that form or the operator is unknown
   *     (the message lists the valid operators)
   */
  public static Condition parse(String text) {
    Objects.requireNonNull(text, "condition == null");
    Matcher m = WRITTEN.matcher(text);
    if (!m.matches()) {
      throw new InvalidFindException("Invalid condition '" + text.strip() + "'; expected "
          + SYNTAX);
    }
    Operator operator;
    try {
      operator = Operator.parse(m.group(2));
    } catch (InvalidFindException e) {
      throw new InvalidFindException("Unknown operator '" + m.group(2) + "' in condition '"
          + text.strip() + "'; valid operators are: " + Operator.VALID_OPERATORS);
    }
    return new Condition(m.group(1), operator, m.group(3) == null ? "" : m.group(3));
  }

  /** The values of an {@code in} condition; the value itself for other operators. */
  public List<String> values() {
    return operator == Operator.IN ? splitValues(value) : List.of(value);
  }

  /**
   * Whether a note with these frontmatter fields passes.
   *
   * @param clock resolves relative dates in comparisons
   */
  boolean test(Map<String, Object> fields, Clock clock) {
    Object actual = fields.get(field);
    switch (operator) {
      case EXISTS: return present(actual);
      case MISSING: return !present(actual);
      case EQ: return equalsAny(actual, List.of(value));
      case NE: return !equalsAny(actual, List.of(value));
      case IN: return equalsAny(actual, values());
      case CONTAINS: return contains(actual);
      case GT: case GTE: case LT: case LTE: return compare(actual, clock);
      default: throw new AssertionError(operator);
    }
  }

  private static boolean present(Object actual) {
    if (actual == null) return false;
    if (actual instanceof String) return !((String) actual).isBlank();
    return true;
  }

  private static boolean equalsAny(Object actual, List<String> expected) {
    for (String item : items(actual)) {
      for (String e : expected) {
        if (scalarEquals(item, e)) return true;
      }
    }
    return false;
  }

  private boolean contains(Object actual) {
    if (actual instanceof Collection) return equalsAny(actual, List.of(value));
    if (actual == null || actual instanceof Map) return false;
    return Texts.fold(String.valueOf(actual)).contains(Texts.fold(value));
  }

  private boolean compare(Object actual, Clock clock) {
    if (actual == null || actual instanceof Map || actual instanceof Collection) return false;
    String text = String.valueOf(actual);
    Object operand = operand(value).orElseThrow();
    int order;
    if (operand instanceof DateSpec) {
      Optional<LocalDate> date = Texts.isoDate(text);
      if (date.isEmpty()) return false;
      // A period ("last month") is after its end for gt/lte, from its start for gte/lt.
      DateSpec spec = (DateSpec) operand;
      boolean end = operator == Operator.GT || operator == Operator.LTE;
      order = date.get().compareTo(end ? spec.resolveEnd(clock) : spec.resolve(clock));
    } else {
      Optional<BigDecimal> number = number(text);
      if (number.isEmpty()) return false;
      order = number.get().compareTo((BigDecimal) operand);
    }
    switch (operator) {
      case GT: return order > 0;
      case GTE: return order >= 0;
      case LT: return order < 0;
      case LTE: return order <= 0;
      default: throw new AssertionError(operator);
    }
  }

  /** A comparison's operand: a {@link DateSpec} or a {@link BigDecimal}; empty if neither. */
  private static Optional<Object> operand(String value) {
    try {
      return Optional.of(DateSpec.parse(value));
    } catch (InvalidDateException e) {
      return number(value).map(n -> n);
    }
  }

  private static boolean scalarEquals(String actual, String expected) {
    Optional<LocalDate> a = Texts.isoDate(actual);
    Optional<LocalDate> e = Texts.isoDate(expected);
    if (a.isPresent() && e.isPresent()) return a.get().equals(e.get());
    Optional<BigDecimal> an = number(actual);
    Optional<BigDecimal> en = number(expected);
    if (an.isPresent() && en.isPresent()) return an.get().compareTo(en.get()) == 0;
    return Texts.sameFolded(actual, expected);
  }

  /** The scalar items of a value: the items of a list, the value itself, or none. */
  private static List<String> items(Object actual) {
    if (actual == null || actual instanceof Map) return List.of();
    if (actual instanceof Collection) {
      List<String> out = new ArrayList<>();
      for (Object o : (Collection<?>) actual) {
        if (o != null && !(o instanceof Map) && !(o instanceof Collection)) {
          out.add(String.valueOf(o));
        }
      }
      return out;
    }
    return List.of(String.valueOf(actual));
  }

  private static Optional<BigDecimal> number(String text) {
    String t = text.strip();
    if (t.isEmpty() || !t.matches("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?")) {
      return Optional.empty();
    }
    return Optional.of(new BigDecimal(t));
  }

  private static List<String> splitValues(String value) {
    List<String> out = new ArrayList<>();
    for (String part : value.split(",")) {
      String p = unquote(part.strip());
      if (!p.isEmpty()) out.add(p);
    }
    return List.copyOf(out);
  }

  private static String unquote(String v) {
    if (v.length() >= 2) {
      char first = v.charAt(0);
      char last = v.charAt(v.length() - 1);
      if ((first == '"' || first == '\'') && first == last) return v.substring(1, v.length() - 1);
    }
    return v;
  }

  @Override
  public String toString() {
    return field + " " + operator.wireName() + (value.isEmpty() ? "" : " " + value);
  }
}
