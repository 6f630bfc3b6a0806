package org.qmd4j.cli;

import java.io.PrintWriter;
import org.qmd4j.notes.ChangelogEntry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;

/** {@code qmd4j changelog}: changelog entries by tag, period and project. */
@Command(name = "changelog", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = {
        "Lists changelog entries: a '## [tag] title' section under its '# YYYY-MM-DD' day, "
            + "newest first (or ranked by QUERY).",
        "Each line: path:lines, day, [tag] title.",
        "",
        "Examples:",
        "  qmd4j changelog --tag décision --project startup-x",
        "  qmd4j changelog --tag blocage --from 'le mois dernier' --json",
        "  qmd4j changelog --from 2025-07-01 --to 2025-07-31 webhook",
        ""})
final class ChangelogCommand extends NoteCommand<NoteQuery<ChangelogEntry>, ChangelogEntry> {
  @Option(names = "--tag", paramLabel = "T",
      description = "Only entries with this tag, with or without brackets ([décision] or "
          + "décision), ignoring case and accents.")
  String tag;

  @Option(names = "--from", paramLabel = "DATE",
      description = "Only entries of this day or later. " + HelpTexts.DATES)
  String from;

  @Option(names = "--to", paramLabel = "DATE",
      description = "Only entries of this day or earlier; same forms.")
  String to;

  ChangelogCommand(CliContext context) {
    super(context);
  }

  @Override
  NoteQuery<ChangelogEntry> query() {
    return NoteQuery.newBuilder(Kind.CHANGELOG).query(args.query())
        .project(args.project).tag(tag).from(from).to(to).limit(args.limit)
        .mode(args.mode()).build();
  }

  @Override
  void print(PrintWriter out, ChangelogEntry e) {
    out.println(where(e) + "  " + or(e.date()) + "  "
        + e.tag().map(t -> "[" + t + "] ").orElse("") + e.title());
  }

  @Override
  String noun() {
    return "entry";
  }

  @Override
  String nouns() {
    return "entries";
  }
}
