package org.qmd4j.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.qmd4j.concat.ConcatItem;
import org.qmd4j.find.Condition;
import org.qmd4j.find.FindRequest;

/**
 * The JSON bodies of {@code POST /api/concat} and {@code POST /api/find}, read with the names
 * and rules of the MCP tools {@code concat} and {@code find_notes}. A bad value throws
 * {@link IllegalArgumentException} (or the library's {@code InvalidRequestException}).
 */
final class Arguments {
  private Arguments() {}

  /** {@code items}: paths ({@code "a.md"}, {@code "a.md:10-20"}) or {@code {path, from, to}}. */
  static List<ConcatItem> items(Map<String, Object> args) {
    Object raw = args.get("items");
    if (!(raw instanceof List) || ((List<?>) raw).isEmpty()) {
      throw new IllegalArgumentException("Argument 'items' must be a non-empty list of "
          + "paths ('projects/x/state.md', 'projects/x/changelog.md:10-20') or "
          + "{path, from, to} objects");
    }
    List<ConcatItem> items = new ArrayList<>();
    for (Object item : (List<?>) raw) items.add(item(item));
    return items;
  }

  private static ConcatItem item(Object item) {
    if (item instanceof String) return ConcatItem.parse((String) item);
    if (item instanceof Map) {
      @SuppressWarnings("unchecked")
      Map<String, Object> m = (Map<String, Object>) item;
      String path = required(m, "path");
      Integer from = optionalInt(m, "from");
      Integer to = optionalInt(m, "to");
      if (from == null && to == null) return ConcatItem.whole(path);
      if (from == null || to == null) {
        throw new IllegalArgumentException("Item " + path + " needs both 'from' and 'to' "
            + "(1-based, inclusive), or neither for the whole file");
      }
      return ConcatItem.lines(path, from, to);
    }
    throw new IllegalArgumentException("Each item must be a path string or a {path, from, to} "
        + "object but was " + item);
  }

  /** The {@code find_notes} arguments as a request. */
  static FindRequest find(Map<String, Object> args) {
    FindRequest.Builder b = FindRequest.newBuilder();
    String query = string(args, "query");
    if (query != null) b.query(query);
    String mode = string(args, "mode");
    if (mode != null) b.mode(mode);
    String folder = string(args, "folder");
    if (folder != null) b.folder(folder);
    Object recursive = args.get("recursive");
    if (recursive != null) {
      if (!(recursive instanceof Boolean)) {
        throw new IllegalArgumentException("Argument 'recursive' must be true or false but was "
            + recursive);
      }
      b.recursive((Boolean) recursive);
    }
    for (Condition c : conditions(args.get("frontmatter"))) b.where(c);
    String dateStart = string(args, "date_start");
    if (dateStart != null) b.dateStart(dateStart);
    String dateEnd = string(args, "date_end");
    if (dateEnd != null) b.dateEnd(dateEnd);
    String dateType = string(args, "date_type");
    if (dateType != null) b.dateType(dateType);
    String sort = string(args, "sort");
    if (sort != null) b.sort(sort);
    Object fields = args.get("include_fields");
    if (fields != null) b.includeFields(strings(fields, "include_fields"));
    Integer limit = optionalInt(args, "n_results");
    b.limit(limit == null ? FindRequest.DEFAULT_LIMIT : limit);
    Integer offset = optionalInt(args, "offset");
    b.offset(offset == null ? 0 : offset);
    return b.build();
  }

  private static List<Condition> conditions(Object raw) {
    List<Condition> out = new ArrayList<>();
    if (raw == null) return out;
    if (!(raw instanceof List)) {
      throw new IllegalArgumentException("Argument 'frontmatter' must be a list of conditions "
          + "such as \"status eq en-cours\" or {field, op, value}");
    }
    for (Object item : (List<?>) raw) {
      if (item instanceof String) {
        out.add(Condition.parse((String) item));
      } else if (item instanceof Map) {
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) item;
        String field = string(m, "field");
        String op = string(m, "op");
        if (field == null || op == null) {
          throw new IllegalArgumentException("A frontmatter condition needs 'field' and 'op'"
              + " (and 'value' except for exists/missing): " + item);
        }
        Object value = m.get("value");
        out.add(Condition.parse(field + " " + op
            + (value == null ? "" : " " + (value instanceof List
                ? String.join(",", strings(value, "value")) : value))));
      } else {
        throw new IllegalArgumentException("A frontmatter condition must be a string or an "
            + "object but was " + item);
      }
    }
    return out;
  }

  static String string(Map<String, Object> args, String name) {
    Object v = args.get(name);
    if (v == null) return null;
    if (!(v instanceof String)) {
      throw new IllegalArgumentException("Argument '" + name + "' must be a string but was " + v);
    }
    return (String) v;
  }

  private static String required(Map<String, Object> args, String name) {
    String v = string(args, name);
    if (v == null || v.isBlank()) {
      throw new IllegalArgumentException("Argument '" + name + "' is required");
    }
    return v;
  }

  private static Integer optionalInt(Map<String, Object> args, String name) {
    Object v = args.get(name);
    if (v == null) return null;
    if (v instanceof Number
        && ((Number) v).doubleValue() == Math.rint(((Number) v).doubleValue())) {
      return ((Number) v).intValue();
    }
    throw new IllegalArgumentException("Argument '" + name + "' must be an integer but was " + v);
  }

  private static List<String> strings(Object raw, String name) {
    if (!(raw instanceof List)) {
      throw new IllegalArgumentException("Argument '" + name + "' must be a list of strings");
    }
    List<String> out = new ArrayList<>();
    for (Object o : (List<?>) raw) out.add(String.valueOf(o));
    return out;
  }
}
