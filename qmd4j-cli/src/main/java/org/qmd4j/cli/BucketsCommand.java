package org.qmd4j.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.qmd4j.notes.BucketItem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Option;
import org.qmd4j.notes.Kind;
import org.qmd4j.notes.NoteQuery;

/** {@code qmd4j buckets}: bucket notes by type, tags, period and project. */
@Command(name = "buckets", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = {
        "Lists bucket notes (bucket/** and projects/NAME/bucket/**) by their frontmatter, "
            + "newest 'updated' first (or ranked by QUERY).",
        "Each line: path:lines, type, updated day, tags.",
        "",
        "Examples:",
        "  qmd4j buckets --type réunion --tag dupont",
        "  qmd4j buckets --project startup-x --json",
        "  qmd4j buckets --from 'il y a 1 mois' pricing",
        ""})
final class BucketsCommand extends NoteCommand<NoteQuery<BucketItem>, BucketItem> {
  @Option(names = "--type", paramLabel = "T",
      description = "Only notes whose frontmatter type: is this, ignoring case and accents.")
  String type;

  @Option(names = "--tag", split = ",", paramLabel = "T", showDefaultValue = Visibility.NEVER,
      description = "Only notes whose frontmatter tags: hold this tag; repeat (or separate "
          + "with commas) for notes holding all of them.")
  List<String> tags = new ArrayList<>();

  @Option(names = "--from", paramLabel = "DATE",
      description = "Only notes whose frontmatter updated: is this day or later (notes "
          + "without it are then left out). " + HelpTexts.DATES)
  String from;

  @Option(names = "--to", paramLabel = "DATE",
      description = "Only notes updated on this day or earlier; same forms.")
  String to;

  BucketsCommand(CliContext context) {
    super(context);
  }

  @Override
  NoteQuery<BucketItem> query() {
    return NoteQuery.newBuilder(Kind.BUCKETS).query(args.query()).project(args.project)
        .type(type).tags(tags.toArray(new String[0])).from(from).to(to).limit(args.limit)
        .mode(args.mode()).build();
  }

  @Override
  void print(PrintWriter out, BucketItem b) {
    out.println(where(b) + "  " + or(b.type()) + "  " + or(b.updated())
        + (b.tags().isEmpty() ? "" : "  " + String.join(", ", b.tags())));
  }

  @Override
  String noun() {
    return "note";
  }

  @Override
  String nouns() {
    return "notes";
  }
}
