package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.EngineChoice;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import picocli.CommandLine;

/** The picocli-free {@code search} prints what picocli's does, and leaves it the rest. */
class FastSearchTest {
  @TempDir Path cache;
  private static final String VAULT = Fixtures.vault().toString();
  private static final String NOTES = Fixtures.notesVault().toString();

  @Test
  void plainCommandLinesGiveTheSameOutputAndExitCodeAsPicocli() {
    // One on-disk index for both, so that equal scores come in the same order.
    SearchOptions base = SearchOptions.DEFAULT.withEngine(EngineChoice.EMBEDDED)
        .withCacheDir(cache).withEnvironment(Map.of()).withClock(Fixtures.CLOCK);
    String[][] cases = {
        {"search", "--vault", VAULT, "--json", "--", "décision"},
        {"search", "--vault=" + VAULT, "--limit", "3", "robinetterie", "fuite"},
        {"search", "--vault", VAULT, "--mode", "deep", "--scope", "all-changelogs", "--json",
            "--quiet", "serveur"},
        {"search", "--vault", VAULT, "--from", "2025-08-01", "--to", "today", "*"},
        {"search", "--vault", VAULT, "--vimgrep", "-v", "--limit", "5", "factures"},
        {"search", "--vault", VAULT, "--scope", "nowhere:x", "décision"},
        {"search", "--vault", VAULT, "--mode", "slow", "décision"},
        {"search", "--vault", VAULT + "/missing", "décision"},
        // Layouts, folder scopes, a vault with nothing indexed.
        {"search", "--vault", NOTES, "--scope", "folder:journal", "facture"},
        {"search", "--vault", NOTES, "--layout", "projects", "--json", "facture"},
        {"search", "--vault", NOTES, "--layout=sideways", "facture"},
        {"search", "--vault", Fixtures.txtOnlyVault().toString(), "facture"},
    };
    for (String[] args : cases) {
      StringWriter fastOut = new StringWriter();
      StringWriter fastErr = new StringWriter();
      Integer fast = FastSearch.run(args, base, new ProgressPrinter(() -> null, false),
          new PrintWriter(fastOut), new PrintWriter(fastErr));

      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      CommandLine cmd = Main.newCommandLine(base);
      cmd.setOut(new PrintWriter(out));
      cmd.setErr(new PrintWriter(err));
      int picocli = cmd.execute(args);

      assertThat(fast).as(String.join(" ", args)).isEqualTo(picocli);
      assertThat(fastOut.toString()).as(String.join(" ", args)).isEqualTo(out.toString());
      assertThat(withoutProgress(fastErr)).as(String.join(" ", args))
          .isEqualTo(withoutProgress(err));
    }
  }

  /** stderr without the progress summary (shown when indexing took over a second). */
  private static String withoutProgress(StringWriter err) {
    return err.toString().replaceAll("(?m)^qmd4j: indexed .*\\R", "");
  }

  @Test
  void helpVersionTyposAndMissingQueriesAreLeftToPicocli() {
    String[][] cases = {
        {"search", "--help"}, {"search", "-h"}, {"search", "--vault", VAULT},
        {"search", "--limt", "3", "x"}, {"search", "--limit", "three", "x"},
        {"search", "--json", "--json", "x"}, {"search", "--vault"}, {"search", "-x", "y"},
        {"find", "x"}, {"search"}, {"search", "--json", "--vimgrep", "x"},
        {"search", "-v", "--verbose", "x"},
    };
    for (String[] args : cases) {
      assertThat(FastSearch.parse(args)).as(String.join(" ", args)).isNull();
    }
  }
}
