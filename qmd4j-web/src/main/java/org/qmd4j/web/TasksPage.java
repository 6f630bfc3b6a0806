package org.qmd4j.web;

import java.text.Normalizer;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.qmd4j.notes.Task;
import org.qmd4j.search.Total;

/**
 * What the Tasks page shows, read by the {@code tasks.jte} template: the filters with their
 * choices, the tasks grouped by project, and the error, if any. Every text in it is raw: the
 * template escapes it, except {@link Row#note()}, which is HTML made by {@link Markdown}.
 *
 * @param vaultName the vault's folder name
 * @param engine the engine's name
 * @param form the filters as given
 * @param after the {@code after} field's value, an ISO date when it is one
 * @param before the {@code before} field's value, an ISO date when it is one
 * @param statuses the status choices, "any" first
 * @param priorities the priority choices, "any" first
 * @param projects the project choices, "any" first
 * @param groups the tasks by project
 * @param total how many tasks the groups hold
 * @param overdue how many of them are overdue
 * @param matched how many tasks pass the filters, the page's cap aside: more than {@code
 *     total} when the page lists only the first ones
 * @param fieldError the invalid field, or {@code null}
 * @param failure what failed, or {@code null}
 * @param notesLayout why the vault has the {@code notes} layout (so no tasks files, no filters
 *     and no Tasks link in the nav), or {@code null} for a {@code projects} vault
 */
record TasksPage(String vaultName, String engine, TasksForm form, String after, String before,
    List<Choice> statuses, List<Choice> priorities, List<Choice> projects, List<Group> groups,
    int total, int overdue, Total matched, FieldException fieldError, Failure failure,
    String notesLayout) {

  /**
   * The page of a {@code notes} vault: no list, no filters, and a message saying why.
   *
   * @param reason why the vault has the notes layout ({@code requested}, or what was detected)
   */
  static TasksPage ofNotes(String vaultName, String engine, TasksForm form, String reason) {
    return new TasksPage(vaultName, engine, form, "", "", List.of(), List.of(), List.of(),
        List.of(), 0, 0, Total.exactly(0), null, null, reason);
  }

  /** Whether more tasks passed the filters than the page lists. */
  boolean capped() {
    return matched.exceeds(total);
  }

  /** Whether the nav offers the Tasks view: not on a {@code notes} vault. */
  boolean tasksView() {
    return notesLayout == null;
  }

  /** Statuses that close a task: its deadline is history, not a warning. */
  private static final Set<String> CLOSED = Set.of("fait", "faite", "done", "termine",
      "terminee", "clos", "close", "closed", "annule", "annulee", "abandonne", "cancelled",
      "canceled", "finished", "complete", "completed");

  /**
   * An option of a select.
   *
   * @param value the value sent; empty for "any"
   * @param label what the option says
   * @param selected whether it is the current one
   */
  record Choice(String value, String label, boolean selected) {}

  /**
   * The tasks of one project, or of the vault's root {@code tasks.md}.
   *
   * @param id a fragment id for the group's heading
   * @param name the project, or "Vault root"
   * @param path the tasks file the group's tasks come from, empty when several
   * @param root whether these are the root {@code tasks.md}'s tasks
   * @param rows the tasks, soonest deadline first, then in file order
   */
  record Group(String id, String name, String path, boolean root, List<Row> rows) {
    String count() {
      return rows.size() + (rows.size() == 1 ? " task" : " tasks");
    }
  }

  /**
   * One task as the page shows it.
   *
   * @param task the task
   * @param href the page's address of its file at its lines
   * @param due the deadline's state
   * @param dueText the deadline in words ({@code overdue by 3 days}), empty without one
   * @param note the task's text without its title and key lines, as safe HTML
   */
  record Row(Task task, String href, Due due, String dueText, String note) {
    String status() {
      return task.status().orElse("");
    }

    String priority() {
      return task.priority().orElse("");
    }

    String statusClass() {
      return "badge status st-" + slug(status());
    }

    String priorityClass() {
      return "badge prio pr-" + slug(priority());
    }

    String deadline() {
      return task.deadline().map(LocalDate::toString).orElse("");
    }

    String where() {
      return task.path() + " · " + (task.lines().from() == task.lines().to()
          ? "line " + task.lines().from() : "lines " + task.lines());
    }
  }

  /** Where a deadline stands against today. */
  enum Due {
    NONE, CLOSED, OVERDUE, TODAY, SOON, LATER;

    String css() {
      return "due due-" + name().toLowerCase(Locale.ROOT);
    }
  }

  /** The deadline state of {@code task} on {@code today}: overdue only while it is open. */
  static Due due(Task task, LocalDate today) {
    if (task.deadline().isEmpty()) return Due.NONE;
    if (task.status().map(s -> CLOSED.contains(fold(s))).orElse(false)) return Due.CLOSED;
    long days = ChronoUnit.DAYS.between(today, task.deadline().get());
    if (days < 0) return Due.OVERDUE;
    if (days == 0) return Due.TODAY;
    return days <= 7 ? Due.SOON : Due.LATER;
  }

  /** The deadline in words, relative to {@code today}. */
  static String dueText(Task task, Due due, LocalDate today) {
    if (task.deadline().isEmpty()) return "";
    long days = ChronoUnit.DAYS.between(today, task.deadline().get());
    switch (due) {
      case OVERDUE: return "overdue by " + plural(-days, "day");
      case TODAY: return "due today";
      case SOON:
      case LATER: return "in " + plural(days, "day");
      default: return "";
    }
  }

  private static String plural(long n, String word) {
    return n + " " + word + (n == 1 ? "" : "s");
  }

  boolean invalid(String field) {
    return fieldError != null && fieldError.field().equals(field);
  }

  /** The message of the invalid field, or {@code null} when {@code field} is fine. */
  String error(String field) {
    return invalid(field) ? fieldError.getMessage() : null;
  }

  /**
   * The type of a date field: {@code date}, or {@code text} while it holds a value that is
   * not a date, so that the value stays visible beside its message.
   */
  String dateType(String field) {
    return invalid(field) ? "text" : "date";
  }

  /** The error's id, for {@code aria-describedby}; {@code null} when {@code field} is fine. */
  String describedBy(String field) {
    return invalid(field) ? field + "-error" : null;
  }

  /** What the list holds, in words: {@code 28 tasks in 5 groups}, or {@code 1000 of 1200 ...}. */
  String summary() {
    String s = (capped() ? total + " of " + matched + " tasks" : plural(total, "task")) + " in "
        + plural(groups.size(), "group");
    return overdue == 0 ? s : s + " · " + overdue + " overdue";
  }

  /** The page's title. */
  String title() {
    return "Tasks · " + vaultName + " · qmd4j";
  }

  /** {@code s} folded for comparison: lower case, no accents. */
  static String fold(String s) {
    String d = Normalizer.normalize(s.strip(), Normalizer.Form.NFD);
    return d.replaceAll("\\p{M}+", "").toLowerCase(Locale.ROOT);
  }

  /** {@code s} as a CSS class name part: folded, letters, digits and dashes. */
  static String slug(String s) {
    return fold(s).replaceAll("[^a-z0-9]+", "-");
  }
}
