package org.qmd4j.web;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The frontmatter at the top of a note, as the page shows it: its lines as fields, a YAML
 * list ({@code [a, b]}, or {@code - a} lines under its key) as a list, and the {@code tags:}
 * (or {@code tag:}) values as tags, read as Obsidian reads them ({@code tags: a, b} and
 * {@code tags: a b} too, a leading {@code #} allowed).
 */
final class Frontmatter {
  private static final Pattern TAG_VALUE = Pattern.compile("[^\\s,\\[\\]\"']+");
  private static final Pattern ITEM = Pattern.compile("^\\s*-\\s+(.*)$");

  private Frontmatter() {}

  /**
   * Where the frontmatter of {@code text} ends: the index of the line break before its
   * closing {@code ---}; -1 when the text does not start with one.
   */
  static int end(String text) {
    if (!text.startsWith("---\n")) return -1;
    int end = text.indexOf("\n---", 3);
    if (end < 4) return -1;
    return text.length() == end + 4 || text.charAt(end + 4) == '\n' ? end : -1;
  }

  /** The lines of {@code yaml}: {@code key: value}, or a line continuing the one above. */
  static List<SearchPage.Field> fields(String yaml) {
    List<SearchPage.Field> out = new ArrayList<>();
    String[] lines = yaml.split("\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      int colon = line.indexOf(':');
      if (colon > 0 && !line.startsWith(" ") && !line.startsWith("-")) {
        String key = line.substring(0, colon).strip();
        String value = line.substring(colon + 1).strip();
        boolean tags = key.equals("tags") || key.equals("tag");
        List<String> items = new ArrayList<>();
        if (value.isEmpty()) {
          // A block list: the "- item" lines under the key.
          while (i + 1 < lines.length && ITEM.matcher(lines[i + 1]).matches()) {
            Matcher m = ITEM.matcher(lines[++i]);
            m.matches();
            items.add(unquoted(m.group(1).strip()));
          }
        } else if (value.startsWith("[") && value.endsWith("]")) {
          for (String item : value.substring(1, value.length() - 1).split(",")) {
            if (!item.isBlank()) items.add(unquoted(item.strip()));
          }
        } else if (tags) {
          items.add(value);
        }
        if (tags) items = tagNames(items);
        out.add(new SearchPage.Field(key, items.isEmpty() ? value : "", items,
            tags && !items.isEmpty()));
      } else if (!line.isBlank()) {
        out.add(new SearchPage.Field(null, line.strip(), List.of(), false));
      }
    }
    return out;
  }

  /** The tags written in {@code values}: split on commas and blanks, without their {@code #}. */
  private static List<String> tagNames(List<String> values) {
    List<String> out = new ArrayList<>();
    for (String value : values) {
      Matcher m = TAG_VALUE.matcher(value);
      while (m.find()) {
        String tag = m.group().startsWith("#") ? m.group().substring(1) : m.group();
        if (!tag.isEmpty() && !out.contains(tag)) out.add(tag);
      }
    }
    return out;
  }

  private static String unquoted(String s) {
    if (s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"")
        || s.startsWith("'") && s.endsWith("'"))) {
      return s.substring(1, s.length() - 1);
    }
    return s;
  }
}
