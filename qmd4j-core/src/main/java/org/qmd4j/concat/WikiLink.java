package org.qmd4j.concat;

import java.text.Normalizer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An Obsidian wiki link, and the vault file it names, resolved as Obsidian resolves it.
 *
 * <table>
 *   <caption>Written forms, as {@link #parse} reads them</caption>
 *   <tr><th>written</th><th>target</th><th>heading</th><th>alias</th></tr>
 *   <tr><td>{@code [[Note Name]]}</td><td>{@code Note Name}</td><td></td><td></td></tr>
 *   <tr><td>{@code [[folder/Note Name]]}</td><td>{@code folder/Note Name}</td><td></td>
 *       <td></td></tr>
 *   <tr><td>{@code [[Note Name|alias]]}</td><td>{@code Note Name}</td><td></td>
 *       <td>{@code alias}</td></tr>
 *   <tr><td>{@code [[Note Name#Heading|alias]]}</td><td>{@code Note Name}</td>
 *       <td>{@code Heading}</td><td>{@code alias}</td></tr>
 *   <tr><td>{@code ![[Note Name]]} (an embed)</td><td>{@code Note Name}</td><td></td>
 *       <td></td></tr>
 * </table>
 *
 * <p>Resolution ({@link #resolve}): {@code .md} is implied; the target is compared with the
 * end of every file's path, case-insensitively ({@code [[note name]]} names {@code
 * bucket/Note Name.md}, {@code [[bucket/Note Name]]} too); {@code ./} and {@code ../} are
 * relative to the linking note's folder. When several files match, the closest to the linking
 * note wins: the one sharing most leading folders with it, then the one with the shortest
 * path, then the first by path. No match: empty.
 *
 * @param target the file named, as written (without heading or alias); empty for a link to a
 *     heading of the linking note ({@code [[#Heading]]})
 * @param heading the heading after {@code #}, if any
 * @param alias the text after {@code |}, if any
 * @since 0.4
 */
public record WikiLink(String target, Optional<String> heading, Optional<String> alias) {
  private static final Pattern LINK = Pattern.compile("^!?\\[\\[([^\\[\\]]+)\\]\\]$");
  private static final Pattern IN_TEXT = Pattern.compile("!?\\[\\[([^\\[\\]\\n]+)\\]\\]");
  private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,})");
  private static final Pattern CODE_SPAN = Pattern.compile("(`+)[^`]*?\\1");

  public WikiLink {
    Objects.requireNonNull(target, "target == null");
    Objects.requireNonNull(heading, "heading == null");
    Objects.requireNonNull(alias, "alias == null");
  }

  /**
   * The link written as {@code text} ({@code [[...]]} or {@code ![[...]]}, surrounding
   * whitespace allowed), or empty when {@code text} is not one wiki link.
   */
  public static Optional<WikiLink> parse(String text) {
    Matcher m = LINK.matcher(Objects.requireNonNull(text, "text == null").strip());
    return m.matches() ? Optional.of(ofInner(m.group(1))) : Optional.empty();
  }

  /**
   * The wiki links written in {@code markdown}, a note's text, in order: the ones in a fenced
   * code block or a {@code `code span`} are code, not links.
   *
   * @since 0.5
   */
  public static List<WikiLink> findAll(String markdown) {
    Objects.requireNonNull(markdown, "markdown == null");
    List<WikiLink> out = new ArrayList<>();
    if (!markdown.contains("[[")) return out;
    String fence = null;
    for (String line : markdown.split("\n", -1)) {
      Matcher f = FENCE.matcher(line);
      if (fence == null && f.find()) {
        fence = f.group(1);
      } else if (fence != null) {
        if (f.find() && f.group(1).charAt(0) == fence.charAt(0)
            && f.group(1).length() >= fence.length() && line.strip().equals(f.group(1))) {
          fence = null;
        }
      } else if (line.contains("[[")) {
        Matcher m = IN_TEXT.matcher(CODE_SPAN.matcher(line).replaceAll(""));
        while (m.find()) out.add(ofInner(m.group(1)));
      }
    }
    return out;
  }

  /** The link whose text between the brackets is {@code inner} ({@code Note#Heading|alias}). */
  public static WikiLink ofInner(String inner) {
    Objects.requireNonNull(inner, "inner == null");
    String link = inner.replace("\\|", "|"); // in a table, the bar is escaped
    Optional<String> alias = Optional.empty();
    int bar = link.indexOf('|');
    if (bar >= 0) {
      alias = nonBlank(link.substring(bar + 1));
      link = link.substring(0, bar);
    }
    Optional<String> heading = Optional.empty();
    int hash = link.indexOf('#');
    if (hash >= 0) {
      heading = nonBlank(link.substring(hash + 1));
      link = link.substring(0, hash);
    }
    return new WikiLink(link.strip(), heading, alias);
  }

  private static Optional<String> nonBlank(String s) {
    return s.isBlank() ? Optional.empty() : Optional.of(s.strip());
  }

  /**
   * The vault path this link names, among {@code vaultPaths} (vault-relative, {@code /}
   * separators), seen from the note at {@code fromPath} ({@code ""} when there is none).
   */
  public Optional<String> resolve(String fromPath, Collection<String> vaultPaths) {
    Objects.requireNonNull(fromPath, "fromPath == null");
    Objects.requireNonNull(vaultPaths, "vaultPaths == null");
    if (target.isEmpty()) return fromPath.isEmpty() ? Optional.empty() : Optional.of(fromPath);
    String t = Normalizer.normalize(target.replace('\\', '/'), Normalizer.Form.NFC);
    if (t.startsWith("./") || t.startsWith("../")) {
      String relative = relative(folderOf(fromPath), t);
      if (relative == null) return Optional.empty();
      t = relative;
    } else if (t.startsWith("/")) {
      t = t.substring(1);
    }
    for (String wanted : List.of(t + ".md", t)) {
      Optional<String> found = closest(wanted, fromPath, vaultPaths);
      if (found.isPresent()) return found;
    }
    return Optional.empty();
  }

  private static Optional<String> closest(String wanted, String fromPath,
      Collection<String> vaultPaths) {
    String w = key(wanted);
    String from = folderOf(fromPath);
    return vaultPaths.stream()
        .filter(p -> {
          String k = key(p);
          return k.equals(w) || k.endsWith("/" + w);
        })
        .min(Comparator.comparingInt((String p) -> -sharedFolders(folderOf(p), from))
            .thenComparingInt(p -> p.split("/").length)
            .thenComparing(Comparator.naturalOrder()));
  }

  private static String key(String path) {
    return Normalizer.normalize(path, Normalizer.Form.NFC).toLowerCase(Locale.ROOT);
  }

  private static String folderOf(String path) {
    int slash = path.lastIndexOf('/');
    return slash < 0 ? "" : path.substring(0, slash);
  }

  private static int sharedFolders(String a, String b) {
    if (a.isEmpty() || b.isEmpty()) return 0;
    String[] x = a.split("/");
    String[] y = b.split("/");
    int n = 0;
    while (n < x.length && n < y.length && x[n].equals(y[n])) n++;
    return n;
  }

  /** {@code link} from {@code folder}, {@code ..} applied; null when it leaves the vault. */
  private static String relative(String folder, String link) {
    Deque<String> parts = new ArrayDeque<>();
    if (!folder.isEmpty()) {
      for (String p : folder.split("/")) parts.addLast(p);
    }
    for (String p : link.split("/")) {
      if (p.isEmpty() || p.equals(".")) continue;
      if (p.equals("..")) {
        if (parts.isEmpty()) return null;
        parts.removeLast();
      } else {
        parts.addLast(p);
      }
    }
    return parts.isEmpty() ? null : String.join("/", parts);
  }

  @Override
  public String toString() {
    return "[[" + target + heading.map(h -> "#" + h).orElse("")
        + alias.map(a -> "|" + a).orElse("") + "]]";
  }
}
