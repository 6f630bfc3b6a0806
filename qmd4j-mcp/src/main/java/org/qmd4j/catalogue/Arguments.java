package org.qmd4j.catalogue;

import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.qmd4j.ErrorMessages;
import org.qmd4j.search.Mode;
import org.qmd4j.search.SearchRequest;

/**
 * Reads JSON arguments ({@code Map<String, Object>} as the MCP SDK and Jackson give them) into
 * request records, with one set of rules for every front end: an unknown name is refused
 * naming the nearest valid one, strings must be strings, integers whole and in range (never
 * wrapped), booleans booleans. A bad argument throws {@link IllegalArgumentException} with a
 * message naming it and what is valid. Thread-safe (stateless).
 *
 * @since 0.6
 */
public final class Arguments {
  /** The longest query taken: a long paragraph; longer ones are refused, not truncated. */
  public static final int MAX_QUERY_CHARS = 10_000;

  private Arguments() {}

  /**
   * The optional string argument {@code name}.
   *
   * @param args the arguments (may be {@code null}: none given)
   * @param name the argument's name
   * @return its value, or {@code null} when absent
   * @throws IllegalArgumentException if it is not a string
   */
  public static String string(Map<String, Object> args, String name) {
    Object v = args == null ? null : args.get(name);
    if (v == null) return null;
    if (!(v instanceof String)) {
      throw new IllegalArgumentException("Argument '" + name + "' must be a string but was " + v);
    }
    return (String) v;
  }

  /**
   * The integer argument {@code name}, or {@code defaultValue} when absent.
   *
   * @throws IllegalArgumentException naming the argument and the valid range when the value is
   *     not a whole number from {@code min} to {@code max} (never wrapped to fit an int)
   */
  public static int integer(Map<String, Object> args, String name, int defaultValue, int min,
      int max) {
    Object v = args == null ? null : args.get(name);
    if (v == null) return defaultValue;
    BigDecimal n = v instanceof Number ? decimal((Number) v) : null;
    if (n == null || n.stripTrailingZeros().scale() > 0
        || n.compareTo(BigDecimal.valueOf(min)) < 0 || n.compareTo(BigDecimal.valueOf(max)) > 0) {
      throw new IllegalArgumentException("Argument '" + name + "' must be an integer from " + min
          + " to " + max + " but was " + v);
    }
    return n.intValueExact();
  }

  /**
   * {@code query} unchanged (may be {@code null}).
   *
   * @throws IllegalArgumentException if it is longer than {@link #MAX_QUERY_CHARS}
   */
  public static String query(String query) {
    if (query != null && query.length() > MAX_QUERY_CHARS) {
      throw new IllegalArgumentException("Argument 'query' is " + query.length()
          + " characters long; the limit is " + MAX_QUERY_CHARS + " characters: keep the words "
          + "that matter (names, identifiers, key terms)");
    }
    return query;
  }

  /**
   * The words of a typed listing: {@code query}, or {@code "*"} (every note, newest first)
   * when absent.
   *
   * @throws IllegalArgumentException if it is longer than {@link #MAX_QUERY_CHARS}
   */
  public static String words(String query) {
    String q = query(query);
    return q == null ? SearchRequest.WILDCARD : q;
  }

  /**
   * The mode of a typed listing, {@link Mode#FAST} when absent.
   *
   * @throws org.qmd4j.search.InvalidRequestException if it is neither fast nor deep
   */
  public static Mode mode(String mode) {
    return mode == null ? Mode.FAST : Mode.parse(mode);
  }

  /**
   * Throws when {@code given} holds a name not in {@code valid}, calling the names
   * {@code noun}s ("argument", "parameter") of {@code where} ("search", "/api/search").
   *
   * @throws IllegalArgumentException naming the unknown name, the nearest valid one and the
   *     valid ones
   */
  public static void requireKnown(Collection<String> given, List<String> valid, String noun,
      String where) {
    for (String name : given) {
      if (valid.contains(name)) continue;
      if (valid.isEmpty()) {
        throw new IllegalArgumentException("Unknown " + noun + " '" + name + "' for " + where
            + "; it takes no " + noun + "s");
      }
      List<String> near = ErrorMessages.nearest(name, valid, 1);
      throw new IllegalArgumentException("Unknown " + noun + " '" + name + "' for " + where
          + (near.isEmpty() ? "; valid " : "; did you mean '" + near.get(0) + "'? Valid ")
          + noun + "s are: " + String.join(", ", valid));
    }
  }

  /** The wire name of a record component: its name in snake case. */
  static String wireName(String javaName) {
    StringBuilder out = new StringBuilder();
    for (char c : javaName.toCharArray()) {
      if (Character.isUpperCase(c)) {
        out.append('_').append(Character.toLowerCase(c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * {@code args} read into a {@code type} record by its {@link Param} components (names
   * checked by the caller).
   */
  static <R extends Record> R read(Class<R> type, Map<String, Object> args) {
    RecordComponent[] components = type.getRecordComponents();
    Object[] values = new Object[components.length];
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      RecordComponent c = components[i];
      types[i] = c.getType();
      values[i] = value(c, param(type, c), args);
    }
    try {
      return type.getDeclaredConstructor(types).newInstance(values);
    } catch (java.lang.reflect.InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException) throw (RuntimeException) e.getCause();
      throw new AssertionError("The request record " + type.getSimpleName() + " failed", e);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("The request record " + type.getSimpleName()
          + " has no canonical constructor to call", e);
    }
  }

  static Param param(Class<?> type, RecordComponent c) {
    try {
      Field field = type.getDeclaredField(c.getName());
      Param p = field.getAnnotation(Param.class);
      if (p == null) {
        throw new AssertionError(type.getSimpleName() + "." + c.getName() + " has no @Param");
      }
      return p;
    } catch (NoSuchFieldException e) {
      throw new AssertionError("A record has a field per component", e);
    }
  }

  private static Object value(RecordComponent c, Param p, Map<String, Object> args) {
    String name = wireName(c.getName());
    Class<?> t = c.getType();
    if (t == String.class) {
      // A string's default is for the schema's readers: the record reads null as absent.
      return string(args, name);
    }
    if (t == int.class || t == Integer.class) {
      int min = (int) Math.max(Integer.MIN_VALUE, p.minimum());
      if (t == Integer.class && (args == null || args.get(name) == null)) return null;
      int fallback = p.defaultValue().isEmpty() ? 0 : Integer.parseInt(p.defaultValue());
      return integer(args, name, fallback, min, Integer.MAX_VALUE);
    }
    if (t == Boolean.class) {
      Object v = args == null ? null : args.get(name);
      if (v == null) return null;
      if (!(v instanceof Boolean)) {
        throw new IllegalArgumentException("Argument '" + name + "' must be true or false but "
            + "was " + v);
      }
      return v;
    }
    if (t == Object.class) return args == null ? null : args.get(name);
    throw new AssertionError("No reading for " + t + " of argument " + name);
  }

  private static BigDecimal decimal(Number n) {
    if (n instanceof Double || n instanceof Float) {
      double d = n.doubleValue();
      return Double.isFinite(d) ? new BigDecimal(d) : null;
    }
    try {
      return new BigDecimal(n.toString());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
