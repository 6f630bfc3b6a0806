package org.qmd4j.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmd4j.Fixtures;

class FixtureTest {
  @TempDir Path tmp;

  /** The shape of qmd's own example fixture: every field, a collection. */
  @Test
  void readsQmdsFixtureShape() {
    Fixture f = Fixture.parse("{\"description\": \"Docs\", \"version\": 1,"
        + " \"collection\": \"eval-docs\", \"queries\": ["
        + "{\"id\": \"exact-cap\", \"query\": \"CAP theorem\", \"type\": \"exact\","
        + " \"description\": \"keyword\", \"expected_files\": [\"distributed.md\"],"
        + " \"expected_in_top_k\": 1},"
        + "{\"id\": \"semantic-rest\", \"query\": \"how to structure REST endpoints\","
        + " \"type\": \"semantic\", \"description\": \"concept\","
        + " \"expected_files\": [\"api.md\", \"docs/rest.md\"], \"expected_in_top_k\": 3}]}",
        "example.json");
    assertThat(f.description()).isEqualTo("Docs");
    assertThat(f.version()).isEqualTo(1);
    assertThat(f.collection()).contains("eval-docs");
    assertThat(f.warnings()).isEmpty();
    assertThat(f.queries()).containsExactly(
        new FixtureQuery("exact-cap", "CAP theorem", "exact", "keyword",
            List.of("distributed.md"), 1),
        new FixtureQuery("semantic-rest", "how to structure REST endpoints", "semantic",
            "concept", List.of("api.md", "docs/rest.md"), 3));
    assertThat(f.queries().get(0).resultLimit()).as("at least 10 files, as qmd").isEqualTo(10);
  }

  @Test
  void optionalFieldsMayBeMissing() {
    Fixture f = Fixture.parse("{\"queries\": [{\"query\": \"budget\","
        + " \"expected_files\": [\"a.md\", \"b.md\"]}, {\"query\": \"devis\","
        + " \"expected_files\": [\"c.md\"], \"expected_in_top_k\": 12, \"extra\": true}]}",
        "min.json");
    assertThat(f.description()).isEmpty();
    assertThat(f.version()).isEqualTo(1);
    assertThat(f.collection()).isEmpty();
    assertThat(f.queries()).containsExactly(
        new FixtureQuery("q1", "budget", "", "", List.of("a.md", "b.md"), 2),
        new FixtureQuery("q2", "devis", "", "", List.of("c.md"), 12));
    assertThat(f.queries().get(1).resultLimit()).isEqualTo(12);
  }

  @Test
  void doubtfulButUsableFixturesWarn() {
    Fixture f = Fixture.parse("{\"version\": 2, \"queries\": [{\"id\": \"a\", \"query\": \"x\","
        + " \"expected_files\": []}, {\"id\": \"a\", \"query\": \"y\","
        + " \"expected_files\": [\"y.md\"]}]}", "w.json");
    assertThat(f.warnings()).containsExactly(
        "The fixture says version 2; this reader knows version 1 and reads it as such",
        "Query 'a' expects no file: it scores 0 on every engine",
        "Query id 'a' is used more than once");
  }

  @Test
  void textThatIsNotJsonSaysWhere() {
    assertThatThrownBy(() -> Fixture.parse("{\"queries\": [\n{\"query\": }", "bad.json"))
        .isInstanceOf(FixtureException.class)
        .hasMessageStartingWith("The fixture bad.json is not JSON (line 2, column ")
        .hasMessageContaining("a fixture is {\"description\", \"version\": 1, \"queries\"");
  }

  @Test
  void aFixtureNeedsAQueriesArray() {
    assertThatThrownBy(() -> Fixture.parse("{\"description\": \"d\"}", "f.json"))
        .isInstanceOf(FixtureException.class)
        .hasMessageStartingWith("The fixture f.json has no 'queries' array; a fixture is");
    assertThatThrownBy(() -> Fixture.parse("{\"queries\": {}}", "f.json"))
        .hasMessageStartingWith("The fixture f.json has no 'queries' array");
    assertThatThrownBy(() -> Fixture.parse("[]", "f.json"))
        .hasMessageStartingWith("The fixture f.json is not a JSON object");
    assertThatThrownBy(() -> Fixture.parse("{\"queries\": []}", "f.json"))
        .hasMessageStartingWith("The fixture f.json has no queries");
  }

  @Test
  void aBadQueryIsNamedWithItsField() {
    assertThatThrownBy(() -> Fixture.parse("{\"queries\": [{\"id\": \"x\","
        + " \"expected_files\": []}]}", "f.json"))
        .isInstanceOf(FixtureException.class)
        .hasMessage("Query 1 ('x') of f.json has no 'query' text");
    assertThatThrownBy(() -> Fixture.parse("{\"queries\": [{\"query\": \"q\"}]}", "f.json"))
        .hasMessageStartingWith("Query 1 of f.json has no 'expected_files' array");
    assertThatThrownBy(() -> Fixture.parse("{\"queries\": [{\"query\": \"q\","
        + " \"expected_files\": [3]}]}", "f.json"))
        .hasMessage("Query 1 of f.json has an expected file that is not a path: 3");
    assertThatThrownBy(() -> Fixture.parse("{\"queries\": [{\"query\": \"q\","
        + " \"expected_files\": [\"a.md\"], \"expected_in_top_k\": \"3\"}]}", "f.json"))
        .hasMessage("Query 1 of f.json has expected_in_top_k \"3\"; expected a whole number of"
            + " at least 1");
    assertThatThrownBy(() -> Fixture.parse("{\"queries\": [{\"query\": \"q\","
        + " \"expected_files\": [\"a.md\"], \"expected_in_top_k\": 0}]}", "f.json"))
        .hasMessageContaining("expected_in_top_k 0");
  }

  @Test
  void aMissingFileIsNamed() {
    Path none = tmp.resolve("none.json");
    assertThatThrownBy(() -> Fixture.read(none))
        .isInstanceOf(FixtureException.class)
        .hasMessage("The fixture " + none + " does not exist");
  }

  @Test
  void theShippedFrenchFixtureReadsAndEveryExpectedFileExists() throws IOException {
    Path file = Fixtures.root().resolve("bench/vault-fr.json");
    Fixture f = Fixture.read(file);
    assertThat(f.warnings()).isEmpty();
    assertThat(f.queries()).hasSizeBetween(15, 25);
    assertThat(f.queries()).extracting(FixtureQuery::type).contains("exact", "semantic",
        "topical", "cross-domain", "alias");
    for (FixtureQuery q : f.queries()) {
      for (String e : q.expectedFiles()) {
        assertThat(Files.isRegularFile(Fixtures.vault().resolve(e))).as(q.id() + ": " + e)
            .isTrue();
      }
    }
  }
}
