package org.qmd4j.cli;

import java.io.PrintWriter;
import org.qmd4j.notes.ProjectState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;

/** {@code qmd4j states}: the projects' state.md files, whole. */
@Command(name = "states", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = {
        "Prints project states (projects/NAME/state.md), newest 'updated' first (or ranked "
            + "by QUERY): path:lines and updated day, then the text, indented.",
        "",
        "Examples:",
        "  qmd4j states --project startup-x",
        "  qmd4j states --from '2 weeks ago'       states updated lately",
        "  qmd4j states --json",
        ""})
final class StatesCommand extends NoteCommand<NoteQuery<ProjectState>, ProjectState> {
  @Option(names = "--from", paramLabel = "DATE",
      description = "Only states whose frontmatter updated: is this day or later (states "
          + "without it are then left out). " + HelpTexts.DATES)
  String from;

  @Option(names = "--to", paramLabel = "DATE",
      description = "Only states updated on this day or earlier; same forms.")
  String to;

  StatesCommand(CliContext context) {
    super(context);
  }

  @Override
  NoteQuery<ProjectState> query() {
    return NoteQuery.newBuilder(Kind.STATES).query(args.query()).project(args.project)
        .from(from).to(to).limit(args.limit).mode(args.mode()).build();
  }

  @Override
  void print(PrintWriter out, ProjectState s) {
    out.println(where(s) + "  updated " + or(s.updated()));
    printIndented(out, s.text());
  }

  @Override
  String noun() {
    return "state";
  }

  @Override
  String nouns() {
    return "states";
  }
}
