package org.qmd4j.notes;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Checks shared by the typed records. */
final class Scores {
  private Scores() {}

  static void check(double score) {
    if (!(score >= 0.0 && score <= 1.0)) {
      throw new IllegalArgumentException("Expected a score in [0, 1] but was " + score);
    }
  }

  static Map<String, String> orderedCopy(Map<String, String> map) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : map.entrySet()) {
      out.put(java.util.Objects.requireNonNull(e.getKey(), "key == null"),
          java.util.Objects.requireNonNull(e.getValue(), "value == null"));
    }
    return Collections.unmodifiableMap(out);
  }
}
