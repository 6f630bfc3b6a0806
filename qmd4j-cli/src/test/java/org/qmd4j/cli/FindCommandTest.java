package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import picocli.CommandLine;

/** {@code qmd4j find} end to end: both result shapes, listing, exit codes, messages. */
class FindCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cmd = Main.newCommandLine();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    List<String> all = new ArrayList<>(List.of("find", "--engine", "embedded",
        "--vault", Fixtures.vault().toString()));
    all.addAll(List.of(args));
    return cmd.execute(all.toArray(new String[0]));
  }

  private JsonNode json() throws Exception {
    return new ObjectMapper().readTree(out.toString());
  }

  /**
   * stderr without the indexing summary that a pass longer than a second prints: the test that
   * first meets the module's cold test cache on a loaded machine gets it.
   */
  private static String withoutIndexing(String stderr) {
    return stderr.replaceAll("(?m)^qmd4j: indexed \\d+ files in .*\\R", "");
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void queryJsonHasChunksWithSourceContentHeadingScoreAndLines() throws Exception {
    assertThat(run("--json", "--query", "décision", "--folder", "projects/startup-x",
        "--limit", "2", "--offset", "1")).isZero();
    JsonNode root = json();
    assertThat(fieldNames(root)).containsExactly("success", "results", "total", "notes");
    assertThat(root.get("success").asBoolean()).isTrue();
    assertThat(root.get("total").asInt()).isGreaterThan(2);
    assertThat(root.get("results")).hasSize(2);
    for (JsonNode row : root.get("results")) {
      assertThat(fieldNames(row)).containsExactly("source", "content", "heading", "score",
          "lines");
      assertThat(row.get("source").asText()).isEqualTo("projects/startup-x/changelog.md");
      assertThat(row.get("score").asDouble()).isBetween(0.0, 1.0);
      assertThat(row.get("lines").asText()).matches("\\d+-\\d+");
    }
    assertThat(withoutIndexing(err.toString())).isEmpty();
  }

  @Test
  void scanJsonHasPathsOrPathsWithFields() throws Exception {
    assertThat(run("--json", "--folder", "projects/startup-x", "--sort", "name")).isZero();
    JsonNode plain = json();
    assertThat(plain.get("results").get(0).asText()).isEqualTo("projects/startup-x/changelog.md");
    assertThat(plain.get("total").asInt()).isEqualTo(4);

    out.getBuffer().setLength(0);
    assertThat(run("--json", "--where", "type eq réunion", "--where", "tags contains dupont",
        "--fields", "type,tags", "--sort", "name")).isZero();
    JsonNode withFields = json();
    assertThat(withFields.get("total").asInt()).isEqualTo(2);
    JsonNode first = withFields.get("results").get(0);
    assertThat(fieldNames(first)).containsExactly("path", "fields");
    assertThat(first.get("path").asText())
        .isEqualTo("projects/client-dupont/bucket/reunions/2025-04-08-lancement.md");
    assertThat(first.get("fields").get("type").asText()).isEqualTo("réunion");
    assertThat(first.get("fields").get("tags").get(0).asText()).isEqualTo("dupont");
  }

  @Test
  void listingShowsPathsFieldsAndThePage() {
    assertThat(run("--folder", "projects/startup-x", "--recursive", "--where",
        "type eq réunion", "--fields", "created", "--sort", "created")).isZero();
    assertThat(out.toString()).isEqualTo(String.join(System.lineSeparator(),
        "projects/startup-x/bucket/reunions/2025-07-10-point-tech.md",
        "    created=2025-07-10",
        "projects/startup-x/bucket/reunions/2025-05-12-investisseurs.md",
        "    created=2025-05-12",
        "(2 results)", ""));
  }

  @Test
  void listingOfAQueryShowsLinesScoreAndHeadingAndNotesOnStderr() {
    assertThat(run("--query", "webhook", "--mode", "semantic", "--date-start", "2025-01-01",
        "--date-type", "modified")).isZero();
    assertThat(out.toString()).containsPattern(
        "projects/startup-x/changelog\\.md:29-32  [01]\\.\\d\\d  2025-07-14");
    assertThat(withoutIndexing(err.toString())).startsWith("qmd4j: note: mode semantic: the "
        + "embedded engine has no semantic model");
  }

  /**
   * The tasks of the fixture whose {@code status:} line says {@code bloqué}, read from the
   * vault's tasks files by hand: {@code path:line-of-its-title  title}.
   */
  private static List<String> blockedTasksInTheFixture() throws IOException {
    Path vault = Fixtures.vault();
    List<Path> files = new ArrayList<>();
    if (Files.isRegularFile(vault.resolve("tasks.md"))) files.add(vault.resolve("tasks.md"));
    try (Stream<Path> projects = Files.list(vault.resolve("projects"))) {
      projects.map(p -> p.resolve("tasks.md")).filter(Files::isRegularFile).sorted()
          .forEach(files::add);
    }
    Pattern blocked = Pattern.compile("\\s*status\\s*:\\s*bloqué\\s*");
    List<String> tasks = new ArrayList<>();
    for (Path file : files) {
      List<String> lines = Files.readAllLines(file);
      int titleLine = 0;
      String title = null;
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).startsWith("# ")) {
          titleLine = i + 1;
          title = lines.get(i).substring(2).strip();
        } else if (title != null && blocked.matcher(lines.get(i)).matches()) {
          tasks.add(vault.relativize(file).toString().replace('\\', '/') + ":" + titleLine
              + "  " + title);
        }
      }
    }
    return tasks;
  }

  @Test
  void whereStatusBloqueListsEveryBlockedTaskOfTheVaultAndNothingElse() throws IOException {
    List<String> expected = blockedTasksInTheFixture();
    assertThat(expected).isNotEmpty(); // 7 in the example vault
    assertThat(run("--where", "status eq bloqué")).isZero();
    List<String> lines = List.of(out.toString().split("\\R"));
    assertThat(lines.get(lines.size() - 1))
        .isEqualTo("(" + expected.size() + " results)");
    List<String> listed = new ArrayList<>();
    for (String line : lines.subList(0, lines.size() - 1)) {
      // path:from-to  score  title: each blocked task once, at its own lines.
      assertThat(line).matches("\\S+/tasks\\.md:\\d+-\\d+  \\d\\.\\d\\d  .+");
      listed.add(line.replaceFirst("-\\d+  \\d\\.\\d\\d  ", "  "));
    }
    assertThat(listed).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(withoutIndexing(err.toString())).isEmpty();
  }

  @Test
  void nothingFoundIsSuccess() {
    assertThat(run("--query", "zanzibar", "--folder", "", "--recursive")).isZero();
    assertThat(out.toString().strip()).isEqualTo("No note found.");
  }

  @Test
  void unknownOperatorExitsTwoListingTheValidOnes() {
    assertThat(run("--where", "status equals en-cours")).isEqualTo(2);
    assertThat(err.toString().strip()).isEqualTo("qmd4j: Unknown operator 'equals' in "
        + "condition 'status equals en-cours'; valid operators are: eq, ne, contains, in, "
        + "exists, missing, gt, gte, lt, lte");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void noCriterionExitsTwo() {
    assertThat(run("--sort", "name")).isEqualTo(2);
    assertThat(err.toString().strip()).isEqualTo("qmd4j: find_notes needs at least one "
        + "criterion: a query, a folder, a frontmatter condition, date_start or date_end");
  }

  @Test
  void relevanceWithoutQueryNegativeOffsetAndBadDatesExitTwo() {
    assertThat(run("--folder", "bucket", "--sort", "relevance")).isEqualTo(2);
    assertThat(run("--folder", "bucket", "--offset", "-3")).isEqualTo(2);
    assertThat(run("--folder", "bucket", "--date-start", "next tuesday")).isEqualTo(2);
    assertThat(run("--folder", "bucket", "--mode", "fuzzy")).isEqualTo(2);
    assertThat(err.toString()).contains("qmd4j: sort=relevance needs a query",
        "qmd4j: offset must be 0 or more but was -3",
        "qmd4j: --date-start: Invalid date 'next tuesday'",
        "qmd4j: Unknown find mode 'fuzzy'; valid modes are: hybrid, semantic, keyword");
  }
  // "No note found." used to say nothing of the misspelt field or of the sub-folders.
  @Test
  void aFieldNoNoteHasIsAShortErrorNamingTheNearest() {
    assertThat(run("--where", "statut eq bloqué")).isEqualTo(2);
    assertThat(withoutIndexing(err.toString())).startsWith("qmd4j: No note has a field"
        + " 'statut' (condition 'statut eq bloqué'), so nothing can match. Did you mean"
        + " 'status'? Fields of the ").contains(" searched notes: status, ");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void nothingDirectlyInAFolderWhoseSubFoldersMatchNamesRecursive() {
    assertThat(run("--folder", "projects", "--where", "status eq bloqué")).isZero();
    assertThat(out.toString()).matches("No note found directly in projects/; \\d+ in its"
        + " sub-folders \\(--recursive\\)\\.\\R");
    assertThat(withoutIndexing(err.toString())).contains("qmd4j: note: no note directly in"
        + " 'projects' matches").contains("--recursive");
  }
}
