package org.qmd4j.analysis;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Obsidian tags: {@code #tag} in a note's text and the {@code tags:} key of its frontmatter,
 * read the way Obsidian reads them, and the {@code #tag} words of a query.
 *
 * <table>
 *   <caption>What is a tag</caption>
 *   <tr><th>written</th><th>tag</th></tr>
 *   <tr><td>{@code #projet}, {@code #Projet}, {@code #projét}</td><td>{@code projet}</td></tr>
 *   <tr><td>{@code #projet/client}</td><td>{@code projet/client}, child of {@code projet}</td></tr>
 *   <tr><td>{@code tags: [projet, client]}, {@code tags: projet client},
 *       {@code tags:} then {@code - projet/client} lines (frontmatter; {@code tag:} too,
 *       a leading {@code #} allowed)</td><td>each value</td></tr>
 *   <tr><td>{@code # Titre}, {@code page#anchor}, {@code [[Note#Heading]]}, {@code #123},
 *       {@code #} inside {@code `code`} or a fenced block</td><td>none</td></tr>
 * </table>
 *
 * <p>A tag starts after whitespace or at a line start, holds letters, digits, {@code _},
 * {@code -} and {@code /}, and at least one character that is not a digit (Obsidian's rule).
 * Tags are folded like words (NFKC, lower case, accents removed), never stemmed. Stateless.
 */
public final class Hashtags {
  private Hashtags() {}

  /** A tag written in a text: its folded name, and where it is (the {@code #} included). */
  public record Occurrence(String tag, int start, int end) {}

  private static final Pattern INLINE =
      Pattern.compile("(?<![^\\s])#([\\p{L}\\p{M}\\p{N}_/\\-]+)");
  private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})");
  private static final Pattern TAGS_KEY = Pattern.compile("^(tags?)\\s*:(.*)$");
  private static final Pattern LIST_ITEM = Pattern.compile("^\\s*-\\s+(.*)$");
  private static final Pattern VALUE = Pattern.compile("[^\\s,\\[\\]\"']+");

  /**
   * The tags written in {@code text} (a chunk, a file, a line), in order, with their offsets
   * in {@code text} as written. Frontmatter is read only when {@code text} starts with it.
   */
  public static List<Occurrence> find(String text) {
    List<Occurrence> out = new ArrayList<>();
    // Most chunks hold neither a '#' nor frontmatter: no split, no pattern (6% of
    // a first index).
    if (text.indexOf('#') < 0 && !startsWithFence(text)) return out;
    String[] lines = text.split("\n", -1);
    int offset = 0;
    int i = 0;
    if (lines.length > 1 && isFence(lines[0], "---")) {
      int close = frontmatterEnd(lines);
      if (close > 0) {
        offset = lines[0].length() + 1;
        for (i = 1; i < close; i++) {
          i = frontmatterKey(lines, i, close, offset, out);
          offset = offsetOf(lines, i + 1);
        }
        offset += lines[close].length() + 1;
        i = close + 1;
      }
    }
    String fence = null;
    for (; i < lines.length; i++) {
      String line = lines[i];
      Matcher f = FENCE.matcher(line);
      if (fence == null && f.find()) {
        fence = f.group(1);
      } else if (fence != null) {
        if (f.find() && f.group(1).charAt(0) == fence.charAt(0)
            && f.group(1).length() >= fence.length() && line.strip().equals(f.group(1))) {
          fence = null;
        }
      } else if (line.indexOf('#') >= 0) {
        inline(withoutCodeSpans(line), offset, out);
      }
      offset += line.length() + 1;
    }
    return out;
  }

  private static int offsetOf(String[] lines, int index) {
    int offset = 0;
    for (int k = 0; k < index; k++) offset += lines[k].length() + 1;
    return offset;
  }

  /** Whether the first of two or more lines is a {@code ---} fence. */
  private static boolean startsWithFence(String text) {
    int newline = text.indexOf('\n');
    return newline >= 0 && isFence(text.substring(0, newline), "---");
  }

  private static boolean isFence(String line, String fence) {
    return line.strip().equals(fence) || line.equals("\uFEFF" + fence);
  }

  private static int frontmatterEnd(String[] lines) {
    for (int k = 1; k < lines.length; k++) {
      String l = lines[k].strip();
      if (l.equals("---") || l.equals("...")) return k;
    }
    return -1;
  }

  /**
   * Reads the frontmatter line {@code i}: when it is a {@code tags:} key, its values (inline
   * or as the list lines under it). Returns the last line read.
   */
  private static int frontmatterKey(String[] lines, int i, int close, int offset,
      List<Occurrence> out) {
    Matcher key = TAGS_KEY.matcher(lines[i]);
    if (!key.matches()) return i;
    values(key.group(2), offset + key.start(2), out);
    int last = i;
    int at = offset + lines[i].length() + 1;
    for (int k = i + 1; k < close; k++) {
      Matcher item = LIST_ITEM.matcher(lines[k]);
      if (!item.matches()) break;
      values(item.group(1), at + item.start(1), out);
      at += lines[k].length() + 1;
      last = k;
    }
    return last;
  }

  private static void values(String text, int offset, List<Occurrence> out) {
    Matcher v = VALUE.matcher(text);
    while (v.find()) {
      String value = v.group();
      int start = v.start();
      if (value.startsWith("#")) value = value.substring(1);
      String tag = fold(value);
      if (isTag(tag)) out.add(new Occurrence(tag, offset + start, offset + v.end()));
    }
  }

  private static void inline(String line, int offset, List<Occurrence> out) {
    Matcher m = INLINE.matcher(line);
    while (m.find()) {
      String tag = fold(m.group(1));
      if (!isTag(tag)) continue;
      int end = m.start(1) + trimmedLength(m.group(1));
      out.add(new Occurrence(tag, offset + m.start(), offset + end));
    }
  }

  private static int trimmedLength(String raw) {
    int n = raw.length();
    while (n > 0 && raw.charAt(n - 1) == '/') n--;
    return n;
  }

  /** {@code line} with its code spans blanked (same length): a {@code #} there is code. */
  private static String withoutCodeSpans(String line) {
    if (line.indexOf('`') < 0) return line;
    char[] chars = line.toCharArray();
    int i = 0;
    while (i < chars.length) {
      if (chars[i] != '`') {
        i++;
        continue;
      }
      int run = 0;
      while (i + run < chars.length && chars[i + run] == '`') run++;
      int close = line.indexOf("`".repeat(run), i + run);
      while (close >= 0 && close + run < chars.length && chars[close + run] == '`') {
        close = line.indexOf("`".repeat(run), close + run + 1);
      }
      if (close < 0) {
        i += run;
        continue;
      }
      for (int k = i; k < close + run; k++) chars[k] = ' ';
      i = close + run;
    }
    return new String(chars);
  }

  /**
   * The tags a text carries, each with its parents ({@code projet/client} gives {@code
   * projet} and {@code projet/client}), as the index stores them.
   */
  public static Set<String> carried(String text) {
    Set<String> out = new LinkedHashSet<>();
    for (Occurrence o : find(text)) withParents(o.tag(), out);
    return out;
  }

  /** {@code tag} and its parents, added to {@code out}. */
  public static void withParents(String tag, Collection<String> out) {
    int slash = tag.indexOf('/');
    while (slash > 0) {
      out.add(tag.substring(0, slash));
      slash = tag.indexOf('/', slash + 1);
    }
    out.add(tag);
  }

  /** Whether a text tag ({@code projet/client}) answers a query tag ({@code projet}). */
  public static boolean answers(String tag, String queryTag) {
    return tag.equals(queryTag)
        || (tag.startsWith(queryTag) && tag.charAt(queryTag.length()) == '/');
  }

  /** The tags of a query: its whitespace-separated words that are {@code #tag}, folded. */
  public static List<String> inQuery(String query) {
    List<String> out = new ArrayList<>();
    for (Occurrence o : queryTags(query)) {
      if (!out.contains(o.tag())) out.add(o.tag());
    }
    return out;
  }

  /** {@code query} with its {@code #tag} words removed: the words searched as words. */
  public static String withoutTags(String query) {
    StringBuilder sb = new StringBuilder(query);
    List<Occurrence> tags = queryTags(query);
    for (int k = tags.size() - 1; k >= 0; k--) {
      Occurrence o = tags.get(k);
      sb.replace(o.start(), o.end(), " ");
    }
    return sb.toString();
  }

  /** The {@code #tag} words of a query, with their offsets in {@code query}. */
  public static List<Occurrence> queryTags(String query) {
    List<Occurrence> out = new ArrayList<>();
    inline(query, 0, out);
    return out;
  }

  /** Folds a tag like a word: NFKC, lower case, accents removed; no trailing slash. */
  public static String fold(String raw) {
    String lower = Normalizer.normalize(raw, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
    char[] chars = lower.toCharArray();
    char[] folded = new char[chars.length * 4];
    int len = FoldingFilterFactory.fold(chars, chars.length, folded); // Lucene's folding
    String tag = new String(folded, 0, len);
    int n = tag.length();
    while (n > 0 && tag.charAt(n - 1) == '/') n--;
    return tag.substring(0, n);
  }

  /** Obsidian's rule: not empty, not only digits, no empty level. */
  private static boolean isTag(String tag) {
    if (tag.isEmpty() || tag.startsWith("/") || tag.contains("//")) return false;
    for (int k = 0; k < tag.length(); k++) {
      if (!Character.isDigit(tag.charAt(k))) return true;
    }
    return false;
  }
}
