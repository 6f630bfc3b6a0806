package org.qmd4j.spi;

import java.util.List;

/**
 * Expert: the words an engine has indexed, which the search uses to correct a query word that
 * matches nothing ({@code idempotance} searched as {@code idempotence}) and to suggest other
 * queries when nothing matched. Words are folded as qmd4j's analysis folds them (lower case,
 * accents removed, unstemmed). Implementations are thread-safe.
 *
 * @since 0.3
 */
public interface Vocabulary {
  /**
   * Whether some indexed chunk holds {@code word} (folded) in any form the search matches: the
   * word itself, its stem, or a longer word it begins (for words of 3 letters or more).
   */
  boolean holds(String word);

  /**
   * At most {@code max} indexed words within {@code maxEdits} (1 or 2) edits of {@code word}
   * (folded), nearest first, then most frequent first; never {@code word} itself.
   */
  List<String> nearest(String word, int maxEdits, int max);

  /**
   * How many indexed chunks hold {@code word} (folded, unstemmed) as it is; -1 when the engine
   * cannot count. The search uses it to offer a vault word that is far more frequent than a
   * rare query word it is near ({@code tresorie} beside {@code trésorerie}); the default
   * cannot count, so that an engine without counts never has its answers widened.
   *
   * @since 0.9
   */
  default int frequency(String word) {
    return -1;
  }
}
