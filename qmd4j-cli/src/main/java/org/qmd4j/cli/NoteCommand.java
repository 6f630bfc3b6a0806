package org.qmd4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.qmd4j.SearchOptions;
import org.qmd4j.Searcher;
import org.qmd4j.cli.daemon.SearcherSource;
import org.qmd4j.notes.Note;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What the typed commands share: open the vault, run the kind's typed query, print the records
 * as JSON ({@link Note#toWire()}, the shape of the MCP tools and of the web API) or as a
 * listing for people, one note per line ({@code path:lines} first, as {@code rg -n} does).
 *
 * @param <Q> the kind's query
 * @param <T> the record the command lists
 */
abstract class NoteCommand<Q, T extends Note> implements Callable<Integer> {
  private final CliContext context;
  private final SearchOptions base;

  @Spec CommandSpec spec;
  @Mixin VaultOption vault;
  @Mixin NoteArgs args;
  @Mixin EngineOption engine;

  NoteCommand(CliContext context) {
    this.context = context;
    this.base = context.base();
  }

  /**
   * The kind's query from the options, built before the vault is opened so that bad input
   * fails at once; validation errors are the library's typed exceptions.
   */
  abstract Q query();

  /** Runs {@code query}. */
  abstract List<T> run(Searcher searcher, Q query);

  /** Prints one record for people. */
  abstract void print(PrintWriter out, T note);

  /** What one record is called in the listing: {@code task}, {@code entry} ... */
  abstract String noun();

  /** The plural of {@link #noun()}. */
  abstract String nouns();

  @Override
  public final Integer call() throws JsonProcessingException {
    Q query = query();
    List<T> notes;
    try (SearcherSource.Lease lease = context.open(vault, engine,
        vault.applyTo(engine.applyTo(base)))) {
      notes = run(lease.searcher(), query);
    }
    PrintWriter out = spec.commandLine().getOut();
    if (args.json) {
      out.println(toJson(notes));
    } else if (notes.isEmpty()) {
      out.println("No " + noun() + " found.");
    } else {
      for (T note : notes) print(out, note);
      out.println("(" + notes.size() + " " + (notes.size() == 1 ? noun() : nouns()) + ")");
    }
    out.flush();
    return ExitCodes.OK;
  }

  /** The JSON array of the records' wire shapes. */
  static String toJson(List<? extends Note> notes) throws JsonProcessingException {
    List<Map<String, Object>> rows = notes.stream().map(Note::toWire).toList();
    return Json.MAPPER.writeValueAsString(rows);
  }

  /** {@code path:lines}, the head of every listing line. */
  static String where(Note note) {
    return note.path() + ":" + note.lines();
  }

  /** The value, or {@code -} when absent. */
  static String or(Optional<?> value) {
    return value.map(String::valueOf).orElse("-");
  }

  /** The text under a header line, indented, without blank lines at its ends. */
  static void printIndented(PrintWriter out, String text) {
    for (String line : text.strip().split("\n", -1)) {
      out.println(line.isBlank() ? "" : "    " + line.stripTrailing());
    }
    out.println();
  }
}
