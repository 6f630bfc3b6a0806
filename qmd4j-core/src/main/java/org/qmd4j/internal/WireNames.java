package org.qmd4j.internal;

import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * The one parser of qmd4j's fixed vocabularies (engine choice, find mode, sort, date type,
 * operator): case and surrounding blanks ignored, an unknown value reported by the caller's
 * typed exception, whose message names the bad value and the valid ones. ({@code Mode} keeps
 * its own three lines: {@code org.qmd4j.search} depends on no other qmd4j package.)
 */
public final class WireNames {
  private WireNames() {}

  /**
   * The constant of {@code values} whose wire name is {@code value}, ignoring case and blanks.
   *
   * @param value the text to parse
   * @param parameter the parameter's name, for the {@code NullPointerException} message
   * @param values the vocabulary, in the order its valid values are listed
   * @param wireName a constant's name on the wire
   * @param unknown the exception for a value that is not in the vocabulary, given the value
   * @throws NullPointerException if {@code value} is null: "{@code parameter} == null"
   */
  public static <E extends Enum<E>> E parse(String value, String parameter, E[] values,
      Function<E, String> wireName, Function<String, ? extends RuntimeException> unknown) {
    Objects.requireNonNull(value, () -> parameter + " == null");
    String v = value.strip().toLowerCase(Locale.ROOT);
    for (E e : values) {
      if (wireName.apply(e).equals(v)) return e;
    }
    throw unknown.apply(value);
  }
}
