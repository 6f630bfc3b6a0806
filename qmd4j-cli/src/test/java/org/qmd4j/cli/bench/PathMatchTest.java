package org.qmd4j.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.qmd4j.Fixtures;

class PathMatchTest {
  private final PathMatch match = PathMatch.of(List.of("changelog.md",
      "projects/x/changelog.md", "docs/readme.md", "data.md"));

  @Test
  void normalisesAsQmd() {
    assertThat(PathMatch.normalize("Resources/Concepts/Context Engineering.md"))
        .isEqualTo("resources/concepts/context engineering.md");
    assertThat(PathMatch.normalize("qmd://collection/docs/readme.md")).isEqualTo("docs/readme.md");
    assertThat(PathMatch.normalize("/docs/readme.md/")).isEqualTo("docs/readme.md");
    assertThat(PathMatch.normalize("readme.md")).isEqualTo("readme.md");
  }

  /** qmd's own cases, for a matcher that knows no vault file (as qmd's harness). */
  @Test
  void matchesAsQmdDoes() {
    PathMatch match = PathMatch.of(List.of());
    assertThat(match.matches("docs/readme.md", "docs/readme.md")).isTrue();
    assertThat(match.matches("Docs/README.md", "docs/readme.md")).isTrue();
    assertThat(match.matches("/full/path/docs/readme.md", "docs/readme.md")).isTrue();
    assertThat(match.matches("readme.md", "docs/readme.md")).isTrue();
    assertThat(match.matches("qmd://col/docs/readme.md", "docs/readme.md")).isTrue();
    assertThat(match.matches("docs/readme.md", "docs/other.md")).isFalse();
    assertThat(this.match.matches("docs/readme.md", "readme.md")).as("a bare name").isTrue();
  }

  @Test
  void aSuffixStartsAtAFolder() {
    assertThat(match.matches("data.md", "a.md")).isFalse();
    assertThat(match.matches("a.md", "data.md")).isFalse();
  }

  @Test
  void anExpectedPathNamingAVaultFileMatchesThatFileOnly() {
    assertThat(match.matches("projects/x/changelog.md", "changelog.md")).isFalse();
    assertThat(match.matches("changelog.md", "projects/x/changelog.md")).isFalse();
    assertThat(match.matches("changelog.md", "changelog.md")).isTrue();
  }

  @Test
  void accentsMatchWhateverTheirUnicodeForm() {
    String composed = "bucket/r\u00e9unions/note.md";
    String decomposed = "bucket/re\u0301unions/note.md";
    assertThat(match.matches(decomposed, composed)).isTrue();
  }

  @Test
  void missingMeansNoVaultFileCanMatch() {
    assertThat(match.missing("readme.md")).isFalse();
    assertThat(match.missing("docs/readme.md")).isFalse();
    assertThat(match.missing("nope.md")).isTrue();
    assertThat(match.missing("a.md")).as("not data.md").isTrue();
  }

  @Test
  void ofVaultKnowsTheVaultsFiles() {
    PathMatch vault = PathMatch.ofVault(Fixtures.vault());
    assertThat(vault.missing("projects/comptabilite/bucket/reference/taux-tva.md")).isFalse();
    assertThat(vault.missing("taux-tva.md")).isFalse();
    assertThat(vault.missing("projects/comptabilite/taux-tva.md")).isTrue();
  }
}
