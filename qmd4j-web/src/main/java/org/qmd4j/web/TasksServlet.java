package org.qmd4j.web;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.file.Path;
import java.text.Collator;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.qmd4j.EngineDescription;
import org.qmd4j.Searcher;
import org.qmd4j.notes.Listing;
import org.qmd4j.notes.Task;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.InvalidScopeException;
import org.qmd4j.search.Layout;
import org.qmd4j.search.Total;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;

/**
 * The Tasks page at {@code /tasks}: every task of the vault's {@code tasks.md} files, filtered
 * by status, priority, project, deadline and words, grouped by project. Rendered on the
 * server from {@link Searcher#tasks}, so the address alone
 * ({@code /tasks?status=bloqué&prio=haute&before=2025-10-01}) shows the same list.
 */
final class TasksServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final String ROOT_NAME = "Vault root";

  private final transient Searcher searcher;
  private final transient Templates templates;
  private final transient Markdown markdown;
  private final String vaultName;
  private final String engine;

  TasksServlet(Searcher searcher, Templates templates, Markdown markdown) {
    this.searcher = searcher;
    this.templates = templates;
    this.markdown = markdown;
    Path name = Path.of(searcher.describe().vault()).getFileName();
    this.vaultName = name == null ? searcher.describe().vault() : name.toString();
    this.engine = searcher.describe().engine();
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    TasksForm form = TasksForm.fromPage(req);
    EngineDescription description = searcher.describe();
    if (description.layout() == Layout.NOTES) {
      // No tasks.md is read in a folder of notes: say so, rather than an error on a field.
      TasksPage page = TasksPage.ofNotes(vaultName, engine, form, description.layoutReason());
      PageServlet.send(resp, 200, templates.render("tasks.jte", page));
      return;
    }
    Clock clock = searcher.clock();
    List<Task> every = List.of();
    Listing<Task> listed = new Listing<>(List.of(), Total.exactly(0));
    FieldException fieldError = null;
    Failure failure = null;
    try {
      Listing<Task> all = searcher.list(NoteQuery.newBuilder(Kind.TASKS).limit(TasksForm.MAX_TASKS)
          .build());
      every = all.results();
      listed = form.filtered() ? searcher.list(form.toQuery()) : all;
    } catch (FieldException e) {
      fieldError = e;
    } catch (InvalidDateException e) {
      // Both bounds parsed, so the earliest deadline is after the latest.
      fieldError = new FieldException("before", e.named(TasksForm.NAMES));
    } catch (InvalidScopeException e) {
      fieldError = new FieldException("project", e);
    } catch (RuntimeException e) {
      failure = Failure.of(e);
    }
    if (fieldError != null) {
      failure = Failure.of(fieldError);
      listed = new Listing<>(List.of(), Total.exactly(0));
    }
    List<Task> found = listed.results();
    Total matched = listed.total();
    if (form.rootOnly()) {
      found = found.stream().filter(t -> t.project().isEmpty()).toList();
      // The count was of every project's tasks: past the page's cap only a lower bound holds.
      matched = listed.leftOut() ? Total.atLeast(found.size()) : Total.exactly(found.size());
    }
    LocalDate today = LocalDate.now(clock);
    List<TasksPage.Group> groups = groups(found, today, form);
    int overdue = (int) groups.stream().flatMap(g -> g.rows().stream())
        .filter(r -> r.due() == TasksPage.Due.OVERDUE).count();
    TasksPage page = new TasksPage(vaultName, engine, form,
        TasksForm.shown(form.after(), clock, false), TasksForm.shown(form.before(), clock, true),
        choices(every, Task::status, form.status()),
        choices(every, Task::priority, form.priority()), projects(every, form.project()),
        groups, found.size(), overdue, matched, fieldError, failure, null);
    int status = failure == null ? 200 : failure.status();
    PageServlet.send(resp, status, templates.render("tasks.jte", page));
  }

  /** The tasks by project, the root {@code tasks.md} first, then projects by name. */
  private List<TasksPage.Group> groups(List<Task> tasks, LocalDate today, TasksForm form) {
    Map<String, List<Task>> byProject = new TreeMap<>(collator());
    List<Task> root = new ArrayList<>();
    for (Task t : tasks) {
      if (t.project().isEmpty()) {
        root.add(t);
      } else {
        byProject.computeIfAbsent(t.project().get(), k -> new ArrayList<>()).add(t);
      }
    }
    List<TasksPage.Group> groups = new ArrayList<>();
    if (!root.isEmpty()) groups.add(group("root", ROOT_NAME, true, root, today, form));
    byProject.forEach((name, list) ->
        groups.add(group("p-" + TasksPage.slug(name), name, false, list, today, form)));
    return groups;
  }

  private TasksPage.Group group(String id, String name, boolean root, List<Task> tasks,
      LocalDate today, TasksForm form) {
    List<Task> sorted = new ArrayList<>(tasks);
    sorted.sort(Comparator.comparing((Task t) -> t.deadline().orElse(LocalDate.MAX))
        .thenComparing(Task::path).thenComparingInt(t -> t.lines().from()));
    String back = form.pageQuery();
    List<TasksPage.Row> rows = new ArrayList<>();
    for (Task t : sorted) {
      TasksPage.Due due = TasksPage.due(t, today);
      // "tasks" carries the filters, so that the file's page leads back to this list.
      String href = "/?open=" + Html.url(t.path() + ":" + t.lines()) + "&tasks="
          + Html.url(back);
      rows.add(new TasksPage.Row(t, href, due, TasksPage.dueText(t, due, today), note(t)));
    }
    long paths = sorted.stream().map(Task::path).distinct().count();
    return new TasksPage.Group(id, name, paths == 1 ? sorted.get(0).path() : "", root, rows);
  }

  /** The task's text below its title, without its key lines, rendered; empty when none. */
  private String note(Task task) {
    StringBuilder sb = new StringBuilder();
    String[] lines = task.text().split("\n", -1);
    for (int i = 1; i < lines.length; i++) {
      String l = lines[i];
      if (l.matches("(?i)\\s*(status|prio|priority|deadline)\\s*:.*")) continue;
      sb.append(l).append('\n');
    }
    String body = sb.toString().strip();
    return body.isEmpty() ? "" : markdown.render(body, task.path());
  }

  /**
   * The values {@code field} takes among {@code tasks}, once each (ignoring case and
   * accents, spelled as first written), after "any"; a value asked for that no task has is
   * kept, selected, so that the form shows what was asked.
   */
  private static List<TasksPage.Choice> choices(List<Task> tasks,
      Function<Task, Optional<String>> field, String asked) {
    Map<String, String> seen = new LinkedHashMap<>();
    for (Task t : tasks) {
      field.apply(t).ifPresent(v -> seen.putIfAbsent(TasksPage.fold(v), v.strip()));
    }
    List<String> values = new ArrayList<>(seen.values());
    values.sort(collator());
    String wanted = asked == null ? "" : TasksPage.fold(asked);
    List<TasksPage.Choice> out = new ArrayList<>();
    out.add(new TasksPage.Choice("", "Any", asked == null));
    boolean found = false;
    for (String v : values) {
      boolean selected = TasksPage.fold(v).equals(wanted);
      found |= selected;
      out.add(new TasksPage.Choice(v, v, selected));
    }
    if (asked != null && !found) out.add(new TasksPage.Choice(asked, asked, true));
    return out;
  }

  private static List<TasksPage.Choice> projects(List<Task> tasks, String asked) {
    List<String> names = new ArrayList<>(tasks.stream().flatMap(t -> t.project().stream())
        .distinct().toList());
    names.sort(collator());
    boolean hasRoot = tasks.stream().anyMatch(t -> t.project().isEmpty());
    List<TasksPage.Choice> out = new ArrayList<>();
    out.add(new TasksPage.Choice("", "Any", asked == null));
    if (hasRoot || TasksForm.ROOT.equals(asked)) {
      out.add(new TasksPage.Choice(TasksForm.ROOT, ROOT_NAME + " (tasks.md)",
          TasksForm.ROOT.equals(asked)));
    }
    for (String n : names) out.add(new TasksPage.Choice(n, n, n.equals(asked)));
    if (asked != null && !TasksForm.ROOT.equals(asked) && !names.contains(asked)) {
      out.add(new TasksPage.Choice(asked, asked, true));
    }
    return out;
  }

  private static Collator collator() {
    Collator c = Collator.getInstance(Locale.ROOT);
    c.setStrength(Collator.SECONDARY);
    return c;
  }
}
