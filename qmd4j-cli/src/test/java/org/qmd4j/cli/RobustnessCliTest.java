package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;
import org.qmd4j.ForPeople;
import org.qmd4j.HostileInput;
import org.qmd4j.SearchOptions;
import org.qmd4j.TestTier;
import picocli.CommandLine;

/**
 * The randomized suite through the command line, in-process: {@code search} and
 * {@code brief} with hostile queries, scopes, modes, dates and limits. Invariants: exit 0 or
 * 2, never 1; an exit 2 says why on stderr and prints nothing on stdout; {@code --json}
 * output is a JSON array with scores in [0, 1], descending. Seeded: replay with
 * {@code -Dqmd4j.seed=N}; {@code -Dqmd4j.budget=10m} runs longer. At least 20 cases in the
 * full tier, 8 in the fast one ({@link TestTier}).
 */
class RobustnessCliTest {

  @Test
  void hostileArgumentsExitZeroOrTwoWithAMessage(@TempDir Path tmp) throws Exception {
    long seed = HostileInput.seed();
    long budget = HostileInput.budgetMillis(3_000);
    System.out.println("RobustnessCliTest seed=" + seed + " budget=" + budget + " ms");
    HostileInput input = new HostileInput(seed);
    Random random = input.random();
    SearchOptions options = Fixtures.memoryOptions().withInMemoryIndex(false)
        .withCacheDir(tmp.resolve("cache"));
    ObjectMapper json = new ObjectMapper();
    int cases = 0;
    int usage = 0;
    long deadline = System.currentTimeMillis() + budget;
    int atLeast = TestTier.rounds(8, 20); // cases, however short the budget
    while (System.currentTimeMillis() < deadline || cases < atLeast) {
      boolean search = random.nextInt(4) != 0;
      List<String> args = new ArrayList<>(List.of(search ? "search" : "brief",
          "--engine", "embedded", "--vault", Fixtures.vault().toString()));
      if (search) args.add("--json");
      String mode = input.mode();
      if (mode != null) args.addAll(List.of("--mode", mode));
      String scope = input.scope();
      if (scope != null) args.addAll(List.of("--scope", scope));
      String from = input.date();
      if (from != null) args.addAll(List.of("--from", from));
      String to = input.date();
      if (to != null) args.addAll(List.of("--to", to));
      if (random.nextInt(3) == 0) {
        args.addAll(List.of("--limit", Integer.toString(random.nextInt(80) - 10)));
      }
      args.add("--");
      args.add(input.query());
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      CommandLine cmd = Main.newCommandLine(options);
      cmd.setOut(new PrintWriter(out));
      cmd.setErr(new PrintWriter(err));
      int code = cmd.execute(args.toArray(new String[0]));
      String where = "seed=" + seed + " case=" + cases + " args=" + args.subList(5, args.size())
          + " err=" + err;
      assertThat(code).as(where).isIn(0, 2);
      assertThat(err.toString()).as(where).doesNotContain("unexpected error");
      if (code == 2) {
        usage++;
        assertThat(err.toString()).as(where).isNotBlank();
        ForPeople.check(err.toString(), where, tmp.resolve("cache"));
        assertThat(out.toString()).as(where).isEmpty();
      } else if (search) {
        JsonNode array = json.readTree(out.toString()).get("results");
        assertThat(array.isArray()).as(where).isTrue();
        double previous = 1.0;
        for (JsonNode row : array) {
          double score = row.get("score").asDouble();
          assertThat(score).as(where).isBetween(0.0, 1.0).isLessThanOrEqualTo(previous);
          previous = score;
        }
      }
      cases++;
    }
    System.out.printf("RobustnessCliTest: %d cases (%d exit 2), 0 failures%n", cases, usage);
  }
}
