package org.qmd4j.vault;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rules of a {@code .qmd4jignore} file, with the semantics of a {@code .gitignore} at the
 * vault's root: comments ({@code #}), negation ({@code !}), {@code *}, {@code ?}, character
 * classes, {@code **} (leading, trailing and between slashes), a trailing {@code /} for
 * folders only, and patterns anchored to the root when they hold a {@code /} before their
 * end. The last matching rule wins, and a file inside an ignored folder stays ignored
 * whatever a later rule says (git cannot re-include it either). Immutable.
 */
final class IgnoreRules {
  /** No rule: nothing is ignored. */
  static final IgnoreRules NONE = new IgnoreRules(List.of());

  private record Rule(String source, Pattern pattern, boolean negated, boolean folderOnly) {}

  private final List<Rule> rules;

  private IgnoreRules(List<Rule> rules) {
    this.rules = List.copyOf(rules);
  }

  /** Parses the text of an ignore file; lines that hold no pattern are skipped. */
  static IgnoreRules parse(String text) {
    List<Rule> rules = new ArrayList<>();
    for (String raw : text.split("\r?\n", -1)) {
      String line = raw.startsWith("\uFEFF") ? raw.substring(1) : raw;
      line = stripTrailingSpaces(line);
      if (line.isEmpty() || line.startsWith("#")) continue;
      boolean negated = false;
      if (line.startsWith("!")) {
        negated = true;
        line = line.substring(1);
      } else if (line.startsWith("\\!") || line.startsWith("\\#")) {
        line = line.substring(1);
      }
      boolean folderOnly = false;
      if (line.endsWith("/") && !line.endsWith("\\/")) {
        folderOnly = true;
        line = line.substring(0, line.length() - 1);
      }
      if (line.isEmpty() || line.equals("/")) continue;
      boolean anchored = line.indexOf('/') >= 0;
      if (line.startsWith("/")) line = line.substring(1);
      rules.add(new Rule(raw, Pattern.compile(toRegex(line, anchored)), negated, folderOnly));
    }
    return new IgnoreRules(rules);
  }

  /** How many rules there are. */
  int size() {
    return rules.size();
  }

  /**
   * Whether a vault-relative path ({@code /} separators) is ignored: it, or a folder above it,
   * matches a rule last and that rule is not a negation.
   *
   * @param directory whether the path is a folder (rules ending in {@code /} need one)
   */
  boolean ignores(String path, boolean directory) {
    if (rules.isEmpty()) return false;
    for (int i = path.indexOf('/'); i > 0; i = path.indexOf('/', i + 1)) {
      if (matchesLast(path.substring(0, i), true)) return true;
    }
    return matchesLast(path, directory);
  }

  private boolean matchesLast(String path, boolean directory) {
    for (int i = rules.size() - 1; i >= 0; i--) {
      Rule r = rules.get(i);
      if (r.folderOnly && !directory) continue;
      if (r.pattern.matcher(path).matches()) return !r.negated;
    }
    return false;
  }

  /** Trailing spaces are dropped unless escaped with a backslash. */
  private static String stripTrailingSpaces(String line) {
    int end = line.length();
    while (end > 0 && line.charAt(end - 1) == ' '
        && !(end >= 2 && line.charAt(end - 2) == '\\')) {
      end--;
    }
    return line.substring(0, end);
  }

  /** The pattern as a regular expression over a whole vault-relative path. */
  static String toRegex(String glob, boolean anchored) {
    StringBuilder re = new StringBuilder(anchored ? "" : "(?:.*/)?");
    int n = glob.length();
    int i = 0;
    if (glob.startsWith("**/")) {
      re.append("(?:.*/)?");
      i = 3;
    }
    while (i < n) {
      char c = glob.charAt(i);
      if (c == '*') {
        int stars = 1;
        while (i + stars < n && glob.charAt(i + stars) == '*') stars++;
        boolean wholeSegment = stars >= 2 && (i == 0 || glob.charAt(i - 1) == '/');
        if (wholeSegment && i + stars == n) {
          re.append(".*"); // "a/**": everything inside a
        } else if (wholeSegment && glob.charAt(i + stars) == '/') {
          re.append("(?:.*/)?"); // "a/**/b": zero or more folders
          stars++;
        } else {
          re.append("[^/]*");
        }
        i += stars;
      } else if (c == '?') {
        re.append("[^/]");
        i++;
      } else if (c == '[') {
        int close = classEnd(glob, i);
        if (close < 0) {
          re.append("\\[");
          i++;
        } else {
          re.append(characterClass(glob.substring(i + 1, close)));
          i = close + 1;
        }
      } else if (c == '\\' && i + 1 < n) {
        re.append(Pattern.quote(String.valueOf(glob.charAt(i + 1))));
        i += 2;
      } else {
        re.append(Pattern.quote(String.valueOf(c)));
        i++;
      }
    }
    return re.toString();
  }

  /** The index of the {@code ]} closing the class opened at {@code open}, or -1. */
  private static int classEnd(String glob, int open) {
    int j = open + 1;
    if (j < glob.length() && (glob.charAt(j) == '!' || glob.charAt(j) == '^')) j++;
    if (j < glob.length() && glob.charAt(j) == ']') j++; // "[]]" holds a ']'
    for (; j < glob.length(); j++) {
      char c = glob.charAt(j);
      if (c == '\\') {
        j++;
      } else if (c == ']') {
        return j;
      } else if (c == '/') {
        return -1;
      }
    }
    return -1;
  }

  private static String characterClass(String body) {
    StringBuilder sb = new StringBuilder("[");
    int j = 0;
    if (!body.isEmpty() && (body.charAt(0) == '!' || body.charAt(0) == '^')) {
      sb.append('^');
      j = 1;
    }
    for (; j < body.length(); j++) {
      char c = body.charAt(j);
      if (c == '\\' && j + 1 < body.length()) {
        c = body.charAt(++j);
        if (Character.isLetterOrDigit(c)) {
          sb.append(c);
        } else {
          sb.append('\\').append(c);
        }
      } else if (c == '-') {
        sb.append('-');
      } else if (Character.isLetterOrDigit(c)) {
        sb.append(c);
      } else {
        sb.append('\\').append(c);
      }
    }
    // A negated class never matches the separator, as in git.
    if (sb.length() > 1 && sb.charAt(1) == '^') sb.append('/');
    return sb.append(']').toString();
  }

  @Override
  public String toString() {
    List<String> sources = new ArrayList<>();
    for (Rule r : rules) sources.add(r.source);
    return "IgnoreRules" + sources;
  }
}
