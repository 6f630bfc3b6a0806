package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import picocli.CommandLine;

/** {@code qmd4j tasks} end to end on the example vault: JSON, listing, filters, exit codes. */
class TasksCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cmd = Main.newCommandLine(Fixtures.memoryOptions());
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--quiet", "--engine", "embedded", "--vault",
        Fixtures.vault().toString()));
    return cmd.execute(all.toArray(new String[0]));
  }

  private JsonNode json() throws Exception {
    return new ObjectMapper().readTree(out.toString()).get("results");
  }

  @Test
  void jsonListsEveryBlockedTaskWithProjectTitleStatusPriorityDeadlinePathAndLines()
      throws Exception {
    assertThat(run("tasks", "--status", "bloqué", "--json")).isZero();
    JsonNode rows = json();
    assertThat(rows).hasSize(7);
    List<String> titles = new ArrayList<>();
    for (JsonNode row : rows) {
      List<String> keys = new ArrayList<>();
      row.fieldNames().forEachRemaining(keys::add);
      assertThat(keys).containsExactly("path", "project", "lines", "title", "status",
          "priority", "deadline", "text", "score");
      assertThat(row.get("status").asText()).isEqualTo("bloqué");
      assertThat(row.get("lines").asText()).matches("\\d+-\\d+");
      titles.add(row.get("title").asText());
      if (row.get("title").asText().equals("Démarrer la phase 3")) {
        assertThat(row.get("project").asText()).isEqualTo("client-dupont");
        assertThat(row.get("deadline").isNull()).isTrue();
      }
    }
    assertThat(titles).contains("Signer la term sheet", "Payer la CFE 2025",
        "Récupérer l'accès root au compte AWS");
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void listingShowsPathLinesTitleAndFieldsThenACount() {
    assertThat(run("tasks", "--prio", "haute", "--project", "startup-x", "--status",
        "bloque")).isZero();
    assertThat(out.toString()).isEqualTo(String.join(System.lineSeparator(),
        "projects/startup-x/tasks.md:12-16  Récupérer l'accès root au compte AWS  "
            + "(bloqué, haute, -)",
        "projects/startup-x/tasks.md:35-39  Signer la term sheet  (bloqué, haute, 2025-10-15)",
        "(2 tasks)", ""));
  }

  @Test
  void deadlineBoundsFollowTheClockAndLeaveOutTasksWithoutDeadline() throws Exception {
    // The test clock's day is 2025-09-15.
    assertThat(run("tasks", "--deadline-before", "aujourd'hui", "--json")).isZero();
    List<String> deadlines = new ArrayList<>();
    json().forEach(r -> deadlines.add(r.get("deadline").asText()));
    assertThat(deadlines).containsExactlyInAnyOrder("2025-06-15", "2025-07-25", "2025-07-31",
        "2025-09-10", "2025-09-15");
  }

  @Test
  void nothingFoundIsSaidAndIsNotAFailure() {
    assertThat(run("tasks", "--status", "abandonné")).isZero();
    assertThat(out.toString().strip()).isEqualTo("No task found.");
    out.getBuffer().setLength(0);
    assertThat(run("tasks", "--status", "abandonné", "--json")).isZero();
    assertThat(out.toString().strip()).isEqualTo("{\"results\":[],\"total\":0,\"totalExact\":true}");
  }

  @Test
  void badInputExitsWithTwoAndNamesTheOptionAsTyped() {
    assertThat(run("tasks", "--deadline-after", "2025-10-01", "--deadline-before",
        "2025-09-01")).isEqualTo(2);
    assertThat(err.toString().strip()).isEqualTo("qmd4j: --deadline-after 2025-10-01 is after "
        + "--deadline-before 2025-09-01; swap them or widen the period");
    err.getBuffer().setLength(0);
    assertThat(run("tasks", "--deadline-before", "bientôt")).isEqualTo(2);
    assertThat(err.toString()).startsWith("qmd4j: --deadline-before: Invalid date 'bientôt'");
    err.getBuffer().setLength(0);
    assertThat(run("tasks", "--project", "startupx")).isEqualTo(2);
    assertThat(err.toString()).contains("Did you mean 'project:startup-x'?");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void otherKindsHaveTheirCommands() throws Exception {
    assertThat(run("changelog", "--tag", "[décision]", "--project", "startup-x", "--from",
        "2025-07-14", "--to", "2025-07-14")).isZero();
    assertThat(out.toString()).startsWith("projects/startup-x/changelog.md:23-27  2025-07-14  "
        + "[décision] Abandon de l'API externe").endsWith("(3 entries)" + System.lineSeparator());
    out.getBuffer().setLength(0);
    assertThat(run("buckets", "--type", "reunion", "--tag", "dupont,comité", "--json"))
        .isZero();
    assertThat(json()).singleElement().satisfies(r -> assertThat(r.get("path").asText())
        .isEqualTo("projects/client-dupont/bucket/reunions/2025-08-28-comite.md"));
    out.getBuffer().setLength(0);
    assertThat(run("states", "--project", "startup-x")).isZero();
    assertThat(out.toString()).startsWith("projects/startup-x/state.md:7-22  updated 2025-07-15"
        + System.lineSeparator() + "    # État de startup-x").contains("(1 state)");
    out.getBuffer().setLength(0);
    assertThat(run("descriptions", "--json")).isZero();
    assertThat(json()).hasSize(4);
  }

  @Test
  void aListingCutAtTheLimitSaysHowManyTasksTheVaultHas() {
    assertThat(run("tasks")).isZero(); // --limit 20 by default; the vault has 28 tasks
    String[] lines = out.toString().split(System.lineSeparator());
    assertThat(lines).hasSize(21);
    assertThat(lines[20]).isEqualTo("(20 of 28 tasks; --limit to see more)");
    out.getBuffer().setLength(0);
    assertThat(run("tasks", "--limit", "28")).isZero();
    assertThat(out.toString()).endsWith(System.lineSeparator() + "(28 tasks)"
        + System.lineSeparator());
  }

  @Test
  void everyTypedCommandNamesTheTotalWhenItShowsFewer() throws Exception {
    assertThat(run("changelog", "--json")).isZero();
    int entries = new ObjectMapper().readTree(out.toString()).get("total").asInt();
    assertThat(entries).isGreaterThan(8);
    out.getBuffer().setLength(0);
    assertThat(run("changelog", "--limit", "8")).isZero();
    assertThat(out.toString()).endsWith("(8 of " + entries + " entries; --limit to see more)"
        + System.lineSeparator());
    for (String[] kind : new String[][] {{"states", "states"}, {"descriptions", "descriptions"},
        {"buckets", "notes"}}) {
      out.getBuffer().setLength(0);
      assertThat(run(kind[0], "--limit", "1")).isZero();
      assertThat(out.toString()).as(kind[0]).containsPattern("\\(1 of \\d+ " + kind[1]
          + "; --limit to see more\\)" + System.lineSeparator() + "$");
    }
  }

  @Test
  void jsonCarriesTheTotalBesideTheRows() throws Exception {
    assertThat(run("tasks", "--limit", "5", "--json")).isZero();
    JsonNode answer = new ObjectMapper().readTree(out.toString());
    List<String> keys = new ArrayList<>();
    answer.fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("results", "total", "totalExact");
    assertThat(answer.get("results")).hasSize(5);
    assertThat(answer.get("total").asInt()).isEqualTo(28);
    assertThat(answer.get("totalExact").asBoolean()).isTrue();
  }
}
