package org.qmd4j.cli;

import java.io.PrintWriter;
import org.qmd4j.catalogue.DescriptionsArgs;
import org.qmd4j.catalogue.Operations;
import org.qmd4j.notes.Description;
import picocli.CommandLine.Command;

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
final class DescriptionsCommand extends NoteCommand<DescriptionsArgs, Description> {
  DescriptionsCommand(CliContext context) {
    super(context, Operations.DESCRIPTIONS, "description", "descriptions");
  }

  @Override
  DescriptionsArgs request() {
    return new DescriptionsArgs(args.query(), args.project, args.limit, args.mode);
  }

  @Override
  void print(PrintWriter out, Description d) {
    out.println(where(d) + "  updated " + or(d.updated()));
    printIndented(out, d.text());
  }
}
