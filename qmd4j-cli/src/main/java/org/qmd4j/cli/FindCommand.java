package org.qmd4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.qmd4j.SearchOptions;
import org.qmd4j.Searcher;
import org.qmd4j.catalogue.FindArgs;
import org.qmd4j.catalogue.Operations;
import org.qmd4j.cli.daemon.SearcherSource;
import org.qmd4j.find.ChunkItem;
import org.qmd4j.find.FindItem;
import org.qmd4j.find.FindRequest;
import org.qmd4j.find.FindResult;
import org.qmd4j.search.Total;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code qmd4j find}: notes by any mix of query, folder, frontmatter and dates. */
@Command(name = "find", mixinStandardHelpOptions = true, showDefaultValues = true,
    description = {
        "Finds notes by any mix of a query, a folder, frontmatter conditions and dates.",
        "With --query: the matching chunks of the notes that pass the other criteria, best "
            + "first. Without: the notes that pass, newest first. Only indexed files count."})
final class FindCommand implements Callable<Integer> {
  private final CliContext context;
  private final SearchOptions base;

  FindCommand(CliContext context) {
    this.context = context;
    this.base = context.base();
  }

  @Spec CommandSpec spec;
  @Mixin VaultOption vault;

  @Option(names = "--query", paramLabel = "Q", description = "Words to look for.")
  String query;

  @Option(names = "--mode", defaultValue = "keyword", paramLabel = "M",
      description = "keyword (BM25), hybrid or semantic (qmd's deep search; keyword lists "
          + "fused by rank with the embedded engine, which has no semantic model).")
  String mode;

  @Option(names = "--folder", paramLabel = "F",
      description = "Only notes in this vault-relative folder, e.g. projects/startup-x.")
  String folder;

  @Option(names = "--recursive", description = "With --folder: its sub-folders too.")
  boolean recursive;

  @Option(names = "--where", paramLabel = "'FIELD OP VALUE'",
      showDefaultValue = Visibility.NEVER,
      description = "A condition; repeat for AND. Operators: eq, ne, contains, in "
          + "(comma-separated values), exists, missing, gt, gte, lt, lte (dates or numbers). "
          + "Fields are frontmatter keys, except that status, prio, priority and deadline "
          + "judge tasks files task by task, and tag judges changelogs entry by entry: the "
          + "passing tasks and entries are listed with their own lines. E.g. 'status eq "
          + "bloqué', 'deadline lte 2025-09-30', 'tag eq décision', 'type eq réunion', "
          + "'updated gte 2025-06-01'.")
  List<String> where = new ArrayList<>();

  @Option(names = "--date-start", paramLabel = "D",
      description = "Inclusive lower date. " + HelpTexts.DATES)
  String dateStart;

  @Option(names = "--date-end", paramLabel = "D", description = "Inclusive upper date; same forms.")
  String dateEnd;

  @Option(names = "--date-type", defaultValue = "modified", paramLabel = "modified|created",
      description = "The date the bounds and date sorts use: frontmatter updated (modified) "
          + "or created, else the file's own time.")
  String dateType;

  @Option(names = "--sort", paramLabel = "S",
      description = "relevance (needs --query), modified, created or name. Default: "
          + "relevance with --query, modified without.")
  String sort;

  @Option(names = "--fields", split = ",", paramLabel = "a,b",
      showDefaultValue = Visibility.NEVER,
      description = "Frontmatter fields to print with each result.")
  List<String> fields = new ArrayList<>();

  @Option(names = "--limit", defaultValue = "20", paramLabel = "N",
      description = "Maximum number of results (n_results).")
  int limit;

  @Option(names = "--offset", defaultValue = "0", paramLabel = "K",
      description = "Number of results to skip.")
  int offset;

  @Option(names = "--json",
      description = "Print {success, results, total, notes} as JSON and nothing else.")
  boolean json;

  @Mixin EngineOption engine;

  @Override
  public Integer call() throws JsonProcessingException {
    FindArgs args = new FindArgs(query, mode, folder, recursive, where, dateStart, dateEnd,
        dateType, sort, fields, limit, offset);
    Function<Searcher, FindResult> find = Operations.FIND.bind(args);
    SearchOptions options = vault.applyTo(engine.applyTo(base));
    FindResult result;
    try (SearcherSource.Lease lease = context.open(vault, options)) {
      result = find.apply(lease.searcher());
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(toJson(result));
    } else {
      // The request as checked (its folder normalized) words the listing's last line.
      printListing(out, result, args.toRequest());
      PrintWriter err = spec.commandLine().getErr();
      for (String note : result.notes()) err.println("qmd4j: note: " + note);
      err.flush();
    }
    out.flush();
    return ExitCodes.OK;
  }

  /** {@code {success, results, total, notes}}: see {@link FindResult#toWire()}. */
  static String toJson(FindResult result) throws JsonProcessingException {
    return Json.MAPPER.writeValueAsString(result.toWire());
  }

  private static void printListing(PrintWriter out, FindResult result, FindRequest request) {
    if (result.results().isEmpty()) {
      out.println(result.inSubfolders() > 0 ? "No note found directly in "
          + (request.folder().orElseThrow().isEmpty() ? "the vault's root folder"
              : request.folder().orElseThrow() + "/") + "; " + result.inSubfolders()
          + " in its sub-folders (--recursive)."
          : result.total() == 0 ? "No note found."
          : "No result past offset " + request.offset() + " (" + result.total() + " in all).");
      return;
    }
    for (FindItem item : result.results()) {
      if (item instanceof ChunkItem) {
        ChunkItem c = (ChunkItem) item;
        out.printf("%s:%s  %.2f  %s%n", c.source(), c.lines(), c.score(), c.heading());
      } else {
        out.println(item.path());
      }
      if (!item.fields().isEmpty()) out.println("    " + fieldsLine(item.fields()));
    }
    out.println(countLine(result, request));
  }

  /**
   * The count below the listing, worded as the other commands': {@code (7 results)} when the
   * page shows them all, else the page's range, {@code (1-20 of 28 results; --offset 20 to
   * see more)}, without the hint on the last page.
   */
  static String countLine(FindResult result, FindRequest request) {
    int shown = result.results().size();
    if (request.offset() == 0 && result.total() <= shown) {
      return NoteCommand.countLine(shown, Total.exactly(result.total()), "result", "results",
          "--offset");
    }
    int first = request.offset() + 1;
    int last = request.offset() + shown;
    return "(" + first + "-" + last + " of " + result.total() + " results"
        + (last < result.total() ? "; --offset " + last + " to see more)" : ")");
  }

  private static String fieldsLine(Map<String, Object> fields) {
    StringBuilder sb = new StringBuilder();
    for (Map.Entry<String, Object> e : fields.entrySet()) {
      if (sb.length() > 0) sb.append("  ");
      sb.append(e.getKey()).append('=').append(e.getValue() == null ? "-" : e.getValue());
    }
    return sb.toString();
  }
}
