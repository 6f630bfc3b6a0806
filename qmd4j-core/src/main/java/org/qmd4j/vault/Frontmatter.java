package org.qmd4j.vault;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.qmd4j.search.DateSpec;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.representer.Representer;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * The YAML block between {@code ---} lines at the top of a note.
 *
 * <p>A malformed block never fails: its fields are empty, {@link #malformed()} is true and
 * the file is still indexed as text. Dates stay strings in {@link #fields()} (YAML
 * timestamps are not resolved) and are read by {@link #date}.
 *
 * @param fields the top-level keys in file order; values are strings, numbers, booleans,
 *     lists, maps or {@code null} as YAML gives them
 * @param endLine the 1-based line of the closing delimiter, or 0 when there is no block
 * @param malformed whether a block was present but could not be read as a YAML mapping
 */
public record Frontmatter(Map<String, Object> fields, int endLine, boolean malformed) {
  /** No frontmatter. */
  public static final Frontmatter NONE = new Frontmatter(Map.of(), 0, false);

  public Frontmatter {
    fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }

  /** Whether the file starts with a frontmatter block (well-formed or not). */
  public boolean present() {
    return endLine > 0;
  }

  /** Reads the block at the top of {@code note}, if any. */
  public static Frontmatter parse(NoteText note) {
    List<String> lines = note.lines();
    if (lines.isEmpty() || !lines.get(0).strip().equals("---")) return NONE;
    int end = -1;
    for (int i = 1; i < lines.size(); i++) {
      String l = lines.get(i).strip();
      if (l.equals("---") || l.equals("...")) {
        end = i;
        break;
      }
    }
    if (end < 0) return NONE; // an opening rule with no closing one is just text
    String yaml = String.join("\n", lines.subList(1, end));
    try {
      Object loaded = YAML.get().load(yaml);
      if (loaded == null) return new Frontmatter(Map.of(), end + 1, false);
      if (!(loaded instanceof Map)) return new Frontmatter(Map.of(), end + 1, true);
      Map<String, Object> fields = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) loaded).entrySet()) {
        fields.put(String.valueOf(e.getKey()), e.getValue());
      }
      return new Frontmatter(fields, end + 1, false);
    } catch (YAMLException | IllegalArgumentException | ClassCastException e) {
      // SnakeYAML reports bad syntax as YAMLException, but a bad explicit tag (!!int abc,
      // !!binary %%, !!set on a scalar) escapes as one of the others: all mean "malformed".
      return new Frontmatter(Map.of(), end + 1, true);
    }
  }

  /** The value of {@code key} as text, if present and a scalar. */
  public Optional<String> string(String key) {
    java.util.Objects.requireNonNull(key, "key == null");
    Object v = fields.get(key);
    if (v == null || v instanceof Map || v instanceof Collection) return Optional.empty();
    return Optional.of(String.valueOf(v));
  }

  /** The value of {@code key} as a list of strings: a YAML list, or one scalar. */
  public List<String> strings(String key) {
    java.util.Objects.requireNonNull(key, "key == null");
    Object v = fields.get(key);
    if (v == null) return List.of();
    if (v instanceof Collection) {
      List<String> out = new ArrayList<>();
      for (Object o : (Collection<?>) v) {
        if (o != null) out.add(String.valueOf(o));
      }
      return List.copyOf(out);
    }
    return List.of(String.valueOf(v));
  }

  /**
   * The value of {@code key} as a calendar date: an ISO date, quoted or not, optionally
   * followed by a time ({@code 2025-07-14T10:00}). Anything else ({@code soon}, a number, a
   * date that does not exist) is empty.
   */
  public Optional<LocalDate> date(String key) {
    return string(key).flatMap(Frontmatter::parseDate);
  }

  /**
   * Reads a calendar date as frontmatter writes it: an ISO date, optionally followed by a
   * time ({@code 2025-07-14T10:00}); anything else, and a date that does not exist, is empty.
   */
  public static Optional<LocalDate> parseDate(String value) {
    String v = value.strip();
    if (v.length() > 10 && (v.charAt(10) == 'T' || v.charAt(10) == ' ')) v = v.substring(0, 10);
    if (v.length() != 10) return Optional.empty();
    try {
      return Optional.of(LocalDate.parse(v, DateSpec.ISO_DATE));
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  // A Yaml instance is costly to build and not thread-safe: one per thread, reused.
  private static final ThreadLocal<Yaml> YAML = ThreadLocal.withInitial(Frontmatter::newYaml);

  private static Yaml newYaml() {
    LoaderOptions options = new LoaderOptions();
    options.setMaxAliasesForCollections(20);
    options.setCodePointLimit(1 << 20);
    options.setAllowDuplicateKeys(true);
    DumperOptions dumper = new DumperOptions();
    return new Yaml(new SafeConstructor(options), new Representer(dumper), dumper, options,
        new NoTimestampResolver());
  }

  /** YAML's implicit types without timestamps, so that dates stay as written. */
  private static final class NoTimestampResolver extends Resolver {
    @Override
    protected void addImplicitResolvers() {
      addImplicitResolver(Tag.BOOL, BOOL, "yYnNtTfFoO");
      addImplicitResolver(Tag.INT, INT, "-+0123456789");
      addImplicitResolver(Tag.FLOAT, FLOAT, "-+0123456789.");
      addImplicitResolver(Tag.MERGE, MERGE, "<");
      addImplicitResolver(Tag.NULL, NULL, "~nN\0");
      addImplicitResolver(Tag.NULL, EMPTY, null);
    }
  }
}
