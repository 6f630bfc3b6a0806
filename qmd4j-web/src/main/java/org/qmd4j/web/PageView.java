package org.qmd4j.web;

import static org.qmd4j.web.Html.esc;
import static org.qmd4j.web.Html.url;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.qmd4j.EngineDescription;
import org.qmd4j.Highlighter;
import org.qmd4j.concat.Block;
import org.qmd4j.concat.Brief;
import org.qmd4j.concat.VaultTree;
import org.qmd4j.search.Layout;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.SearchResponse;
import org.qmd4j.search.SearchResult;

/**
 * Writes the search page's HTML from what the servlet found, inside the pages' shared
 * {@code layout.jte}. Every value from outside is escaped.
 */
final class PageView {
  private static final List<String> KIND_SCOPES = List.of("all-states", "all-changelogs",
      "all-tasks", "all-buckets", "all-descriptions");

  private final Markdown markdown;
  private final Templates templates;
  private final String vaultName;
  private final String engine;
  /** Whether the nav offers the Tasks view: a {@code notes} vault has no tasks files. */
  private final boolean tasksView;

  PageView(Markdown markdown, Templates templates, EngineDescription description) {
    this.markdown = markdown;
    this.templates = templates;
    Path name = Path.of(description.vault()).getFileName();
    this.vaultName = name == null ? description.vault() : name.toString();
    this.engine = description.engine();
    this.tasksView = description.layout() != Layout.NOTES;
  }

  /** What one page shows; filled by the servlet, read once by {@link #render}. */
  static final class Model {
    final SearchForm form;
    VaultTree tree = new VaultTree(List.of());
    String open;
    Block file;
    /** The Tasks page's filters when the file was opened from it; {@code null} otherwise. */
    String tasks;
    Brief brief;
    long millis;
    FieldException fieldError;
    Failure failure;
    /** Why the vault has no indexed file, when it has none. */
    String nothingIndexed;
    boolean notesLayout;

    Model(SearchForm form) {
      this.form = form;
    }
  }

  private static final String HINT = "Press <kbd>/</kbd> to search · <code>\"two words"
      + "\"</code> in this order, <code>-word</code> to leave out · JSON at "
      + "<code>/api/search</code>, <code>/api/brief</code>";
  /** The query syntax in one sentence (docs/query-syntax.md), the search box's tooltip. */
  static final String QUERY_SYNTAX = "Words in any order; \"two words\" adjacent, in this "
      + "order; -word or -\"two words\" to leave out the chunks holding them; [tag], #tag; "
      + "* for every note";

  String render(Model m) {
    StringBuilder sb = new StringBuilder(16_384);
    String title = m.open != null ? m.open
        : m.form.query() != null && !m.form.query().isBlank() ? m.form.query() : null;
    form(sb, m);
    sb.append("<div class=\"layout\">\n<main id=\"results\" tabindex=\"-1\">\n");
    if (m.failure != null && m.fieldError == null) {
      sb.append("<div class=\"alert\" role=\"alert\"><strong>")
          .append(m.failure.status() == 404 ? "Not found" : m.failure.status() == 400
              ? "Cannot show this" : "Something went wrong")
          .append("</strong><p>").append(esc(m.failure.message())).append("</p></div>\n");
    }
    if (m.nothingIndexed != null) {
      sb.append("<div class=\"alert\" role=\"status\"><strong>Nothing is indexed</strong><p>")
          .append(esc(m.nothingIndexed)).append("</p></div>\n");
    }
    if (m.fieldError != null) {
      sb.append("<p class=\"hint-box\">Nothing was searched: fix the highlighted field, then "
          + "press <kbd>Enter</kbd>.</p>\n");
    }
    if (m.file != null) {
      file(sb, m);
    } else if (m.brief != null) {
      brief(sb, m);
    } else if (m.failure == null) {
      welcome(sb, m);
    }
    sb.append("</main>\n");
    tree(sb, m);
    sb.append("</div>\n");
    return templates.layout(new Templates.Layout(title(title), vaultName, engine, "search",
        tasksView, sb.toString(), HINT));
  }

  String notFound(String uri) {
    String body = "<main id=\"results\"><div class=\"alert\" role=\"alert\"><strong>Not found"
        + "</strong><p>Nothing is served at " + esc(uri)
        + ". <a href=\"/\">Back to search</a></p></div></main>\n";
    return templates.layout(new Templates.Layout(title("Not found"), vaultName, engine, "",
        tasksView, body, ""));
  }

  /** The page's title: what it shows, then the vault. */
  private String title(String shown) {
    return (shown == null ? "" : shown + " · ") + vaultName + " · qmd4j";
  }

  private void form(StringBuilder sb, Model m) {
    SearchForm f = m.form;
    sb.append("<form class=\"search\" role=\"search\" method=\"get\" action=\"/\">\n")
        .append("<div class=\"searchbar").append(invalid(m, "q")).append("\">")
        .append("<label class=\"sr-only\" for=\"q\">Search the vault</label>")
        .append("<svg class=\"icon\" viewBox=\"0 0 24 24\" aria-hidden=\"true\">")
        .append("<circle cx=\"11\" cy=\"11\" r=\"7\"/><path d=\"m20 20-3.5-3.5\"/></svg>")
        .append("<input id=\"q\" name=\"q\" type=\"search\" autocomplete=\"off\" ")
        .append("spellcheck=\"false\" placeholder=\"Search your notes\" title=\"")
        .append(esc(QUERY_SYNTAX)).append("\" value=\"")
        .append(esc(SearchForm.or(f.query()))).append('"')
        .append(aria(m, "q")).append(m.open == null && f.query() == null ? " autofocus" : "")
        .append("><kbd class=\"hint\" aria-hidden=\"true\">/</kbd>")
        .append("<button type=\"submit\">Search</button></div>\n");
    error(sb, m, "q");
    sb.append("<div class=\"filters\">\n");
    String mode = SearchForm.or(f.mode()).strip().toLowerCase(Locale.ROOT);
    sb.append("<div class=\"field f-mode").append(invalid(m, "mode"))
        .append("\"><label for=\"mode\">Mode</label><select id=\"mode\" name=\"mode\"")
        .append(aria(m, "mode")).append(">")
        .append(option("fast", "Fast", mode.isEmpty() || mode.equals("fast")))
        .append(option("deep", "Deep", mode.equals("deep")));
    if (!mode.isEmpty() && !mode.equals("fast") && !mode.equals("deep")) {
      sb.append(option(f.mode(), f.mode(), true));
    }
    sb.append("</select>");
    error(sb, m, "mode");
    sb.append("</div>\n");
    sb.append("<div class=\"field wide f-scope").append(invalid(m, "scope"))
        .append("\"><label for=\"scope\">Scope</label><input id=\"scope\" name=\"scope\" ")
        .append("list=\"scopes\" autocomplete=\"off\" spellcheck=\"false\" ")
        .append("placeholder=\"Whole vault\" value=\"").append(esc(SearchForm.or(f.scope())))
        .append('"').append(aria(m, "scope")).append("><datalist id=\"scopes\">");
    if (!m.notesLayout) {
      for (String s : KIND_SCOPES) sb.append("<option value=\"").append(s).append("\">");
    }
    for (String p : projects(m.tree)) {
      sb.append("<option value=\"project:").append(esc(p)).append("\">");
    }
    sb.append("</datalist>");
    error(sb, m, "scope");
    sb.append("</div>\n");
    dateField(sb, m, "from", "From", f.from(), "3 months ago");
    dateField(sb, m, "to", "To", f.to(), "today");
    sb.append("<div class=\"field narrow f-limit").append(invalid(m, "limit"))
        .append("\"><label for=\"limit\">Limit</label><input id=\"limit\" name=\"limit\" ")
        .append("inputmode=\"numeric\" autocomplete=\"off\" placeholder=\"20\" value=\"")
        .append(esc(SearchForm.or(f.limit()))).append('"').append(aria(m, "limit"))
        .append(">");
    error(sb, m, "limit");
    sb.append("</div>\n</div>\n</form>\n");
  }

  private static void dateField(StringBuilder sb, Model m, String name, String label,
      String value, String placeholder) {
    sb.append("<div class=\"field f-").append(name).append(invalid(m, name))
        .append("\"><label for=\"")
        .append(name).append("\">").append(label).append("</label><input id=\"").append(name)
        .append("\" name=\"").append(name).append("\" autocomplete=\"off\" placeholder=\"")
        .append(placeholder).append("\" value=\"").append(esc(SearchForm.or(value)))
        .append('"').append(aria(m, name)).append(">");
    error(sb, m, name);
    sb.append("</div>\n");
  }

  private static String invalid(Model m, String field) {
    return m.fieldError != null && m.fieldError.field().equals(field) ? " invalid" : "";
  }

  private static String aria(Model m, String field) {
    return invalid(m, field).isEmpty() ? ""
        : " aria-invalid=\"true\" aria-describedby=\"" + field + "-error\"";
  }

  private static void error(StringBuilder sb, Model m, String field) {
    if (invalid(m, field).isEmpty()) return;
    sb.append("<p class=\"field-error\" id=\"").append(field).append("-error\" role=\"alert\">")
        .append(esc(m.fieldError.getMessage())).append("</p>");
  }

  private static String option(String value, String label, boolean selected) {
    return "<option value=\"" + esc(value) + "\"" + (selected ? " selected" : "") + ">"
        + esc(label) + "</option>";
  }

  private void welcome(StringBuilder sb, Model m) {
    sb.append("<section class=\"welcome\"><h1>Search your notes</h1>")
        .append("<p>Type a few words and press <kbd>Enter</kbd>. The answer is a brief: a short "
            + "overview, then the notes themselves, each headed by its path and lines.</p>")
        .append("<p class=\"muted\">Use <code>*</code> to list everything in a scope, a "
            + "scope such as " + (m.notesLayout ? "<code>folder:path</code>"
            : "<code>project:name</code> or <code>all-states</code>") + " to narrow "
            + "down, and dates such as <code>2025-07-01</code> or <code>3 months ago</code>."
            + "</p><h2>Start from</h2><ul class=\"chips\">");
    String[][] starts = m.notesLayout ? topFolders(m.tree) : new String[][] {
        {"all-states", "Project states"}, {"all-changelogs", "Changelogs"},
        {"all-tasks", "Tasks"}, {"all-descriptions", "Descriptions"}, {"all-buckets",
        "Buckets"}};
    for (String[] s : starts) {
      sb.append("<li><a href=\"/?q=*&amp;scope=").append(s[0]).append("\">").append(s[1])
          .append("</a></li>");
    }
    sb.append("</ul></section>\n");
  }

  /** The notes layout's starting points: {@code folder:} scopes of the top folders with notes. */
  private static String[][] topFolders(VaultTree tree) {
    java.util.Set<String> tops = new java.util.TreeSet<>();
    for (VaultTree.Entry e : tree.files()) {
      int slash = e.path().indexOf('/');
      if (e.indexed() && slash > 0) tops.add(e.path().substring(0, slash));
    }
    // Both cells go into the page as they are: encoded for the link, escaped for the label.
    return tops.stream().map(t -> new String[] {esc(java.net.URLEncoder.encode("folder:" + t,
        java.nio.charset.StandardCharsets.UTF_8)), esc(t)}).toArray(String[][]::new);
  }

  private void brief(StringBuilder sb, Model m) {
    Brief brief = m.brief;
    String back = m.form.pageQuery();
    notice(sb, m);
    sb.append("<section class=\"overview\" aria-label=\"Overview\"><div class=\"md\">")
        .append(markdown.render(withoutNotices(brief), "")).append("</div></section>\n");
    Highlighter words = Highlighter.of(m.form.query() + " "
        + String.join(" ", brief.corrected().values()));
    int n = brief.results().size();
    int b = brief.blocks().size();
    // "20 of 28 results" when the limit left some out; the Limit field shows more.
    String found = brief.total().exceeds(n) ? n + " of " + brief.total() + " results"
        : n + (n == 1 ? " result" : " results");
    sb.append("<p class=\"summary\">").append(found)
        .append(" in ").append(b).append(b == 1 ? " block" : " blocks").append(" · ")
        .append(m.millis).append(" ms · <a href=\"/api/brief?")
        .append(esc(apiQuery(m.form))).append("\">JSON</a></p>\n");
    Map<String, String> kinds = kinds(m.tree);
    Map<String, List<LineRange>> hits = new HashMap<>();
    Map<String, List<SearchResult>> byPath = new HashMap<>();
    for (SearchResult r : brief.results()) {
      hits.computeIfAbsent(r.path(), k -> new ArrayList<>()).add(r.lines());
      byPath.computeIfAbsent(r.path(), k -> new ArrayList<>()).add(r);
    }
    int i = 0;
    for (Block block : brief.blocks()) {
      block(sb, block, ++i, kinds.get(block.path()),
          hits.getOrDefault(block.path(), List.of()), back, words,
          dates(block, byPath.getOrDefault(block.path(), List.of())));
    }
  }

  /** The correction, or the suggestions as links, above the overview. */
  private void notice(StringBuilder sb, Model m) {
    Brief brief = m.brief;
    if (!brief.corrected().isEmpty()) {
      sb.append("<p class=\"notice\" role=\"status\">Showing results for ");
      brief.corrected().values().forEach(w -> sb.append("<strong>").append(esc(w))
          .append("</strong> "));
      sb.append("(no match for ");
      brief.corrected().keySet().forEach(w -> sb.append("<s>").append(esc(w)).append("</s> "));
      sb.setLength(sb.length() - 1);
      sb.append(")</p>\n");
    }
    if (!brief.suggestions().isEmpty()) {
      sb.append("<p class=\"notice\" role=\"status\">Did you mean ");
      String sep = "";
      for (String q : brief.suggestions()) {
        sb.append(sep).append("<a href=\"/?").append(esc(m.form.withQuery(q).pageQuery()))
            .append("\">").append(esc(q)).append("</a>");
        sep = " or ";
      }
      sb.append("?</p>\n");
    }
  }

  /** The overview without the correction and suggestion sentences the notice shows. */
  private static String withoutNotices(Brief brief) {
    String overview = brief.overview();
    SearchResponse said = new SearchResponse(List.of(), brief.corrected(), brief.suggestions());
    if (!said.correctionNotice().isEmpty()) {
      overview = overview.replace(said.correctionNotice() + ".\n\n", "");
    }
    if (!said.suggestionNotice().isEmpty()) {
      overview = overview.replace(said.suggestionNotice(), "").strip();
    }
    return overview;
  }

  private void file(StringBuilder sb, Model m) {
    String back = m.form.pageQuery();
    if (m.tasks != null) {
      // Only a query string: the link stays on this server's Tasks page whatever it holds.
      String filters = m.tasks.replace("#", "%23");
      sb.append("<p class=\"back\"><a href=\"/tasks").append(filters.isEmpty() ? "" : "?")
          .append(esc(filters)).append("\">← Back to tasks</a></p>\n");
    } else if (!back.isEmpty()) {
      sb.append("<p class=\"back\"><a href=\"/?").append(esc(back))
          .append("\">← Back to results</a></p>\n");
    }
    String q = m.form.query();
    block(sb, m.file, 1, kinds(m.tree).get(m.file.path()), List.of(), back,
        Highlighter.of(q == null ? "" : q), "");
  }

  /**
   * The dates of the results a block shows, each with where it comes from, as {@code
   * 2025-07-14 (changelog day)}; empty when they have none.
   */
  private static String dates(Block block, List<SearchResult> results) {
    java.util.Set<String> out = new java.util.LinkedHashSet<>();
    for (SearchResult r : results) {
      boolean shown = block.lines().map(l -> l.from() <= r.lines().to()
          && r.lines().from() <= l.to()).orElse(true);
      if (!shown || r.date().isEmpty()) continue;
      out.add(r.date().get() + r.dateSource().map(s -> " (" + s.wireName() + ")").orElse(""));
    }
    return String.join(" · ", out);
  }

  private void block(StringBuilder sb, Block block, int index, String kind,
      List<LineRange> hits, String back, Highlighter words, String dates) {
    String id = "block-" + index;
    String open = "/?" + (back.isEmpty() ? "" : back + "&") + "open=" + url(block.path());
    int slash = block.path().lastIndexOf('/');
    sb.append("<article class=\"block\" id=\"").append(id).append("\">\n")
        .append("<header class=\"block-head\"><h2 class=\"path\"><a href=\"").append(esc(open))
        .append("\" title=\"Open the whole file\"><span class=\"dir\">")
        .append(esc(block.path().substring(0, slash + 1))).append("</span><span class=\"name\">")
        .append(esc(block.path().substring(slash + 1))).append("</span></a></h2>");
    if (kind != null) {
      sb.append("<span class=\"kind kind-").append(esc(kind)).append("\">").append(esc(kind))
          .append("</span>");
    }
    sb.append("<span class=\"lines\">").append(block.wholeFile()
        ? "whole file · " + block.fileLines() + (block.fileLines() == 1 ? " line" : " lines")
        : block.lines().map(PageView::lines).orElse("")).append("</span>");
    if (!dates.isEmpty()) {
      sb.append("<span class=\"date\" title=\"The date that date filters use, and where it "
          + "comes from\">").append(esc(dates)).append("</span>");
    }
    sb.append("<span class=\"actions\"><button type=\"button\" class=\"toggle\" ")
        .append("aria-pressed=\"false\" data-block=\"").append(id).append("\">Source</button>");
    if (!block.wholeFile()) {
      sb.append("<a class=\"open\" href=\"").append(esc(open)).append("\">Open file</a>");
    }
    sb.append("</span></header>\n");
    boolean fromTop = block.lines().map(l -> l.from() == 1).orElse(true);
    sb.append("<div class=\"md rendered\">").append(rendered(block.text(), fromTop,
        block.path(), words)).append("</div>\n");
    sb.append("<div class=\"source\" hidden><pre>");
    int line = block.lines().map(LineRange::from).orElse(1);
    if (!block.text().isEmpty()) {
      for (String text : block.text().split("\n", -1)) {
        int n = line++;
        boolean hit = hits.stream().anyMatch(r -> r.contains(n));
        sb.append("<span class=\"line").append(hit ? " hit" : "").append("\"><span class=\"n\">")
            .append(n).append("</span><code>").append(Html.marked(text, words))
            .append("</code></span>");
      }
    }
    sb.append("</pre></div>\n");
    block.truncation().ifPresent(t -> sb.append("<p class=\"truncated\">")
        .append(esc(t.marker())).append("</p>\n"));
    sb.append("</article>\n");
  }

  /** The note's markdown; a frontmatter at the top of the file becomes a small table. */
  private String rendered(String text, boolean fromTop, String path, Highlighter words) {
    if (text.isBlank()) return "<p class=\"muted\">(empty)</p>";
    if (fromTop && text.startsWith("---\n")) {
      int end = text.indexOf("\n---", 3);
      if (end > 0 && (text.length() == end + 4 || text.charAt(end + 4) == '\n')) {
        StringBuilder sb = new StringBuilder("<dl class=\"frontmatter\">");
        for (String line : text.substring(4, end).split("\n")) {
          int colon = line.indexOf(':');
          if (colon > 0 && !line.startsWith(" ")) {
            sb.append("<dt>").append(esc(line.substring(0, colon).strip())).append("</dt><dd>")
                .append(esc(line.substring(colon + 1).strip())).append("</dd>");
          } else if (!line.isBlank()) {
            sb.append("<dd>").append(esc(line.strip())).append("</dd>");
          }
        }
        sb.append("</dl>");
        return sb + markdown.render(text.substring(Math.min(text.length(), end + 4)), path,
            words);
      }
    }
    return markdown.render(text, path, words);
  }

  private void tree(StringBuilder sb, Model m) {
    Set<String> openFolders = new HashSet<>();
    List<String> shown = new ArrayList<>();
    if (m.file != null) shown.add(m.file.path());
    if (m.brief != null) m.brief.blocks().forEach(b -> shown.add(b.path()));
    for (String p : shown) {
      for (int i = p.indexOf('/'); i > 0; i = p.indexOf('/', i + 1)) {
        openFolders.add(p.substring(0, i));
      }
    }
    String current = m.file == null ? null : m.file.path();
    String back = m.form.pageQuery();
    sb.append("<aside class=\"sidebar\"><details class=\"tree-box\" open><summary>")
        .append("<h2>Vault</h2><span class=\"count\">").append(m.tree.files().size())
        .append(" files</span></summary><nav aria-label=\"Vault files\">");
    List<VaultTree.Entry> entries = m.tree.entries();
    int depth = 0;
    sb.append("<ul class=\"tree\">");
    for (int i = 0; i < entries.size(); i++) {
      VaultTree.Entry e = entries.get(i);
      while (depth > e.depth()) {
        sb.append("</ul></details></li>");
        depth--;
      }
      if (e.folder()) {
        boolean expand = openFolders.contains(e.path()) || e.path().equals("projects");
        sb.append("<li class=\"folder\"><details").append(expand ? " open" : "")
            .append("><summary>").append(esc(e.name())).append("</summary><ul>");
        depth++;
      } else {
        String href = "/?" + (back.isEmpty() ? "" : back + "&") + "open=" + url(e.path());
        sb.append("<li class=\"file").append(e.indexed() ? "" : " plain").append("\"><a href=\"")
            .append(esc(href)).append("\" title=\"").append(esc(e.path())).append('"')
            .append(e.path().equals(current) ? " aria-current=\"page\"" : "").append(">")
            .append(esc(e.name())).append("</a>");
        e.kind().ifPresent(k -> sb.append("<span class=\"kind kind-").append(k.wireName())
            .append("\">").append(k.wireName()).append("</span>"));
        sb.append("</li>");
      }
    }
    while (depth-- > 0) sb.append("</ul></details></li>");
    sb.append("</ul></nav></details></aside>\n");
  }

  private static String lines(LineRange r) {
    return r.from() == r.to() ? "line " + r.from() : "lines " + r;
  }

  private static List<String> projects(VaultTree tree) {
    List<String> out = new ArrayList<>();
    for (VaultTree.Entry e : tree.entries()) {
      if (e.folder() && e.depth() == 1 && e.path().startsWith("projects/")) out.add(e.name());
    }
    return out;
  }

  private static Map<String, String> kinds(VaultTree tree) {
    Map<String, String> out = new HashMap<>();
    for (VaultTree.Entry e : tree.files()) {
      e.kind().ifPresent(k -> out.put(e.path(), k.wireName()));
    }
    return out;
  }

  private static String apiQuery(SearchForm f) {
    StringBuilder sb = new StringBuilder("query=").append(url(SearchForm.or(f.query())));
    if (!SearchForm.blank(f.mode())) sb.append("&mode=").append(url(f.mode()));
    if (!SearchForm.blank(f.scope())) sb.append("&scope=").append(url(f.scope()));
    if (!SearchForm.blank(f.from())) sb.append("&date_from=").append(url(f.from()));
    if (!SearchForm.blank(f.to())) sb.append("&date_to=").append(url(f.to()));
    if (!SearchForm.blank(f.limit())) sb.append("&limit=").append(url(f.limit()));
    return sb.toString();
  }
}
