package org.qmd4j.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.qmd4j.search.LineMatch;
import org.qmd4j.search.SearchResult;

/**
 * The {@code --vimgrep} output of {@code qmd4j search}: one {@code path:line:col:text} line
 * per matched line, best result first, as editors' quickfix lists and {@code grep -n
 * --column} read them. The path is the vault folder as given joined with the file's path, so
 * that it opens from where the command ran; {@code col} is the first match's 1-based column
 * in Unicode characters (code points, where {@code rg} counts bytes: the same on ASCII
 * lines). A result matched only through its title, path or headings gives its first line,
 * column 1.
 */
final class VimgrepPrinter {
  private final PrintWriter out;
  private final Path vault;

  VimgrepPrinter(PrintWriter out, Path vault) {
    this.out = out;
    this.vault = vault;
  }

  void print(Iterable<SearchResult> results) {
    for (SearchResult r : results) {
      String path = vault.resolve(r.path()).normalize().toString();
      String[] lines = r.chunk().split("\n", -1);
      int first = r.lines().from();
      if (r.matches().isEmpty()) {
        out.println(path + ":" + first + ":1:" + lines[0]);
        continue;
      }
      for (LineMatch m : r.matches()) {
        int index = m.line() - first;
        String text = index >= 0 && index < lines.length ? lines[index] : "";
        int start = Math.min(m.ranges().get(0).start(), text.length());
        out.println(path + ":" + m.line() + ":" + (text.codePointCount(0, start) + 1) + ":"
            + text);
      }
    }
  }
}
