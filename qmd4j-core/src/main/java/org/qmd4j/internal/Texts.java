package org.qmd4j.internal;

import java.text.Normalizer;
import java.time.LocalDate;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** Small text helpers shared by {@code find} and the typed facade. */
public final class Texts {
  private static final Pattern MARKS = Pattern.compile("\\p{M}+");

  private Texts() {}

  /**
   * Folds {@code text} for comparison: Unicode compatibility form, accents dropped, lower
   * case, surrounding blanks stripped. {@code "Réunion"}, {@code "REUNION"} and a decomposed
   * {@code "re\u0301union"} all fold to {@code "reunion"}.
   */
  public static String fold(String text) {
    String decomposed = Normalizer.normalize(text, Normalizer.Form.NFKD);
    return MARKS.matcher(decomposed).replaceAll("").toLowerCase(Locale.ROOT).strip();
  }

  /** Whether two texts are equal once {@link #fold folded}. */
  public static boolean sameFolded(String a, String b) {
    return fold(a).equals(fold(b));
  }

  /**
   * Reads a calendar date written as an ISO date ({@code 2025-07-14}), optionally followed
   * by a time ({@code 2025-07-14T10:00}), as frontmatter dates are. Anything else, and a date
   * that does not exist, is empty.
   */
  public static Optional<LocalDate> isoDate(String value) {
    return org.qmd4j.vault.Frontmatter.parseDate(value);
  }
}
