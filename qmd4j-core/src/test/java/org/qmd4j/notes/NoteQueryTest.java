package org.qmd4j.notes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.qmd4j.search.InvalidDateException;
import org.qmd4j.search.InvalidRequestException;

class NoteQueryTest {
  @Test
  void everyKindSharesOneBuilderWithItsOwnConditions() {
    NoteQuery<Task> q = NoteQuery.newBuilder(Kind.TASKS).status(" bloqué ").priority("haute")
        .to("2025-12-31").limit(5).build();
    assertThat(q.kind()).isSameAs(Kind.TASKS);
    assertThat(q.query()).isEqualTo("*");
    assertThat(q.field("status")).contains("bloqué");
    assertThat(q.field("priority")).contains("haute");
    assertThat(q.to()).isPresent();
    assertThat(NoteQuery.newBuilder(Kind.CHANGELOG).tag("[décision]").build().field("tag"))
        .contains("décision");
    assertThat(NoteQuery.newBuilder(Kind.BUCKETS).tags("devis", " ", "dupont").build().tags())
        .containsExactly("devis", "dupont");
  }

  @Test
  void aConditionTheKindDoesNotTakeIsRefusedWithTheKindsConditions() {
    assertThatThrownBy(() -> NoteQuery.newBuilder(Kind.STATES).status("bloqué").build())
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Project states take no 'status' condition; theirs: date_from, date_to");
    assertThatThrownBy(() -> NoteQuery.newBuilder(Kind.DESCRIPTIONS).from("today").build())
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Project descriptions take no 'date_from' condition; theirs: none");
    assertThatThrownBy(() -> NoteQuery.newBuilder(Kind.TASKS).tags("devis").build())
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("theirs: priority, status, deadline_after, deadline_before");
  }

  @Test
  void aTaskDateNamesTheDeadlineParameter() {
    assertThatThrownBy(() -> NoteQuery.newBuilder(Kind.TASKS).to("demain-ish"))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageContaining("deadline_before");
    assertThatThrownBy(() -> NoteQuery.newBuilder(Kind.CHANGELOG).to("demain-ish"))
        .isInstanceOf(InvalidDateException.class)
        .hasMessageContaining("date_to");
  }

  @Test
  void theRegistryListsEveryKindOnce() {
    assertThat(Kind.all()).extracting(Kind::name)
        .containsExactly("tasks", "changelog", "states", "descriptions", "buckets");
  }
}
