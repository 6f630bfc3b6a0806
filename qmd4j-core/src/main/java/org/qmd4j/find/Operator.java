package org.qmd4j.find;

import java.util.Locale;
import org.qmd4j.internal.WireNames;
import org.qmd4j.search.InvalidFindException;

/**
 * The operator of a frontmatter {@link Condition}. See {@link Condition} for what each one
 * matches.
 *
 * @since 0.2
 */
public enum Operator {
  EQ,
  NE,
  CONTAINS,
  IN,
  EXISTS,
  MISSING,
  GT,
  GTE,
  LT,
  LTE;

  /** The valid operators, as listed in error messages. */
  public static final String VALID_OPERATORS =
      "eq, ne, contains, in, exists, missing, gt, gte, lt, lte";

  /** The name used in conditions: {@code eq}, {@code gte} ... */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether the operator takes a value: every one but {@code exists} and {@code missing}. */
  public boolean takesValue() {
    return this != EXISTS && this != MISSING;
  }

  /** Whether the operator orders values: {@code gt}, {@code gte}, {@code lt}, {@code lte}. */
  public boolean isComparison() {
    return this == GT || this == GTE || this == LT || this == LTE;
  }

  /**
   * Parses an operator name, ignoring case and blanks.
   *
   * @throws InvalidFindException naming the bad value and listing the valid operators
   */
  public static Operator parse(String value) {
    return WireNames.parse(value, "operator", values(), Operator::wireName,
        v -> new InvalidFindException(
            "Unknown operator '" + v + "'; valid operators are: " + VALID_OPERATORS));
  }
}
