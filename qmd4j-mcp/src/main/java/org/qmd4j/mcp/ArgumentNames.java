package org.qmd4j.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.qmd4j.ErrorMessages;

/**
 * The argument names each tool takes, read from the {@code properties} of its input schema
 * ({@code <tool>.schema.json}, which also says {@code "additionalProperties": false}), so the
 * schema stays the one list. A name the tool does not know is refused, naming the nearest
 * valid one and all of them: a misspelt filter must not widen the answer silently, and a
 * misspelt date must not be read as "no date". Thread-safe.
 */
final class ArgumentNames {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, List<String>> NAMES = new ConcurrentHashMap<>();

  private ArgumentNames() {}

  /** The argument names of {@code tool}, sorted. */
  static List<String> of(String tool) {
    return NAMES.computeIfAbsent(tool, ArgumentNames::read);
  }

  /**
   * Throws when {@code args} holds a name {@code tool} does not take.
   *
   * @param args the arguments (may be {@code null}: none given)
   * @throws IllegalArgumentException naming the unknown argument, the nearest valid one and
   *     the valid ones
   */
  static void check(String tool, Map<String, Object> args) {
    if (args != null) check(tool, args.keySet(), "argument", tool);
  }

  /**
   * Throws when {@code given} holds a name {@code tool} does not take, calling the names
   * {@code noun}s ("argument", "parameter") of {@code where} ("search", "/api/search").
   */
  static void check(String tool, Collection<String> given, String noun, String where) {
    List<String> valid = of(tool);
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

  private static List<String> read(String tool) {
    String resource = tool + ".schema.json";
    try (InputStream in = ArgumentNames.class.getResourceAsStream(resource)) {
      if (in == null) throw new AssertionError("Missing resource " + resource);
      JsonNode properties = JSON.readTree(in).path("properties");
      TreeSet<String> names = new TreeSet<>();
      for (Iterator<String> it = properties.fieldNames(); it.hasNext(); ) names.add(it.next());
      return List.copyOf(new ArrayList<>(names));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the bundled resource " + resource, e);
    }
  }
}
