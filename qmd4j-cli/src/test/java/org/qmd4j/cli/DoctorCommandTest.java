package org.qmd4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;
import picocli.CommandLine;

/** {@code qmd4j doctor}: the same facts as lines, or as JSON a program reads. */
class DoctorCommandTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cmd = Main.newCommandLine();
    cmd.setOut(new PrintWriter(out));
    cmd.setErr(new PrintWriter(err));
    List<String> all = new ArrayList<>(List.of("doctor", "--engine", "embedded",
        "--vault", Fixtures.vault().toString()));
    all.addAll(List.of(args));
    return cmd.execute(all.toArray(new String[0]));
  }

  @Test
  void jsonHasSnakeCaseKeysAndCountsAsNumbers() throws Exception {
    assertThat(run("--json")).isZero();
    JsonNode facts = new ObjectMapper().readTree(out.toString());
    List<String> keys = new ArrayList<>();
    facts.fieldNames().forEachRemaining(keys::add);
    assertThat(keys).startsWith("engine", "why", "vault", "layout", "index")
        .contains("documents_indexed", "chunks_indexed", "deep_search")
        .allMatch(k -> k.matches("[a-z0-9]+(_[a-z0-9]+)*"), "snake_case");
    assertThat(facts.get("engine").asText()).isEqualTo("embedded");
    assertThat(facts.get("documents_indexed").isIntegralNumber()).isTrue();
    assertThat(facts.get("documents_indexed").asInt()).isEqualTo(59);
    assertThat(facts.get("chunks_indexed").isIntegralNumber()).isTrue();
    assertThat(err.toString()).isEmpty();
  }

  @Test
  void linesAlignTheSameFacts() {
    assertThat(run()).isZero();
    assertThat(out.toString()).startsWith("engine             embedded\n")
        .contains("\ndocuments indexed  59\n");
  }

  @Test
  void jsonConvertsWholeNumbersAndSecondsOnly() {
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put("session uptime", "12 s");
    facts.put("session requests served", "3");
    facts.put("qmd version", "2.8.3");
    facts.put("session pid", "4242");
    facts.put("deep search ", "no: models missing");
    assertThat(DoctorCommand.toJson(facts)).containsExactly(
        Map.entry("session_uptime_s", 12L), Map.entry("session_requests_served", 3L),
        Map.entry("qmd_version", "2.8.3"), Map.entry("session_pid", 4242L),
        Map.entry("deep_search", "no: models missing"));
  }
}
