package org.qmd4j.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Deep, read-only copies of frontmatter values (YAML lists and maps are mutable). */
public final class Frozen {
  private Frozen() {}

  /**
   * A read-only copy of {@code fields} in the same order; nested lists and maps are copied
   * too. {@code null} values are kept (a YAML key without a value).
   */
  public static Map<String, Object> map(Map<String, ?> fields) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, ?> e : fields.entrySet()) out.put(e.getKey(), value(e.getValue()));
    return Collections.unmodifiableMap(out);
  }

  /** A read-only copy of one YAML value. */
  public static Object value(Object value) {
    if (value instanceof Map) {
      Map<String, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        out.put(String.valueOf(e.getKey()), value(e.getValue()));
      }
      return Collections.unmodifiableMap(out);
    }
    if (value instanceof Collection) {
      List<Object> out = new ArrayList<>();
      for (Object o : (Collection<?>) value) out.add(value(o));
      return Collections.unmodifiableList(out);
    }
    return value;
  }
}
