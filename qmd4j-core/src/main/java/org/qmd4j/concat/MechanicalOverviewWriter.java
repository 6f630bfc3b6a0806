package org.qmd4j.concat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmd4j.search.SearchRequest;
import org.qmd4j.search.SearchResult;

/**
 * The default {@link OverviewWriter}: facts only, 2 to 5 lines.
 *
 * <ol>
 *   <li>{@code Question: "…"}, with the scope and period when given;</li>
 *   <li>how many chunks were found in how many files, naming up to {@value #NAMED_FILES}
 *       files with their number of chunks; or that nothing was found;</li>
 *   <li>which terms of the question the included text contains, and which it does not (not
 *       for the {@code *} query);</li>
 *   <li>what the document includes: whole files, excerpts, lines, blocks cut by the cap.</li>
 * </ol>
 */
final class MechanicalOverviewWriter implements OverviewWriter {
  static final MechanicalOverviewWriter INSTANCE = new MechanicalOverviewWriter();
  static final int NAMED_FILES = 3;

  private MechanicalOverviewWriter() {}

  @Override
  public String overview(BriefContext context) {
    List<String> lines = new ArrayList<>();
    lines.add(question(context.request()));
    if (context.results().isEmpty()) {
      lines.add("Nothing found: no chunk of the vault matches this question"
          + (context.request().scope().wireName().isEmpty() && !dated(context.request())
              ? "." : " in this scope and period."));
      return String.join("\n", lines);
    }
    lines.add(found(context.results()));
    if (!context.request().isWildcard()) lines.add(terms(context));
    lines.add(included(context.blocks()));
    return String.join("\n", lines);
  }

  private static String question(SearchRequest request) {
    StringBuilder sb = new StringBuilder("Question: \"")
        .append(request.query().replaceAll("\\s+", " ").strip()).append('"');
    List<String> where = new ArrayList<>();
    if (!request.scope().wireName().isEmpty()) where.add("scope " + request.scope().wireName());
    request.from().ifPresent(d -> where.add("from " + d.text()));
    request.to().ifPresent(d -> where.add("to " + d.text()));
    if (!where.isEmpty()) sb.append(" (").append(String.join(", ", where)).append(')');
    return sb.append('.').toString();
  }

  private static boolean dated(SearchRequest request) {
    return request.from().isPresent() || request.to().isPresent();
  }

  private static String found(List<SearchResult> results) {
    Map<String, Integer> perFile = new LinkedHashMap<>();
    for (SearchResult r : results) perFile.merge(r.path(), 1, Integer::sum);
    List<String> named = new ArrayList<>();
    for (Map.Entry<String, Integer> e : perFile.entrySet()) {
      if (named.size() == NAMED_FILES) break;
      named.add(e.getKey() + " (" + e.getValue() + ")");
    }
    int more = perFile.size() - named.size();
    return "Found " + count(results.size(), "chunk") + " in " + count(perFile.size(), "file")
        + ": " + String.join(", ", named) + (more > 0 ? " and " + count(more, "more file") : "")
        + ".";
  }

  private static String terms(BriefContext context) {
    List<String> terms = QueryTerms.of(context.question());
    if (terms.isEmpty()) return "The question has no searchable term besides stop words.";
    StringBuilder text = new StringBuilder();
    for (Block b : context.blocks()) text.append(b.text()).append('\n');
    List<String> found = QueryTerms.foundIn(terms, text.toString());
    List<String> missing = new ArrayList<>(terms);
    missing.removeAll(found);
    if (found.isEmpty()) {
      return "None of the question's terms (" + String.join(", ", terms)
          + ") appears in the included text.";
    }
    return "Matched terms: " + String.join(", ", found)
        + (missing.isEmpty() ? "" : "; not found: " + String.join(", ", missing)) + ".";
  }

  private static String included(List<Block> blocks) {
    int whole = 0;
    int excerpts = 0;
    int cut = 0;
    long lines = 0;
    for (Block b : blocks) {
      if (b.wholeFile()) whole++; else excerpts++;
      if (b.truncation().isPresent()) cut++;
      lines += b.lines().map(r -> (long) r.length()).orElse(0L);
    }
    if (blocks.isEmpty()) return "Nothing could be included: the files changed after the search.";
    List<String> parts = new ArrayList<>();
    if (whole > 0) parts.add(count(whole, "whole file"));
    if (excerpts > 0) parts.add(count(excerpts, "excerpt"));
    return "Included below: " + String.join(" and ", parts) + ", " + count(lines, "line")
        + (cut > 0 ? "; " + count(cut, "block") + " cut at the size cap" : "") + ".";
  }

  private static String count(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
