package org.qmd4j.notes;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.qmd4j.search.LineRange;

/**
 * Builds the wire shape of a typed record (see {@link Note#toWire()}): keys in component
 * order, an absent optional as {@code null}, dates ISO, lines {@code "A-B"}, the score with
 * two decimals as search rows have it.
 */
final class Wire {
  private final Map<String, Object> row = new LinkedHashMap<>();

  Wire(String path, Optional<String> project, LineRange lines) {
    this(path, project.orElse(null), lines);
  }

  Wire(String path, String project, LineRange lines) {
    row.put("path", path);
    row.put("project", project);
    row.put("lines", lines.toString());
  }

  Wire put(String key, Object value) {
    row.put(key, value);
    return this;
  }

  Wire put(String key, Optional<?> value) {
    row.put(key, value.map(Wire::value).orElse(null));
    return this;
  }

  Map<String, Object> end(String text, double score) {
    row.put("text", text);
    row.put("score", BigDecimal.valueOf(score).setScale(2, RoundingMode.HALF_UP));
    return row;
  }

  private static Object value(Object v) {
    return v instanceof LocalDate ? v.toString() : v;
  }
}
