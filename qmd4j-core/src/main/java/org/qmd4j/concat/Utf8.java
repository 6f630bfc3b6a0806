package org.qmd4j.concat;

/** UTF-8 sizes of text without encoding it. */
final class Utf8 {
  private Utf8() {}

  /** The number of bytes {@code s} takes in UTF-8 (an unpaired surrogate counts as 3). */
  static int length(CharSequence s) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        n += 1;
      } else if (c < 0x800) {
        n += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        n += 4;
        i++;
      } else {
        n += 3;
      }
    }
    return n;
  }

  /**
   * The longest prefix of {@code s} that takes at most {@code maxBytes} in UTF-8, never
   * splitting a surrogate pair.
   */
  static String prefix(String s, int maxBytes) {
    int n = 0;
    int i = 0;
    while (i < s.length()) {
      int cp = s.codePointAt(i);
      int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      if (n + size > maxBytes) break;
      n += size;
      i += Character.charCount(cp);
    }
    return s.substring(0, i);
  }
}
