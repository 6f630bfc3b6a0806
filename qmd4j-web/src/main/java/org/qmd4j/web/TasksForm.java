package org.qmd4j.web;

import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.qmd4j.search.DateSpec;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;
import org.qmd4j.notes.Task;

/**
 * The Tasks page's filters as its URL gives them, every value a raw string ({@code null} when
 * absent or blank): {@code q, project, status, prio, before, after}. Turned into a
 * {@link Kind#TASKS} one field at a time, so that an error names its field.
 *
 * @param query words the tasks must hold; absent for every task
 * @param project one project's tasks; {@link #ROOT} for the vault's own {@code tasks.md}
 * @param status a status as the notes write it ({@code bloqué}); accents and case ignored
 * @param priority a priority ({@code haute}); accents and case ignored
 * @param before the latest deadline, inclusive: an ISO date or a relative one ({@code today})
 * @param after the earliest deadline, inclusive
 */
record TasksForm(String query, String project, String status, String priority, String before,
    String after) {

  /** The project value that stands for the vault's root {@code tasks.md}. */
  static final String ROOT = "-";

  /** The tasks fetched at most, for the filters' choices and for one answer. */
  static final int MAX_TASKS = 1000;

  /** The field labels the library's date messages use for the deadline bounds. */
  static final Map<String, String> NAMES =
      Map.of("deadline_before", "Due before", "deadline_after", "Due after");

  static TasksForm fromPage(HttpServletRequest r) {
    return new TasksForm(value(r, "q"), value(r, "project"), value(r, "status"),
        value(r, "prio"), value(r, "before"), value(r, "after"));
  }

  private static String value(HttpServletRequest r, String name) {
    String v = r.getParameter(name);
    return v == null || v.isBlank() ? null : v.strip();
  }

  /** Whether any filter is set (the query as well). */
  boolean filtered() {
    return query != null || project != null || status != null || priority != null
        || before != null || after != null;
  }

  /** Whether only the vault's root {@code tasks.md} is asked for. */
  boolean rootOnly() {
    return ROOT.equals(project);
  }

  /**
   * The query. A bad value throws {@link FieldException} naming the page's field
   * ({@code project, before, after}) with the library's message.
   */
  NoteQuery<Task> toQuery() {
    NoteQuery.Builder<Task> b = NoteQuery.newBuilder(Kind.TASKS).limit(MAX_TASKS);
    if (query != null) b.query(query);
    if (status != null) b.status(status);
    if (priority != null) b.priority(priority);
    if (project != null && !rootOnly()) b.project(project);
    Optional<DateSpec> latest = date(before, "before", "deadline_before");
    Optional<DateSpec> earliest = date(after, "after", "deadline_after");
    latest.ifPresent(b::to);
    earliest.ifPresent(b::from);
    try {
      return b.build();
    } catch (RuntimeException e) {
      // The words and the filters are stripped and never blank: only a project can be wrong.
      throw new FieldException("project", e);
    }
  }

  private static Optional<DateSpec> date(String value, String field, String parameter) {
    if (value == null) return Optional.empty();
    try {
      return Optional.of(DateSpec.parse(value, parameter));
    } catch (InvalidDateException e) {
      throw new FieldException(field, e.named(NAMES));
    }
  }

  /**
   * The ISO date a date field shows for {@code value}: relative dates resolved against
   * {@code clock} ({@code before} as an upper bound), the raw value when it is not a date.
   */
  static String shown(String value, Clock clock, boolean upper) {
    if (value == null) return "";
    try {
      DateSpec d = DateSpec.parse(value);
      LocalDate day = upper ? d.resolveEnd(clock) : d.resolve(clock);
      return day.toString();
    } catch (InvalidDateException e) {
      return value;
    }
  }

  /** The page's query string for these filters, without the leading {@code ?}. */
  String pageQuery() {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("q", query);
    params.put("project", project);
    params.put("status", status);
    params.put("prio", priority);
    params.put("before", before);
    params.put("after", after);
    StringBuilder sb = new StringBuilder();
    params.forEach((k, v) -> {
      if (v == null) return;
      if (sb.length() > 0) sb.append('&');
      sb.append(k).append('=').append(Html.url(v));
    });
    return sb.toString();
  }
}
