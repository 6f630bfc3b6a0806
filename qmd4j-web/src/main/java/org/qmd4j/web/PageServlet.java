package org.qmd4j.web;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.qmd4j.Backlink;
import org.qmd4j.Searcher;
import org.qmd4j.concat.Block;
import org.qmd4j.concat.Brief;
import org.qmd4j.concat.VaultTree;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.Layout;
import org.qmd4j.search.NothingIndexed;

/**
 * The page at {@code /} and its assets under {@code /static/}. The answer is rendered on the
 * server, so the address alone ({@code /?q=&mode=&scope=&from=&to=&limit=}, or
 * {@code /?open=PATH[:FROM-TO]} for a file) shows the same thing on reload or when shared.
 */
final class PageServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;

  /** The assets, by name: nothing else under {@code /static/} exists. */
  private static final Map<String, String> ASSETS = Map.of(
      "app.css", "text/css;charset=utf-8",
      "app.js", "text/javascript;charset=utf-8",
      "favicon.svg", "image/svg+xml");

  private final transient Searcher searcher;
  private final transient PageView view;

  PageServlet(Searcher searcher, Markdown markdown, Templates templates) {
    this.searcher = searcher;
    this.view = new PageView(markdown, templates, searcher.describe());
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String uri = req.getRequestURI();
    if (uri.startsWith("/static/")) {
      asset(uri.substring("/static/".length()), resp);
      return;
    }
    if (uri.equals("/favicon.ico")) {
      asset("favicon.svg", resp);
      return;
    }
    if (!uri.equals("/")) {
      send(resp, 404, view.notFound(uri));
      return;
    }
    PageView.Model model = new PageView.Model(SearchForm.fromPage(req));
    try {
      model.tree = searcher.tree();
      model.notesLayout = searcher.describe().layout() == Layout.NOTES;
      if (model.tree.files().stream().noneMatch(VaultTree.Entry::indexed)) {
        model.nothingIndexed = searcher.nothingIndexed().map(NothingIndexed::message)
            .orElse(null);
      }
    } catch (RuntimeException e) {
      model.tree = new VaultTree(List.of());
      model.failure = Failure.of(e);
    }
    String open = req.getParameter("open");
    if (open != null && !open.isBlank()) {
      model.open = open;
      model.tasks = req.getParameter("tasks");
      try {
        Block block = searcher.read(open);
        model.file = block;
      } catch (RuntimeException e) {
        model.failure = Failure.of(e);
      }
      if (model.file != null) {
        try {
          model.backlinks = Backlink.to(searcher, model.file.path());
        } catch (RuntimeException e) {
          model.backlinksFailure = Failure.of(e).message();
        }
      }
    } else if (model.form.query() != null && !model.form.pageProblems().isEmpty()) {
      // Every invalid field at once, each beside its field: nothing is searched.
      model.fieldErrors = model.form.pageProblems();
      model.failure = Failure.of(model.fieldErrors.get(0));
    } else if (model.form.query() != null) {
      long start = System.nanoTime();
      try {
        Brief brief = searcher.brief(model.form.toPageRequest());
        model.brief = brief;
        model.millis = (System.nanoTime() - start) / 1_000_000;
      } catch (FieldException e) {
        model.fieldErrors = List.of(e);
        model.failure = Failure.of(e);
      } catch (InvalidDateException e) {
        // Both dates parsed, so this is date_from after date_to.
        model.fieldErrors = List.of(new FieldException("to",
            e.named(SearchForm.PAGE_NAMES)));
        model.failure = Failure.of(model.fieldErrors.get(0));
      } catch (RuntimeException e) {
        model.failure = Failure.of(e);
      }
    }
    int status = model.failure == null ? 200 : model.failure.status();
    send(resp, status, view.render(model));
  }

  static void send(HttpServletResponse resp, int status, String html)
      throws IOException {
    byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
    resp.setStatus(status);
    resp.setContentType("text/html;charset=utf-8");
    resp.setHeader("Cache-Control", "no-store");
    resp.setContentLength(bytes.length);
    try (OutputStream out = resp.getOutputStream()) {
      out.write(bytes);
    }
  }

  private void asset(String name, HttpServletResponse resp) throws IOException {
    String type = ASSETS.get(name);
    if (type == null) {
      send(resp, 404, view.notFound("/static/" + name));
      return;
    }
    byte[] bytes;
    try (InputStream in = PageServlet.class.getResourceAsStream("static/" + name)) {
      if (in == null) throw new AssertionError("Missing bundled asset " + name);
      bytes = in.readAllBytes();
    }
    resp.setStatus(200);
    resp.setContentType(type);
    resp.setHeader("Cache-Control", "no-cache");
    resp.setContentLength(bytes.length);
    try (OutputStream out = resp.getOutputStream()) {
      out.write(bytes);
    }
  }
}
