package org.qmd4j.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.qmd4j.search.EngineException;

/** Reading {@code qmd search --json} as qmd 2.8.3 prints it. */
class QmdSearchBackendTest {
  @Test
  void readsVaultPathsBestFirstEachOnce() {
    String json = "[{\"docid\": \"#4b427a\", \"score\": 0.89,"
        + " \"file\": \"qmd://bench/projects/renovation-maison/tasks.md\", \"line\": 21},"
        + " {\"file\": \"qmd://bench/bucket/devis.md?index=x\", \"score\": 0.8},"
        + " {\"file\": \"qmd://bench/projects/renovation-maison/tasks.md\", \"score\": 0.7},"
        + " {\"file\": \"qmd://bench/c.md\", \"score\": 0.6}]";
    assertThat(QmdSearchBackend.parse(json, 10)).containsExactly(
        "projects/renovation-maison/tasks.md", "bucket/devis.md", "c.md");
    assertThat(QmdSearchBackend.parse(json, 2)).containsExactly(
        "projects/renovation-maison/tasks.md", "bucket/devis.md");
    assertThat(QmdSearchBackend.parse("[]", 10)).isEmpty();
  }

  @Test
  void outputThatIsNotResultsIsAnEngineFailure() {
    assertThatThrownBy(() -> QmdSearchBackend.parse("No results found.", 10))
        .isInstanceOf(EngineException.class)
        .hasMessage("qmd search printed output that is not JSON: No results found.");
    assertThatThrownBy(() -> QmdSearchBackend.parse("{\"a\": 1}", 10))
        .hasMessage("qmd search printed no JSON array of results");
    assertThatThrownBy(() -> QmdSearchBackend.parse("[{\"score\": 1}]", 10))
        .hasMessage("A qmd search result has no 'file'");
  }
}
