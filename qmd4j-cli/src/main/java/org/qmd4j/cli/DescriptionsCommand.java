package org.qmd4j.cli;

import java.io.PrintWriter;
import org.qmd4j.notes.Description;
import picocli.CommandLine.Command;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;

/** {@code qmd4j descriptions}: the projects' description.md files, whole. */
@Command(name = "descriptions", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = {
        "Prints project descriptions (projects/NAME/description.md), or those that match "
            + "QUERY best first: path:lines and updated day, then the text, indented.",
        "",
        "Examples:",
        "  qmd4j descriptions --project client-dupont",
        "  qmd4j descriptions comptabilité --limit 1",
        ""})
final class DescriptionsCommand extends NoteCommand<NoteQuery<Description>, Description> {
  DescriptionsCommand(CliContext context) {
    super(context);
  }

  @Override
  NoteQuery<Description> query() {
    return NoteQuery.newBuilder(Kind.DESCRIPTIONS).query(args.query())
        .project(args.project).limit(args.limit).mode(args.mode()).build();
  }

  @Override
  void print(PrintWriter out, Description d) {
    out.println(where(d) + "  updated " + or(d.updated()));
    printIndented(out, d.text());
  }

  @Override
  String noun() {
    return "description";
  }

  @Override
  String nouns() {
    return "descriptions";
  }
}
