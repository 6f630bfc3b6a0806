package org.qmd4j.cli;

import java.io.PrintWriter;
import org.qmd4j.catalogue.TasksArgs;
import org.qmd4j.notes.Task;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import org.qmd4j.notes.NoteQuery;

/** {@code qmd4j tasks}: the tasks of the vault's tasks.md files, by status, priority, deadline. */
@Command(name = "tasks", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = {
        "Lists the tasks of the vault's tasks.md files: an H1 title followed by status:, "
            + "prio: and deadline: lines. Filters ignore case and accents (bloque = bloqué).",
        "Each line: path:lines, title, then (status, priority, deadline), '-' when absent.",
        "",
        "Examples:",
        "  qmd4j tasks --status bloqué              what is blocked?",
        "  qmd4j tasks --prio haute --project startup-x",
        "  qmd4j tasks --deadline-before today      overdue or due today",
        "  qmd4j tasks --deadline-after 2025-10-01 --deadline-before 2025-10-31 --json",
        "  qmd4j tasks term sheet                   ranked by these words",
        ""})
final class TasksCommand extends NoteCommand<NoteQuery<Task>, Task> {
  @Option(names = "--status", paramLabel = "S",
      description = "Only tasks with this status: (the vault's words, e.g. à-faire, en-cours, "
          + "bloqué, fait).")
  String status;

  @Option(names = {"--prio", "--priority"}, paramLabel = "P",
      description = "Only tasks with this prio: (e.g. haute, moyenne, basse).")
  String priority;

  @Option(names = "--deadline-before", paramLabel = "DATE",
      description = "Only tasks due on or before this day (a period counts to its last "
          + "day); tasks without deadline are then left out. " + HelpTexts.DATES)
  String deadlineBefore;

  @Option(names = "--deadline-after", paramLabel = "DATE",
      description = "Only tasks due on or after this day (a period counts from its first "
          + "day); same forms. Tasks without deadline are then left out.")
  String deadlineAfter;

  TasksCommand(CliContext context) {
    super(context);
  }

  /** The options as the catalogue's request, which the MCP tool and /api/tasks read too. */
  @Override
  NoteQuery<Task> query() {
    return new TasksArgs(args.query(), args.project, status, priority, deadlineBefore,
        deadlineAfter, args.limit, args.mode).toQuery();
  }

  @Override
  void print(PrintWriter out, Task t) {
    out.println(where(t) + "  " + t.title() + "  (" + or(t.status()) + ", "
        + or(t.priority()) + ", " + or(t.deadline()) + ")");
  }

  @Override
  String noun() {
    return "task";
  }

  @Override
  String nouns() {
    return "tasks";
  }
}
