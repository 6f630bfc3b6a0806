package org.qmd4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.qmd4j.SearchOptions;
import org.qmd4j.Searcher;
import org.qmd4j.catalogue.Operation;
import org.qmd4j.cli.daemon.SearcherSource;
import org.qmd4j.notes.Listing;
import org.qmd4j.notes.Note;
import org.qmd4j.search.Total;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What the typed commands share: the options as the catalogue's request for the kind's
 * operation (checked before the vault is opened), open the vault, run it, print the records
 * as JSON ({@link Listing#toWire()}, the shape of the MCP tools and of the web API) or as a
 * listing for people, one note per line ({@code path:lines} first, as {@code rg -n} does),
 * then the count: {@code (28 tasks)}, or {@code (20 of 28 tasks; --limit to see more)} when
 * the limit left some out.
 *
 * @param <A> the operation's request record
 * @param <T> the record the command lists
 */
abstract class NoteCommand<A extends Record, T extends Note> implements Callable<Integer> {
  private final CliContext context;
  private final SearchOptions base;
  private final Operation<A, Listing<T>> operation;
  private final String noun;
  private final String nouns;

  @Spec CommandSpec spec;
  @Mixin VaultOption vault;
  @Mixin NoteArgs args;
  @Mixin EngineOption engine;

  /**
   * @param operation the kind's operation in the catalogue, which the MCP tool and the web
   *     API run too
   * @param noun what one record is called in the listing: {@code task}, {@code entry} ...
   * @param nouns its plural
   */
  NoteCommand(CliContext context, Operation<A, Listing<T>> operation, String noun,
      String nouns) {
    this.context = context;
    this.base = context.base();
    this.operation = operation;
    this.noun = noun;
    this.nouns = nouns;
  }

  /** The options as the operation's request. */
  abstract A request();

  /** Prints one record for people. */
  abstract void print(PrintWriter out, T note);

  @Override
  public final Integer call() throws JsonProcessingException {
    // Bound before the vault is opened, so that bad input fails at once.
    Function<Searcher, Listing<T>> list = operation.bind(request());
    Listing<T> listed;
    try (SearcherSource.Lease lease = context.open(vault, vault.applyTo(engine.applyTo(base)))) {
      listed = list.apply(lease.searcher());
    }
    PrintWriter out = spec.commandLine().getOut();
    if (args.json) {
      out.println(toJson(listed));
    } else if (listed.results().isEmpty()) {
      out.println("No " + noun + " found.");
    } else {
      for (T note : listed.results()) print(out, note);
      out.println(countLine(listed.results().size(), listed.total(), noun, nouns, "--limit"));
    }
    out.flush();
    return ExitCodes.OK;
  }

  /** {@code {results, total, totalExact}}: see {@link Listing#toWire()}. */
  static String toJson(Listing<?> listed) throws JsonProcessingException {
    return Json.MAPPER.writeValueAsString(listed.toWire());
  }

  /**
   * The count below a listing, the same in every command: {@code (28 tasks)} when everything
   * is shown, else {@code (20 of 28 tasks; --limit to see more)}, or {@code (20 of at least 21
   * results; ...)} when the engine could not count them all.
   *
   * @param shown how many are listed
   * @param total how many there are before the limit
   * @param option the option that shows more, {@code --limit} (or {@code --offset 20})
   */
  static String countLine(int shown, Total total, String noun, String nouns, String option) {
    if (!total.exceeds(shown)) return "(" + shown + " " + (shown == 1 ? noun : nouns) + ")";
    return "(" + shown + " of " + total + " " + nouns + "; " + option + " to see more)";
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
