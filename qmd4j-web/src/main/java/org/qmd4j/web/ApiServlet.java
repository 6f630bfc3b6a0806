package org.qmd4j.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.qmd4j.Backlink;
import org.qmd4j.Searcher;
import org.qmd4j.catalogue.Operation;
import org.qmd4j.catalogue.Operations;
import org.qmd4j.concat.Block;
import org.qmd4j.notes.Listing;
import org.qmd4j.search.SearchResult;

/**
 * The JSON API under {@code /api}, with the parameter names and shapes of the MCP tools.
 *
 * <table>
 *   <caption>Endpoints</caption>
 *   <tr><th>request</th><th>answer</th></tr>
 *   <tr><td>{@code GET /api/search?query=&mode=&scope=&date_from=&date_to=&limit=}</td>
 *       <td>{@code {results: [{path, chunk, score, lines, matchType, matches, ...}],
 *       corrected, suggestions, total, totalExact}}, each row as {@link
 *       SearchResult#toWire()} writes it: the {@code search} tool's structured content</td>
 *       </tr>
 *   <tr><td>{@code GET /api/brief?}(as search)</td>
 *       <td>{@code {overview, blocks: [{path, lines, text}], markdown}}</td></tr>
 *   <tr><td>{@code GET /api/read?path=PATH[:FROM-TO]} (or {@code &from=&to=})</td>
 *       <td>{@code {path, lines, text, markdown, backlinks: [{path, title}]}}, the backlinks
 *       being the notes whose wiki links name the file ({@link Backlink})</td></tr>
 *   <tr><td>{@code GET /api/tree}</td><td>{@code [{path, type, indexed, kind}]}</td></tr>
 *   <tr><td>{@code POST /api/concat} {@code {items, overview}}</td>
 *       <td>as brief</td></tr>
 *   <tr><td>{@code POST /api/find} (find_notes arguments)</td>
 *       <td>{@code {success, results, total, notes}}</td></tr>
 *   <tr><td>{@code GET /api/tasks?query=&project=&status=&priority=&deadline_before=}
 *       {@code &deadline_after=&limit=&mode=}</td>
 *       <td>{@code {results: [{path, project, lines, title, status, priority, deadline, text,
 *       score}], total, totalExact}}</td></tr>
 *   <tr><td>{@code GET /api/changelog?query=&project=&tag=&date_from=&date_to=&limit=&mode=}
 *       </td><td>{@code {results: [{path, project, lines, date, tag, title, text, score}],
 *       total, totalExact}}</td></tr>
 *   <tr><td>{@code GET /api/states?query=&project=&date_from=&date_to=&limit=&mode=}</td>
 *       <td>{@code {results: [{path, project, lines, updated, sections, text, score}], total,
 *       totalExact}}</td></tr>
 *   <tr><td>{@code GET /api/descriptions?query=&project=&limit=&mode=}</td>
 *       <td>{@code {results: [{path, project, lines, updated, text, score}], total,
 *       totalExact}}</td></tr>
 *   <tr><td>{@code GET /api/buckets?query=&project=&type=&tags=&date_from=&date_to=}
 *       {@code &limit=&mode=} ({@code tags} repeated or comma-separated)</td>
 *       <td>{@code {results: [{path, project, lines, type, created, updated, tags,
 *       frontmatter, text, score}], total, totalExact}}</td></tr>
 * </table>
 *
 * <p>Each endpoint is an operation of the catalogue ({@link Operations}): it takes the
 * arguments of the operation's request record, as the MCP tool of its name does. The typed
 * endpoints take the typed MCP tools' arguments and
 * answer their records in {@link org.qmd4j.notes.Note#toWire()} shape, inside the typed tools'
 * structured content ({@link Listing#toWire()}): {@code total} counts the records before
 * {@code limit}, exactly unless {@code totalExact} is false (then at least that many). A GET
 * endpoint takes the parameters of the MCP tool of its name and no other: an unknown one is a
 * 400 naming it, the nearest valid name and the valid ones; POST endpoints take none.
 */
final class ApiServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final int MAX_BODY = 1 << 20;
  /** The GET endpoints, each the operation of its name. */
  private static final Map<String, Operation<?, ?>> GET = Map.of("search", Operations.SEARCH,
      "brief", Operations.BRIEF, "read", Operations.READ, "tree", Operations.TREE,
      "tasks", Operations.TASKS, "changelog", Operations.CHANGELOG, "states", Operations.STATES,
      "descriptions", Operations.DESCRIPTIONS, "buckets", Operations.BUCKETS);
  /** The POST endpoints, whose arguments are a JSON body. */
  private static final Map<String, Operation<?, ?>> POST = Map.of("concat", Operations.CONCAT,
      "find", Operations.FIND);

  private final transient Searcher searcher;

  ApiServlet(Searcher searcher) {
    this.searcher = searcher;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String endpoint = endpoint(req);
    Object body;
    try {
      // Each GET endpoint takes the arguments of the MCP tool of its name, nothing else: a
      // misspelt name (q for query, from for date_from) is refused, not ignored.
      Operation<?, ?> operation = GET.get(endpoint);
      if (operation != null) {
        operation.requireKnownParameters(req.getParameterMap().keySet(), "/api/" + endpoint);
      }
      switch (endpoint) {
        case "search": body = searcher.answer(SearchForm.fromApi(req).toRequest()).toWire();
          break;
        case "brief": body = Json.document(searcher.brief(
            SearchForm.fromApi(req).toRequest()).document()); break;
        case "read": body = read(req); break;
        case "tree": body = searcher.tree().toWire(); break;
        default:
          if (operation != null && Operations.listings().contains(operation)) {
            body = ((Listing<?>) operation.run(searcher, args(req))).toWire();
          } else if (POST.containsKey(endpoint)) {
            Json.error(resp, 405, "Use POST for /api/" + endpoint + " with a JSON body");
            return;
          } else {
            notFound(resp, endpoint);
            return;
          }
      }
    } catch (RuntimeException e) {
      Failure f = Failure.of(e);
      Json.error(resp, f.status(), f.message());
      return;
    }
    Json.send(resp, 200, body);
  }

  @Override
  protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String endpoint = endpoint(req);
    if (!POST.containsKey(endpoint)) {
      if (GET.containsKey(endpoint)) {
        Json.error(resp, 405, "Use GET for /api/" + endpoint);
      } else {
        notFound(resp, endpoint);
      }
      return;
    }
    String type = req.getContentType();
    if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
      Json.error(resp, 415, "Send the arguments as a JSON object with Content-Type: "
          + "application/json");
      return;
    }
    Object body;
    try {
      if (!req.getParameterMap().isEmpty()) {
        throw new IllegalArgumentException("/api/" + endpoint + " takes its arguments in the"
            + " JSON body, not as query parameters ('"
            + req.getParameterMap().keySet().iterator().next() + "')");
      }
      Map<String, Object> args = arguments(req);
      body = endpoint.equals("concat")
          ? Json.document(Operations.CONCAT.run(searcher, args))
          : Operations.FIND.run(searcher, args).toWire();
    } catch (RuntimeException e) {
      Failure f = Failure.of(e);
      Json.error(resp, f.status(), f.message());
      return;
    }
    Json.send(resp, 200, body);
  }

  /**
   * The query parameters as tool arguments: {@code limit} as a number when it is one (else as
   * given, refused by the argument reader), {@code tags} joined from repeats, others as given.
   */
  private static Map<String, Object> args(HttpServletRequest req) {
    Map<String, Object> args = new LinkedHashMap<>();
    for (Map.Entry<String, String[]> e : req.getParameterMap().entrySet()) {
      String name = e.getKey();
      String[] values = e.getValue();
      if (name.equals("tags")) {
        args.put(name, String.join(",", values));
      } else if (values.length > 1) {
        throw new IllegalArgumentException("Parameter '" + name + "' is given "
            + values.length + " times; give it once");
      } else if (name.equals("limit") && values[0].strip().matches("-?\\d{1,18}")) {
        args.put(name, Long.parseLong(values[0].strip()));
      } else {
        args.put(name, values[0]);
      }
    }
    return args;
  }

  private Map<String, Object> read(HttpServletRequest req) {
    String path = req.getParameter("path");
    if (path == null || path.isBlank()) {
      throw new IllegalArgumentException("Parameter 'path' is required: a vault-relative path "
          + "such as projects/startup-x/state.md, optionally with :FROM-TO");
    }
    String from = req.getParameter("from");
    String to = req.getParameter("to");
    String spec = SearchForm.blank(from) ? path
        : path + ":" + from.strip() + "-" + (SearchForm.blank(to) ? from : to).strip();
    Block block = searcher.read(spec);
    Map<String, Object> out = new LinkedHashMap<>(Json.block(block));
    out.put("markdown", block.markdown());
    List<Map<String, String>> backlinks = new ArrayList<>();
    for (Backlink b : Backlink.to(searcher, block.path())) {
      Map<String, String> link = new LinkedHashMap<>();
      link.put("path", b.path());
      link.put("title", b.title());
      backlinks.add(link);
    }
    out.put("backlinks", backlinks);
    return out;
  }

  private static Map<String, Object> arguments(HttpServletRequest req) throws IOException {
    byte[] bytes;
    try (InputStream in = req.getInputStream()) {
      bytes = in.readNBytes(MAX_BODY + 1);
    }
    if (bytes.length > MAX_BODY) {
      throw new IllegalArgumentException("The request body is over " + MAX_BODY + " bytes");
    }
    try {
      Map<String, Object> args = Json.MAPPER.readValue(
          new String(bytes, StandardCharsets.UTF_8), new TypeReference<Map<String, Object>>() {});
      if (args == null) throw new IllegalArgumentException("The body must be a JSON object");
      return args;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("The body must be a JSON object: "
          + e.getOriginalMessage());
    }
  }

  private static String endpoint(HttpServletRequest req) {
    String info = req.getPathInfo();
    return info == null ? "" : info.replaceFirst("^/", "");
  }

  private static void notFound(HttpServletResponse resp, String endpoint) throws IOException {
    Json.error(resp, 404, "No endpoint /api/" + endpoint + "; the API has search, brief, "
        + "read, tree, tasks, changelog, states, descriptions, buckets (GET) and concat, find "
        + "(POST)");
  }
}
