package org.qmd4j.qmd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmd4j.search.QmdOutputException;

/** Reading qmd's JSON: shapes, scores, paths. */
class QmdJsonTest {
  private static final Path VAULT = Path.of("/data/vault");

  private static List<QmdJson.DocHit> parse(String json) {
    return QmdJson.parse(json, "qmd4j", VAULT);
  }

  @Test
  void recordedOutputOfQmd283Parses() {
    List<QmdJson.DocHit> hits = parse(RecordedQmd.recordedSearch("status bloqué"));
    assertThat(hits).hasSize(7);
    assertThat(hits.get(0))
        .isEqualTo(new QmdJson.DocHit("projects/startup-x/tasks.md", 0.84, 13));
    assertThat(hits).extracting(QmdJson.DocHit::path).contains("tasks.md");
  }

  @Test
  void emptyArrayIsNoHit() {
    assertThat(parse(RecordedQmd.recordedSearch("zanzibar"))).isEmpty();
    assertThat(parse("  []\n")).isEmpty();
  }

  @Test
  void unknownFieldsAreIgnored() {
    assertThat(parse("[{\"file\": \"qmd://qmd4j/tasks.md\", \"score\": 0.5, \"line\": 3,"
        + " \"context\": {\"a\": [1, 2]}, \"futureField\": null, \"docid\": \"#abc\"}]"))
        .containsExactly(new QmdJson.DocHit("tasks.md", 0.5, 3));
  }

  @Test
  void resultsObjectShapeIsAccepted() {
    // The shape of qmd's MCP structuredContent and HTTP /query, where file has no qmd://.
    assertThat(parse("{\"results\": [{\"file\": \"qmd4j/bucket/a.md\", \"score\": 1,"
        + " \"line\": 33}], \"total\": 1}"))
        .containsExactly(new QmdJson.DocHit("bucket/a.md", 1.0, 33));
  }

  @Test
  void scoresAreClampedIntoTheUnitRange() {
    assertThat(parse("[{\"file\": \"qmd://qmd4j/a.md\", \"score\": 1.7},"
        + " {\"file\": \"qmd://qmd4j/b.md\", \"score\": -0.3},"
        + " {\"file\": \"qmd://qmd4j/c.md\", \"score\": \"NaN\"},"
        + " {\"file\": \"qmd://qmd4j/d.md\"}]"))
        .extracting(QmdJson.DocHit::score).containsExactly(1.0, 0.0, 0.0, 0.0);
  }

  @Test
  void missingOrBadLineDefaultsToOne() {
    assertThat(parse("[{\"file\": \"qmd://qmd4j/a.md\", \"score\": 0.5},"
        + " {\"file\": \"qmd://qmd4j/b.md\", \"score\": 0.5, \"line\": -4}]"))
        .extracting(QmdJson.DocHit::line).containsExactly(1, 1);
  }

  @Test
  void indexSuffixIsStripped() {
    assertThat(parse("[{\"file\": \"qmd://qmd4j/projects/x/state.md?index=x\", \"score\": 0.5}]"))
        .extracting(QmdJson.DocHit::path).containsExactly("projects/x/state.md");
  }

  @Test
  void pathsKeepSpacesCaseAndQuestionMarks() {
    assertThat(parse("[{\"file\": \"qmd://qmd4j/bucket/Mon Fichier?.MD\", \"score\": 0.5}]"))
        .extracting(QmdJson.DocHit::path).containsExactly("bucket/Mon Fichier?.MD");
  }

  @Test
  void fileOfAnotherCollectionIsRefused() {
    assertThatThrownBy(() -> parse("[{\"file\": \"qmd://other/tasks.md\", \"score\": 0.5}]"))
        .isInstanceOf(QmdOutputException.class)
        .hasMessage("qmd returned a file of another collection than 'qmd4j': "
            + "qmd://other/tasks.md");
    // A collection whose name merely starts with ours is another one.
    assertThatThrownBy(() -> parse("[{\"file\": \"qmd://qmd4jx/tasks.md\", \"score\": 0.5}]"))
        .isInstanceOf(QmdOutputException.class)
        .hasMessageContaining("another collection");
  }

  @ParameterizedTest
  @ValueSource(strings = {"qmd://qmd4j/../secrets.md", "qmd://qmd4j/a/../../b.md",
      "qmd://qmd4j//etc/passwd", "qmd://qmd4j/./a.md", "qmd://qmd4j/a\\\\..\\\\b.md",
      "qmd://qmd4j/", "qmd://qmd4j/?index=x"})
  void pathOutsideTheVaultIsRefused(String file) {
    String unescaped = file.replace("\\\\", "\\");
    assertThatThrownBy(() -> parse("[{\"file\": \"" + file + "\", \"score\": 0.5}]"))
        .isInstanceOf(QmdOutputException.class)
        .hasMessage("qmd returned a path outside the vault: " + unescaped);
  }

  @Test
  void resultWithoutFileIsRefused() {
    assertThatThrownBy(() -> parse("[{\"score\": 0.5, \"title\": \"x\"}]"))
        .isInstanceOf(QmdOutputException.class)
        .hasMessage("A qmd result has no 'file': '{\"score\":0.5,\"title\":\"x\"}'");
  }

  @Test
  void outputThatIsNotJsonIsRefusedQuotingItsStart() {
    assertThatThrownBy(() -> parse("Error: no such table: documents_fts"))
        .isInstanceOf(QmdOutputException.class)
        .hasMessage("qmd printed output that is not JSON: 'Error: no such table: documents_fts'")
        .hasCauseInstanceOf(com.fasterxml.jackson.core.JsonProcessingException.class);
    String longGarbage = "%".repeat(5_000);
    assertThatThrownBy(() -> parse(longGarbage))
        .isInstanceOf(QmdOutputException.class)
        .hasMessageEndingWith("…' (5000 chars)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"{\"error\": \"boom\"}", "42", "\"text\"", "", "null"})
  void jsonThatIsNotAResultListIsRefused(String output) {
    assertThatThrownBy(() -> parse(output))
        .isInstanceOf(QmdOutputException.class)
        .hasMessageStartingWith("Expected a JSON array of results from qmd but got: '"
            + output + "'");
  }

  @Test
  void mergedDocumentsKeepEachDocumentOnceWithItsBetterHitBestFirst() {
    List<QmdJson.DocHit> merged = QmdJson.merged(
        List.of(new QmdJson.DocHit("a.md", 0.5, 3), new QmdJson.DocHit("b.md", 0.4, 1)),
        List.of(new QmdJson.DocHit("b.md", 0.9, 7), new QmdJson.DocHit("c.md", 0.1, 2)));
    assertThat(merged).containsExactly(new QmdJson.DocHit("b.md", 0.9, 7),
        new QmdJson.DocHit("a.md", 0.5, 3), new QmdJson.DocHit("c.md", 0.1, 2));
  }
}
