package org.qmd4j.web;

import static org.qmd4j.web.Html.url;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.qmd4j.Backlink;
import org.qmd4j.EngineDescription;
import org.qmd4j.Highlighter;
import org.qmd4j.concat.Block;
import org.qmd4j.concat.Brief;
import org.qmd4j.concat.VaultTree;
import org.qmd4j.search.Layout;
import org.qmd4j.search.LineRange;
import org.qmd4j.search.SearchResponse;
import org.qmd4j.search.SearchResult;
import org.qmd4j.web.SearchPage.BlockView;
import org.qmd4j.web.SearchPage.Link;
import org.qmd4j.web.SearchPage.Node;

/**
 * Turns what the servlet found into the search page's {@link SearchPage}, rendered by {@code
 * search.jte} inside the pages' shared {@code layout.jte}.
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
    /** The invalid fields, each with its message; empty when the form is fine. */
    List<FieldException> fieldErrors = List.of();
    Failure failure;
    /** The notes linking to the opened file. */
    List<Backlink> backlinks = List.of();
    /** Why the backlinks could not be listed, or {@code null}. */
    String backlinksFailure;
    /** Why the vault has no indexed file, when it has none. */
    String nothingIndexed;
    boolean notesLayout;

    Model(SearchForm form) {
      this.form = form;
    }
  }

  /** The query syntax in one sentence (docs/query-syntax.md), the search box's tooltip. */
  static final String QUERY_SYNTAX = "Words in any order; \"two words\" adjacent, in this "
      + "order; -word or -\"two words\" to leave out the chunks holding them; [tag], #tag; "
      + "* for every note";

  String render(Model m) {
    String shown = m.open != null ? m.open
        : m.form.query() != null && !m.form.query().isBlank() ? m.form.query() : null;
    SearchPage.Alert alert = null;
    if (m.failure != null && m.fieldErrors.isEmpty()) {
      alert = new SearchPage.Alert(m.failure.status() == 404 ? "Not found"
          : m.failure.status() == 400 ? "Cannot show this" : "Something went wrong",
          m.failure.message());
    }
    Link back = null;
    List<SearchPage.Notice> notices = List.of();
    String overview = null;
    SearchPage.Summary summary = null;
    List<BlockView> blocks = List.of();
    List<Link> welcome = null;
    if (m.file != null) {
      back = back(m);
      String q = m.form.query();
      blocks = List.of(block(m.file, 1, kinds(m.tree).get(m.file.path()), List.of(),
          m.form.pageQuery(), Highlighter.of(q == null ? "" : q), ""));
    } else if (m.brief != null) {
      notices = notices(m);
      overview = markdown.render(withoutNotices(m.brief), "");
      summary = summary(m);
      blocks = blocks(m);
    } else if (m.failure == null) {
      welcome = welcome(m);
    }
    return templates.render("search.jte", new SearchPage(title(shown), vaultName, engine,
        tasksView, form(m), alert, m.nothingIndexed, back, notices, overview, summary, blocks,
        welcome, m.notesLayout, tree(m), m.file == null ? null : backlinks(m),
        m.backlinksFailure));
  }

  /** The notes linking to the opened file, as links that open them. */
  private static List<Link> backlinks(Model m) {
    String back = m.form.pageQuery();
    List<Link> out = new ArrayList<>();
    for (Backlink b : m.backlinks) {
      out.add(new Link("/?" + (back.isEmpty() ? "" : back + "&") + "open=" + url(b.path()),
          b.title()));
    }
    return out;
  }

  String notFound(String uri) {
    return templates.render("notfound.jte", new SearchPage(title("Not found"), vaultName,
        engine, tasksView, null, new SearchPage.Alert("Not found", uri), null, null,
        List.of(), null, null, List.of(), null, false, null, null, null));
  }

  /** The page's title: what it shows, then the vault. */
  private String title(String shown) {
    return (shown == null ? "" : shown + " · ") + vaultName + " · qmd4j";
  }

  private static SearchPage.Form form(Model m) {
    SearchForm f = m.form;
    String mode = SearchForm.or(f.mode()).strip().toLowerCase(Locale.ROOT);
    List<SearchPage.Choice> modes = new ArrayList<>(List.of(
        new SearchPage.Choice("fast", "Fast", mode.isEmpty() || mode.equals("fast")),
        new SearchPage.Choice("deep", "Deep", mode.equals("deep"))));
    if (!mode.isEmpty() && !mode.equals("fast") && !mode.equals("deep")) {
      modes.add(new SearchPage.Choice(f.mode(), f.mode(), true));
    }
    List<String> scopes = new ArrayList<>();
    if (!m.notesLayout) scopes.addAll(KIND_SCOPES);
    for (String p : projects(m.tree)) scopes.add("project:" + p);
    Map<String, SearchPage.FieldError> errors = new LinkedHashMap<>();
    for (FieldException e : m.fieldErrors) {
      errors.putIfAbsent(e.field(), SearchPage.FieldError.of(e.getMessage()));
    }
    return new SearchPage.Form(SearchForm.or(f.query()), m.open == null && f.query() == null,
        modes, SearchForm.or(f.scope()), scopes, SearchForm.or(f.from()),
        SearchForm.or(f.to()), SearchForm.or(f.limit()), errors);
  }

  private static Link back(Model m) {
    String back = m.form.pageQuery();
    if (m.tasks != null) {
      // Only a query string: the link stays on this server's Tasks page whatever it holds.
      String filters = m.tasks.replace("#", "%23");
      return new Link("/tasks" + (filters.isEmpty() ? "" : "?") + filters, "← Back to tasks");
    }
    return back.isEmpty() ? null : new Link("/?" + back, "← Back to results");
  }

  private static List<Link> welcome(Model m) {
    List<Link> out = new ArrayList<>();
    if (m.notesLayout) {
      // The notes layout's starting points: folder: scopes of the top folders with notes.
      Set<String> tops = new TreeSet<>();
      for (VaultTree.Entry e : m.tree.files()) {
        int slash = e.path().indexOf('/');
        if (e.indexed() && slash > 0) tops.add(e.path().substring(0, slash));
      }
      for (String t : tops) {
        out.add(new Link("/?q=*&scope=" + URLEncoder.encode("folder:" + t,
            StandardCharsets.UTF_8), t));
      }
      return out;
    }
    String[][] starts = {{"all-states", "Project states"}, {"all-changelogs", "Changelogs"},
        {"all-tasks", "Tasks"}, {"all-descriptions", "Descriptions"},
        {"all-buckets", "Buckets"}};
    for (String[] s : starts) out.add(new Link("/?q=*&scope=" + s[0], s[1]));
    return out;
  }

  /** The correction, or the suggestions as links, above the overview. */
  private static List<SearchPage.Notice> notices(Model m) {
    Brief brief = m.brief;
    List<SearchPage.Notice> out = new ArrayList<>();
    if (!brief.corrected().isEmpty()) {
      out.add(new SearchPage.Notice(List.copyOf(brief.corrected().values()),
          List.copyOf(brief.corrected().keySet()), List.of()));
    }
    if (!brief.suggestions().isEmpty()) {
      List<Link> links = new ArrayList<>();
      for (String q : brief.suggestions()) {
        links.add(new Link("/?" + m.form.withQuery(q).pageQuery(), q));
      }
      out.add(new SearchPage.Notice(List.of(), List.of(), links));
    }
    return out;
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

  private static SearchPage.Summary summary(Model m) {
    Brief brief = m.brief;
    int n = brief.results().size();
    int b = brief.blocks().size();
    // "20 of 28 results" when the limit left some out; the Limit field shows more.
    String found = brief.total().exceeds(n) ? n + " of " + brief.total() + " results"
        : n + (n == 1 ? " result" : " results");
    return new SearchPage.Summary(found, b + (b == 1 ? " block" : " blocks"), m.millis,
        "/api/brief?" + apiQuery(m.form));
  }

  private List<BlockView> blocks(Model m) {
    Brief brief = m.brief;
    Highlighter words = Highlighter.of(m.form.query() + " "
        + String.join(" ", brief.corrected().values()));
    Map<String, String> kinds = kinds(m.tree);
    Map<String, List<LineRange>> hits = new HashMap<>();
    Map<String, List<SearchResult>> byPath = new HashMap<>();
    for (SearchResult r : brief.results()) {
      hits.computeIfAbsent(r.path(), k -> new ArrayList<>()).add(r.lines());
      byPath.computeIfAbsent(r.path(), k -> new ArrayList<>()).add(r);
    }
    List<BlockView> out = new ArrayList<>();
    int i = 0;
    for (Block block : brief.blocks()) {
      out.add(block(block, ++i, kinds.get(block.path()),
          hits.getOrDefault(block.path(), List.of()), m.form.pageQuery(), words,
          dates(block, byPath.getOrDefault(block.path(), List.of()))));
    }
    return out;
  }

  /**
   * The dates of the results a block shows, each with where it comes from, as {@code
   * 2025-07-14 (changelog day)}; empty when they have none.
   */
  private static String dates(Block block, List<SearchResult> results) {
    Set<String> out = new LinkedHashSet<>();
    for (SearchResult r : results) {
      boolean shown = block.lines().map(l -> l.from() <= r.lines().to()
          && r.lines().from() <= l.to()).orElse(true);
      if (!shown || r.date().isEmpty()) continue;
      out.add(r.date().get() + r.dateSource().map(s -> " (" + s.wireName() + ")").orElse(""));
    }
    return String.join(" · ", out);
  }

  private BlockView block(Block block, int index, String kind, List<LineRange> hits,
      String back, Highlighter words, String dates) {
    String open = "/?" + (back.isEmpty() ? "" : back + "&") + "open=" + url(block.path());
    int slash = block.path().lastIndexOf('/');
    String lines = block.wholeFile()
        ? "whole file · " + block.fileLines() + (block.fileLines() == 1 ? " line" : " lines")
        : block.lines().map(PageView::lines).orElse("");
    List<SearchPage.SourceLine> source = new ArrayList<>();
    int line = block.lines().map(LineRange::from).orElse(1);
    if (!block.text().isEmpty()) {
      for (String text : block.text().split("\n", -1)) {
        int n = line++;
        source.add(new SearchPage.SourceLine(n, hits.stream().anyMatch(r -> r.contains(n)),
            Html.spans(text, words)));
      }
    }
    String text = block.text();
    boolean fromTop = block.lines().map(l -> l.from() == 1).orElse(true);
    List<SearchPage.Field> frontmatter = null;
    String html = "";
    if (!text.isBlank()) {
      int end = fromTop ? Frontmatter.end(text) : -1;
      if (end > 0) {
        frontmatter = Frontmatter.fields(text.substring(4, end));
        text = text.substring(Math.min(text.length(), end + 4));
      }
      html = markdown.render(text, block.path(), words);
    }
    return new BlockView("block-" + index, block.path().substring(0, slash + 1),
        block.path().substring(slash + 1), open, kind, lines, dates, block.wholeFile(),
        frontmatter, html, source, block.truncation().map(t -> t.marker()).orElse(null));
  }

  private static SearchPage.Tree tree(Model m) {
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
    // The entries come depth first: each folder's children follow it, one level deeper.
    Deque<List<Node>> levels = new ArrayDeque<>();
    Deque<VaultTree.Entry> folders = new ArrayDeque<>();
    levels.push(new ArrayList<>());
    for (VaultTree.Entry e : m.tree.entries()) {
      while (folders.size() > e.depth()) close(levels, folders, openFolders);
      if (e.folder()) {
        folders.push(e);
        levels.push(new ArrayList<>());
      } else {
        String href = "/?" + (back.isEmpty() ? "" : back + "&") + "open=" + url(e.path());
        levels.peek().add(new Node(e.name(), false, false, List.of(), href, e.path(),
            e.indexed(), e.path().equals(current), e.kind().map(k -> k.wireName())
            .orElse(null)));
      }
    }
    while (!folders.isEmpty()) close(levels, folders, openFolders);
    return new SearchPage.Tree(m.tree.files().size(), levels.pop());
  }

  private static void close(Deque<List<Node>> levels, Deque<VaultTree.Entry> folders,
      Set<String> openFolders) {
    VaultTree.Entry folder = folders.pop();
    List<Node> children = levels.pop();
    boolean expand = openFolders.contains(folder.path()) || folder.path().equals("projects");
    levels.peek().add(new Node(folder.name(), true, expand, children, null, folder.path(),
        true, false, null));
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
