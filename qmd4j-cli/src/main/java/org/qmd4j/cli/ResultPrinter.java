package org.qmd4j.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.qmd4j.cli.daemon.Terminal;
import org.qmd4j.search.LineMatch;
import org.qmd4j.search.MatchType;
import org.qmd4j.search.SearchResponse;
import org.qmd4j.search.SearchResult;

/**
 * The text listing of {@code qmd4j search}, like {@code rg -n}: each result's header
 * ({@code path:A-B  score  [date (its source)]}), then the lines that hold the query's words as
 * {@code N:text} with one line of context around each as {@code N-text}, {@code …} between
 * gaps, the chunk's heading first when it is not among them, frontmatter only when it matched.
 * A chunk matched only through its path or headings shows its first lines. On a terminal the
 * path, line numbers and matched words are coloured; {@code --color} and {@code NO_COLOR}
 * decide.
 */
final class ResultPrinter {
  static final int CONTEXT = 1;
  static final int MAX_MATCHED_LINES = 8;
  static final int FIRST_LINES = 4;
  private static final String PATH = "\u001b[35m";
  private static final String NUMBER = "\u001b[32m";
  private static final String MATCH = "\u001b[1;31m";
  private static final String RESET = "\u001b[0m";

  private final PrintWriter out;
  private final boolean color;

  ResultPrinter(PrintWriter out, boolean color) {
    this.out = out;
    this.color = color;
  }

  /**
   * Whether to colour: {@code always}, {@code never}, or {@code auto} (on a terminal, unless
   * {@code NO_COLOR} is set or {@code TERM} is {@code dumb}).
   */
  static boolean colors(ColorChoice choice, Map<String, String> environment) {
    switch (choice) {
      case ALWAYS: return true;
      case NEVER: return false;
      default:
        String noColor = environment.get("NO_COLOR");
        if (noColor != null && !noColor.isEmpty()) return false;
        if ("dumb".equals(environment.get("TERM"))) return false;
        String told = environment.get("QMD4J_STDOUT_TTY");
        return told != null ? told.equals("1") : Terminal.stdoutIsTerminal();
    }
  }


  /**
   * The correction line, the results (then how many there are, when the limit left some
   * out), or "No result" with suggestions.
   */
  void print(SearchResponse response, String query) {
    if (!response.corrected().isEmpty()) out.println(response.correctionNotice());
    if (!response.alsoSearched().isEmpty()) out.println(response.alsoSearchedNotice());
    List<SearchResult> results = response.results();
    if (results.isEmpty()) {
      out.println("No result for: " + query);
      if (!response.suggestions().isEmpty()) out.println(response.suggestionNotice());
      return;
    }
    // The correction is said once, above; fuzzy rows are marked only beside exact ones.
    boolean mixed = results.stream().anyMatch(r -> r.matchType() != MatchType.FUZZY);
    for (SearchResult r : results) {
      printResult(r, mixed);
      out.println();
    }
    if (!response.countNotice().isEmpty()) out.println(SearchCommand.countLine(response));
  }

  private void printResult(SearchResult r, boolean markFuzzy) {
    StringBuilder header = new StringBuilder();
    header.append(paint(PATH, r.path() + ":" + r.lines()))
        .append(String.format(Locale.ROOT, "  %.2f", r.score()));
    r.date().ifPresent(d -> header.append("  ").append(d));
    r.dateSource().ifPresent(s -> header.append(" (").append(s.wireName()).append(')'));
    if (markFuzzy && r.matchType() == MatchType.FUZZY) {
      header.append("  (fuzzy: ").append(String.join(", ", r.corrected().values())).append(')');
    }
    out.println(header);
    String[] lines = r.chunk().split("\n", -1);
    int first = r.lines().from();
    int width = Integer.toString(r.lines().to()).length();
    int frontmatterEnd = frontmatterEnd(lines, first); // index past the closing ---, or 0
    Map<Integer, LineMatch> matched = new TreeMap<>();
    for (LineMatch m : r.matches()) matched.put(m.line() - first, m);
    if (matched.isEmpty()) {
      // A `*` listing matches no word: nothing to explain.
      if (r.matchType() != MatchType.WILDCARD) out.println(r.matchType() == MatchType.HYBRID
          ? "    (matched by meaning, or through the file's title, path or headings)"
          : "    (matched through the file's title, path or headings)");
      int shown = 0;
      for (int i = frontmatterEnd; i < lines.length && shown < FIRST_LINES; i++, shown++) {
        printLine(first + i, width, '-', lines[i], null);
      }
      int rest = lines.length - frontmatterEnd - shown;
      if (rest > 0) out.println("    … (" + rest + " more lines)");
      return;
    }
    boolean[] show = new boolean[lines.length];
    int kept = 0;
    int hidden = 0;
    for (int i : matched.keySet()) {
      if (kept == MAX_MATCHED_LINES) {
        hidden++;
        continue;
      }
      kept++;
      for (int j = Math.max(0, i - CONTEXT); j <= Math.min(lines.length - 1, i + CONTEXT); j++) {
        boolean context = !matched.containsKey(j);
        if (context && (j < frontmatterEnd || lines[j].isBlank())) continue; // says nothing
        show[j] = true;
      }
    }
    int firstShown = 0;
    while (!show[firstShown]) firstShown++;
    int heading = headingAbove(lines, firstShown, frontmatterEnd);
    if (heading >= 0) {
      printLine(first + heading, width, '-', lines[heading], null);
      if (hiddenBetween(lines, heading, firstShown)) out.println("    …");
    } else if (hiddenBetween(lines, frontmatterEnd - 1, firstShown)) {
      out.println("    …");
    }
    int last = -1;
    for (int i = 0; i < lines.length; i++) {
      if (!show[i]) continue;
      if (last >= 0 && hiddenBetween(lines, last, i)) out.println("    …");
      LineMatch m = matched.get(i);
      printLine(first + i, width, m == null ? '-' : ':', lines[i], m);
      last = i;
    }
    if (hidden > 0) {
      out.println("    … (" + hidden + " more matching line" + (hidden == 1 ? "" : "s") + ")");
    }
  }

  /** Whether a line with text lies strictly between {@code from} and {@code to}. */
  private static boolean hiddenBetween(String[] lines, int from, int to) {
    for (int i = from + 1; i < to; i++) {
      if (!lines[i].isBlank()) return true;
    }
    return false;
  }

  /** The chunk's last heading above line {@code index} (and below the frontmatter), or -1. */
  private static int headingAbove(String[] lines, int index, int frontmatterEnd) {
    for (int i = index - 1; i >= frontmatterEnd; i--) {
      if (lines[i].startsWith("#")) return i;
    }
    return -1;
  }

  /** Past the frontmatter when the chunk starts the file with one; 0 otherwise. */
  private static int frontmatterEnd(String[] lines, int firstLine) {
    if (firstLine != 1 || lines.length == 0 || !lines[0].strip().equals("---")) return 0;
    for (int i = 1; i < lines.length; i++) {
      if (lines[i].strip().equals("---")) return i + 1;
    }
    return 0;
  }

  private void printLine(int number, int width, char separator, String text, LineMatch m) {
    String n = String.format(Locale.ROOT, "%" + width + "d", number);
    StringBuilder sb = new StringBuilder("    ").append(paint(NUMBER, n)).append(separator);
    if (m == null || !color) {
      sb.append(text);
    } else {
      int at = 0;
      for (LineMatch.Range range : m.ranges()) {
        int start = Math.min(range.start(), text.length());
        int end = Math.min(range.end(), text.length());
        sb.append(text, at, start).append(MATCH).append(text, start, end).append(RESET);
        at = end;
      }
      sb.append(text.substring(at));
    }
    out.println(sb);
  }

  private String paint(String code, String text) {
    return color ? code + text + RESET : text;
  }

  /** {@code --color}: when to colour the listing. */
  enum ColorChoice {
    AUTO, ALWAYS, NEVER;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }
}
