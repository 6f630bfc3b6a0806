package org.qmd4j.internal;

import java.text.Normalizer;
import java.time.LocalDate;
import java.util.Locale;
import java.util.Optional;

/** Small text helpers shared by {@code find} and the typed facade. */
public final class Texts {
  private Texts() {}

  /**
   * Folds {@code text} for comparison: Unicode compatibility form, accents dropped, lower
   * case, surrounding blanks stripped. {@code "Réunion"}, {@code "REUNION"} and a decomposed
   * {@code "re\u0301union"} all fold to {@code "reunion"}.
   */
  public static String fold(String text) {
    // ASCII has no compatibility forms and no marks: lower case and strip are the whole fold.
    if (isAscii(text)) return text.toLowerCase(Locale.ROOT).strip();
    String decomposed = Normalizer.normalize(text, Normalizer.Form.NFKD);
    return withoutMarks(decomposed).toLowerCase(Locale.ROOT).strip();
  }

  private static boolean isAscii(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) >= 0x80) return false;
    }
    return true;
  }

  /**
   * {@code text} without its combining marks (the code points of {@code \p{M}}: non-spacing,
   * enclosing and spacing combining marks); a loop, not a pattern (the index folds the text of
   * every typed chunk).
   */
  private static String withoutMarks(String text) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      int n = Character.charCount(cp);
      if (isMark(cp)) {
        if (out == null) out = new StringBuilder(text.length()).append(text, 0, i);
      } else if (out != null) {
        out.append(text, i, i + n);
      }
      i += n;
    }
    return out == null ? text : out.toString();
  }

  private static boolean isMark(int cp) {
    int type = Character.getType(cp);
    return type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
        || type == Character.COMBINING_SPACING_MARK;
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
