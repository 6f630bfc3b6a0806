package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.Fixtures;
import org.qmd4j.SearchOptions;
import picocli.CommandLine;

/**
 * What a person reads of {@code qmd4j search}: the lines that hold the query's
 * words with their numbers (like {@code rg -n}), colour only on a terminal, the correction
 * said, "did you mean" when nothing matched; and the same facts in {@code --json}.
 */
class SearchListingTest {
  private static final Pattern HEADER = Pattern.compile("^(\\S+):(\\d+)-(\\d+)  (0|1)\\.\\d\\d.*");
  private static final Pattern LINE = Pattern.compile("^    +(\\d+)([:-])(.*)$");
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(Map<String, String> env, String... args) {
    Map<String, String> environment = new HashMap<>(System.getenv());
    environment.remove("NO_COLOR");
    environment.remove("QMD4J_STDOUT_TTY");
    environment.putAll(env);
    CommandLine cmd = Main.newCommandLine(SearchOptions.DEFAULT.withEnvironment(environment));
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    List<String> all = new ArrayList<>(List.of("search", "--engine", "embedded",
        "--vault", Fixtures.vault().toString()));
    all.addAll(List.of(args));
    return cmd.execute(all.toArray(new String[0]));
  }

  private int run(String... args) {
    return run(Map.of(), args);
  }

  private static String fold(String s) {
    return Normalizer.normalize(s, Normalizer.Form.NFD).replaceAll("\\p{M}", "")
        .toLowerCase(Locale.ROOT);
  }

  /** The printed hits: header, then its numbered lines. */
  private static List<List<String>> hits(String listing) {
    List<List<String>> hits = new ArrayList<>();
    for (String line : listing.split("\n")) {
      if (HEADER.matcher(line).matches()) {
        hits.add(new ArrayList<>(List.of(line)));
      } else if (!hits.isEmpty() && !line.isBlank()) {
        hits.get(hits.size() - 1).add(line);
      }
    }
    return hits;
  }

  @ParameterizedTest
  @ValueSource(strings = {"facturation trésorerie", "factures impayées",
      "décision architecture paiement", "relation client", "webhook cautionnement"})
  void everyHitOfAMultiWordQueryShowsALineHoldingAQueryWordWithItsNumber(String query) {
    assertThat(run("--", query)).isZero();
    List<List<String>> hits = hits(out.toString());
    assertThat(hits).isNotEmpty();
    List<String> words = List.of(fold(query).split(" "));
    for (List<String> hit : hits) {
      Matcher header = HEADER.matcher(hit.get(0));
      assertThat(header.matches()).isTrue();
      int from = Integer.parseInt(header.group(2));
      int to = Integer.parseInt(header.group(3));
      String path = fold(header.group(1)).replace('-', ' ').replace('/', ' ');
      boolean shown = words.stream().anyMatch(path::contains); // matched by its path, shown
      for (String line : hit.subList(1, hit.size())) {
        Matcher m = LINE.matcher(line);
        if (!m.matches() || !m.group(2).equals(":")) continue;
        assertThat(Integer.parseInt(m.group(1))).as(line).isBetween(from, to);
        String text = fold(m.group(3));
        if (words.stream().anyMatch(w -> text.contains(w.substring(0, Math.min(5, w.length()))))) {
          shown = true;
        }
      }
      assertThat(shown).as(String.join("\n", hit)).isTrue();
    }
    assertThat(out.toString()).doesNotContain("\u001b[");
  }

  @Test
  void frontmatterIsShownOnlyWhenItMatched() {
    assertThat(run("--", "facturation trésorerie")).isZero();
    assertThat(out.toString()).doesNotContain("updated:").doesNotContain(" ---");
    out.getBuffer().setLength(0);
    assertThat(run("--", "status: bloqué")).isZero();
    assertThat(out.toString()).containsPattern("\\d+:status: bloqué");
  }

  @Test
  void theHeadingOfAMatchedLineComesFirstAndGapsAreMarked() {
    assertThat(run("--limit", "1", "idempotence")).isZero();
    String listing = out.toString().replaceAll("  0\\.\\d\\d  ", "  0.xx  ");
    assertThat(listing).isEqualTo("""
        projects/startup-x/changelog.md:29-32  0.xx  2025-07-14 (changelog day)
            29-## [blocage] Le webhook de paiement envoie des doublons
            …
            31-Résultat : trois factures émises en double ce week-end. Il faut rendre le \
        traitement idempotent
            32:(clé d'idempotence stockée en base) avant de relancer la facturation automatique.

        """);
  }

  @Test
  void coloursOnlyOnATerminalOrWhenAskedAndNeverWithNoColor() {
    assertThat(run("--color=always", "--limit", "1", "--", "idempotence")).isZero();
    assertThat(out.toString()).contains("\u001b[1;31midempotence\u001b[0m")
        .contains("\u001b[35mprojects/startup-x/changelog.md:29-32\u001b[0m");
    out.getBuffer().setLength(0);
    assertThat(run(Map.of("QMD4J_STDOUT_TTY", "1"), "--limit", "1", "idempotence")).isZero();
    assertThat(out.toString()).contains("\u001b[1;31midempotence");
    out.getBuffer().setLength(0);
    assertThat(run(Map.of("QMD4J_STDOUT_TTY", "1", "NO_COLOR", "1"), "--limit", "1",
        "idempotence")).isZero();
    assertThat(out.toString()).doesNotContain("\u001b[");
    out.getBuffer().setLength(0);
    assertThat(run(Map.of("QMD4J_STDOUT_TTY", "1"), "--color", "never", "idempotence")).isZero();
    assertThat(out.toString()).doesNotContain("\u001b[");
    assertThat(run("--color", "sometimes", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("--color").contains("AUTO, ALWAYS, NEVER");
  }

  @Test
  void aMisspelledWordIsCorrectedAndSaid() throws Exception {
    assertThat(run("--limit", "3", "idempotance")).isZero();
    assertThat(out.toString()).startsWith(
        "Showing results for \"idempotence\" (no match for \"idempotance\")\n")
        .contains("projects/startup-x/changelog.md:29-32  0.78  2025-07-14 (changelog day)\n")
        .doesNotContain("spelling corrected").doesNotContain("fuzzy");
    assertThat(out.toString().split("Showing results for", -1)).as("said once").hasSize(2);
    out.getBuffer().setLength(0);
    assertThat(run("--json", "tresorie")).isZero();
    JsonNode rows = new ObjectMapper().readTree(out.toString()).get("results");
    assertThat(rows).isNotEmpty();
    for (JsonNode row : rows) {
      assertThat(row.get("matchType").asText()).isEqualTo("fuzzy");
      assertThat(row.get("corrected").get("tresorie").asText()).isEqualTo("trésorerie");
    }
    assertThat(err.toString()).contains("Showing results for \"trésorerie\"");
  }

  @Test
  void aWildcardListingShowsDatesAndTheirSourcesWithoutSayingHowEachRowMatched() {
    assertThat(run("--limit", "30", "*")).isZero();
    assertThat(out.toString()).doesNotContain("matched through")
        .contains("  1.00  2025-09-10 (changelog day)\n")
        .contains(" (frontmatter:updated)\n");
    for (List<String> hit : hits(out.toString())) {
      assertThat(hit.get(0)).as("every listed chunk is dated here")
          .matches(".*  1\\.00  \\d{4}-\\d{2}-\\d{2} \\([a-z: ]+\\)");
    }
  }

  @Test
  void nothingFoundOffersQueriesThatMatch() {
    assertThat(run("wobhouk")).isZero();
    assertThat(out.toString()).isEqualTo("No result for: wobhouk\nDid you mean \"webhook\"?\n");
  }

  @Test
  void jsonRowsCarryMatchesAndTheDayOfAChangelogEntry() throws Exception {
    assertThat(run("--json", "--limit", "5", "--", "[décision]")).isZero();
    JsonNode rows = new ObjectMapper().readTree(out.toString()).get("results");
    for (JsonNode row : rows) {
      String[] chunk = row.get("chunk").asText().split("\n", -1);
      int from = Integer.parseInt(row.get("lines").asText().split("-")[0]);
      int to = Integer.parseInt(row.get("lines").asText().split("-")[1]);
      assertThat(row.get("matches")).isNotEmpty();
      for (JsonNode m : row.get("matches")) {
        int line = m.get("line").asInt();
        assertThat(line).isBetween(from, to);
        for (JsonNode r : m.get("ranges")) {
          assertThat(fold(chunk[line - from].substring(r.get(0).asInt(), r.get(1).asInt())))
              .contains("decision");
        }
      }
      assertThat(row.get("date").asText()).matches("\\d{4}-\\d{2}-\\d{2}");
      assertThat(row.get("dateSource").asText()).isEqualTo("changelog day");
    }
  }
}
