package org.qmd4j.notes;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.qmd4j.search.LineRange;

/** The one JSON shape of the typed records ({@link Note#toWire()}). */
class WireTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void taskHasItsComponentsWithIsoDateLinesAndTwoDecimalScore() throws Exception {
    Task task = new Task("projects/startup-x/tasks.md", Optional.of("startup-x"),
        new LineRange(35, 39), "Signer la term sheet", Optional.of("bloqué"),
        Optional.of("haute"), Optional.of(LocalDate.of(2025, 10, 15)),
        "# Signer la term sheet\nstatus: bloqué", 0.8765);
    assertThat(JSON.writeValueAsString(task.toWire())).isEqualTo("{\"path\":"
        + "\"projects/startup-x/tasks.md\",\"project\":\"startup-x\",\"lines\":\"35-39\","
        + "\"title\":\"Signer la term sheet\",\"status\":\"bloqué\",\"priority\":\"haute\","
        + "\"deadline\":\"2025-10-15\",\"text\":\"# Signer la term sheet\\nstatus: bloqué\","
        + "\"score\":0.88}");
  }

  @Test
  void absentValuesAreNullSoEveryRowOfAKindHasTheSameKeys() {
    Task root = new Task("tasks.md", Optional.empty(), new LineRange(1, 2), "Ranger",
        Optional.empty(), Optional.empty(), Optional.empty(), "# Ranger", 1.0);
    Map<String, Object> wire = root.toWire();
    assertThat(wire).containsOnlyKeys("path", "project", "lines", "title", "status",
        "priority", "deadline", "text", "score");
    assertThat(wire).containsEntry("project", null).containsEntry("status", null)
        .containsEntry("priority", null).containsEntry("deadline", null);
  }

  @Test
  void changelogEntryStateDescriptionAndBucketItemKeepTheirComponentOrder() {
    ChangelogEntry entry = new ChangelogEntry("changelog.md", Optional.empty(),
        new LineRange(3, 5), Optional.of(LocalDate.of(2025, 7, 14)), Optional.of("décision"),
        "Abandon", "## [décision] Abandon", 0.5);
    assertThat(entry.toWire().keySet()).containsExactly("path", "project", "lines", "date",
        "tag", "title", "text", "score");
    assertThat(entry.toWire()).containsEntry("date", "2025-07-14")
        .containsEntry("tag", "décision");

    ProjectState state = new ProjectState("projects/x/state.md", "x", new LineRange(5, 9),
        Optional.of(LocalDate.of(2025, 9, 1)), Map.of("Statut", "en cours"), "# Statut", 1.0);
    assertThat(state.toWire().keySet()).containsExactly("path", "project", "lines", "updated",
        "sections", "text", "score");
    assertThat(state.toWire()).containsEntry("sections", Map.of("Statut", "en cours"));

    Description description = new Description("projects/x/description.md", "x",
        new LineRange(1, 3), Optional.empty(), "Une app", 1.0);
    assertThat(description.toWire().keySet()).containsExactly("path", "project", "lines",
        "updated", "text", "score");

    BucketItem item = new BucketItem("bucket/a.md", Optional.empty(), new LineRange(6, 8),
        Optional.of("réunion"), Optional.of(LocalDate.of(2025, 8, 28)), Optional.empty(),
        List.of("dupont"), Map.of("type", "réunion"), "Compte rendu", 1.0);
    assertThat(item.toWire().keySet()).containsExactly("path", "project", "lines", "type",
        "created", "updated", "tags", "frontmatter", "text", "score");
    assertThat(item.toWire()).containsEntry("created", "2025-08-28")
        .containsEntry("updated", null).containsEntry("tags", List.of("dupont"));
  }
}
