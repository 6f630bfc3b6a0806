package org.qmd4j;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.qmd4j.concat.Block;
import org.qmd4j.concat.VaultTree;
import org.qmd4j.concat.WikiLink;

/**
 * A note that links to another with an Obsidian wiki link ({@code [[Note Name]]}), resolved
 * as {@link WikiLink#resolve} says: the notes that name a note are its backlinks.
 *
 * <pre>{@code
 * for (Backlink b : Backlink.to(searcher, "projects/startup-x/state.md")) {
 *   System.out.println(b.title() + " (" + b.path() + ")");
 * }
 * }</pre>
 *
 * @param path the linking note's vault path
 * @param title the linking note's title: its first {@code # heading}, else its frontmatter's
 *     {@code title:}, else its file name without {@code .md}
 * @since 0.5
 */
public record Backlink(String path, String title) {
  public Backlink {
    Objects.requireNonNull(path, "path == null");
    Objects.requireNonNull(title, "title == null");
  }

  /**
   * The notes of {@code searcher}'s vault whose wiki links name the file at {@code path}, by
   * path; a link in code, or a note's link to itself, does not count. Reads every markdown
   * file of the vault, so its cost grows with the vault. Thread-safe as the searcher is.
   *
   * @param path a vault-relative path, as {@link Searcher#read} takes it (a line range is
   *     ignored)
   * @throws org.qmd4j.search.SearchException as {@link Searcher#read} does for {@code path}
   *     (no such file, a path leaving the vault), or for a note that cannot be read
   */
  public static List<Backlink> to(Searcher searcher, String path) {
    Objects.requireNonNull(searcher, "searcher == null");
    Objects.requireNonNull(path, "path == null");
    String target = searcher.read(path).path();
    List<String> paths = new ArrayList<>();
    for (VaultTree.Entry e : searcher.tree().files()) paths.add(e.path());
    List<Backlink> out = new ArrayList<>();
    for (String p : paths) {
      if (p.equals(target) || !p.toLowerCase(Locale.ROOT).endsWith(".md")) continue;
      Block note = searcher.read(p);
      for (WikiLink link : WikiLink.findAll(note.text())) {
        if (!link.target().isEmpty()
            && link.resolve(p, paths).filter(target::equals).isPresent()) {
          out.add(new Backlink(p, title(p, note.text())));
          break;
        }
      }
    }
    return List.copyOf(out);
  }

  /** The first {@code # heading}, else the frontmatter's title, else the file's name. */
  static String title(String path, String text) {
    String frontmatterTitle = null;
    boolean inFrontmatter = text.startsWith("---\n");
    String[] lines = text.split("\n");
    for (int i = inFrontmatter ? 1 : 0; i < lines.length; i++) {
      String line = lines[i];
      if (inFrontmatter) {
        if (line.strip().equals("---")) {
          inFrontmatter = false;
        } else if (line.startsWith("title:")) {
          frontmatterTitle = unquoted(line.substring("title:".length()).strip());
        }
      } else if (line.startsWith("# ") && !line.substring(2).isBlank()) {
        return line.substring(2).strip();
      }
    }
    if (frontmatterTitle != null && !frontmatterTitle.isEmpty()) return frontmatterTitle;
    String name = path.substring(path.lastIndexOf('/') + 1);
    return name.toLowerCase(Locale.ROOT).endsWith(".md")
        ? name.substring(0, name.length() - 3) : name;
  }

  private static String unquoted(String s) {
    if (s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"")
        || s.startsWith("'") && s.endsWith("'"))) {
      return s.substring(1, s.length() - 1);
    }
    return s;
  }
}
