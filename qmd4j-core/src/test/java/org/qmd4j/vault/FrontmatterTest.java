package org.qmd4j.vault;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FrontmatterTest {

  private static Path vault() {
    String fixtures = System.getProperty("qmd4j.fixtures");
    return (fixtures != null ? Path.of(fixtures) : Path.of("testfixtures")).resolve("vault");
  }

  private static Frontmatter parse(String text) {
    return Frontmatter.parse(NoteText.of(text));
  }

  private static Frontmatter fixture(String path) throws IOException {
    return Frontmatter.parse(NoteText.read(vault().resolve(path)));
  }

  @Test
  void plainFieldsAreReadInFileOrder() {
    Frontmatter fm = parse("---\nstatus: actif\nowner: Camille\nprio: 3\ndone: true\n---\n# x\n");
    assertThat(fm.present()).isTrue();
    assertThat(fm.malformed()).isFalse();
    assertThat(fm.endLine()).isEqualTo(6);
    assertThat(fm.fields().keySet()).containsExactly("status", "owner", "prio", "done");
    assertThat(fm.string("status")).contains("actif");
    assertThat(fm.string("owner")).contains("Camille");
    assertThat(fm.string("prio")).contains("3");
    assertThat(fm.string("done")).contains("true");
    assertThat(fm.string("missing")).isEmpty();
  }

  @Test
  void unquotedIsoUpdatedIsADateAndStaysAStringInFields() {
    Frontmatter fm = parse("---\nupdated: 2025-07-14\n---\n");
    assertThat(fm.date("updated")).contains(LocalDate.of(2025, 7, 14));
    assertThat(fm.fields().get("updated")).isEqualTo("2025-07-14");
  }

  @Test
  void quotedIsoUpdatedIsADate() {
    assertThat(parse("---\nupdated: \"2025-09-10\"\n---\n").date("updated"))
        .contains(LocalDate.of(2025, 9, 10));
    assertThat(parse("---\nupdated: '2025-09-10'\n---\n").date("updated"))
        .contains(LocalDate.of(2025, 9, 10));
  }

  @Test
  void dateTimeGivesItsDate() {
    assertThat(parse("---\nupdated: 2025-07-14T10:00\n---\n").date("updated"))
        .contains(LocalDate.of(2025, 7, 14));
    assertThat(parse("---\nupdated: 2025-07-14 10:00\n---\n").date("updated"))
        .contains(LocalDate.of(2025, 7, 14));
  }

  @Test
  void nonDateUpdatedIsEmpty() {
    assertThat(parse("---\nupdated: soon\n---\n").date("updated")).isEmpty();
    assertThat(parse("---\nupdated: 20250714\n---\n").date("updated")).isEmpty();
    assertThat(parse("---\nupdated:\n---\n").date("updated")).isEmpty();
    assertThat(parse("---\nupdated: [2025-07-14]\n---\n").date("updated")).isEmpty();
    assertThat(parse("---\nupdated: 2025-7-14\n---\n").date("updated")).isEmpty();
  }

  @Test
  void impossibleDateIsEmpty() {
    Frontmatter fm = parse("---\nupdated: 2025-02-30\n---\n");
    assertThat(fm.malformed()).isFalse();
    assertThat(fm.string("updated")).contains("2025-02-30");
    assertThat(fm.date("updated")).isEmpty();
    assertThat(parse("---\nupdated: 2025-13-01\n---\n").date("updated")).isEmpty();
  }

  @Test
  void leapDayIsADateOnlyInLeapYears() {
    assertThat(parse("---\nupdated: 2024-02-29\n---\n").date("updated"))
        .contains(LocalDate.of(2024, 2, 29));
    assertThat(parse("---\nupdated: 2025-02-29\n---\n").date("updated")).isEmpty();
  }

  @Test
  void malformedYamlIsFlaggedWithEmptyFieldsAndTheRightEndLine() {
    Frontmatter fm = parse("---\ntype: x\nupdated: 2025-06-10\ntags: [a, b\nk: v\n---\n\n# T\n");
    assertThat(fm.present()).isTrue();
    assertThat(fm.malformed()).isTrue();
    assertThat(fm.fields()).isEmpty();
    assertThat(fm.endLine()).isEqualTo(6);
    assertThat(fm.date("updated")).isEmpty();
  }

  @Test
  void malformedFixtureIsFlaggedWithEmptyFieldsAndTheRightEndLine() throws IOException {
    Frontmatter fm = fixture("projects/renovation-maison/bucket/devis-plombier.md");
    assertThat(fm.malformed()).isTrue();
    assertThat(fm.fields()).isEmpty();
    assertThat(fm.endLine()).isEqualTo(7);
    assertThat(fm.date("updated")).isEmpty();
  }

  @Test
  void scalarYamlIsMalformed() {
    Frontmatter fm = parse("---\njust a sentence\n---\nbody\n");
    assertThat(fm.malformed()).isTrue();
    assertThat(fm.fields()).isEmpty();
    assertThat(fm.endLine()).isEqualTo(3);
  }

  @Test
  void listYamlIsMalformed() {
    Frontmatter fm = parse("---\n- a\n- b\n---\n");
    assertThat(fm.malformed()).isTrue();
    assertThat(fm.fields()).isEmpty();
    assertThat(fm.endLine()).isEqualTo(4);
  }

  @Test
  void emptyBlockIsPresentAndWellFormed() {
    Frontmatter fm = parse("---\n---\n# T\n");
    assertThat(fm.present()).isTrue();
    assertThat(fm.malformed()).isFalse();
    assertThat(fm.fields()).isEmpty();
    assertThat(fm.endLine()).isEqualTo(2);
  }

  @Test
  void noClosingRuleIsNone() {
    assertThat(parse("---\nupdated: 2025-07-14\n# Titre\ntext\n")).isEqualTo(Frontmatter.NONE);
    assertThat(Frontmatter.NONE.present()).isFalse();
    assertThat(Frontmatter.NONE.endLine()).isZero();
    assertThat(Frontmatter.NONE.malformed()).isFalse();
  }

  @Test
  void noOpeningRuleOnLineOneIsNone() {
    assertThat(parse("\n---\nupdated: 2025-07-14\n---\n")).isEqualTo(Frontmatter.NONE);
    assertThat(parse("# Titre\n---\na: b\n---\n")).isEqualTo(Frontmatter.NONE);
    assertThat(parse("")).isEqualTo(Frontmatter.NONE);
  }

  @Test
  void yamlDocumentEndClosesTheBlock() {
    Frontmatter fm = parse("---\na: b\n...\n# T\n");
    assertThat(fm.endLine()).isEqualTo(3);
    assertThat(fm.string("a")).contains("b");
  }

  @Test
  void crlfBlockIsReadLikeLf() {
    Frontmatter crlf = parse("---\r\nupdated: 2025-09-02\r\ntags: [a, b]\r\n---\r\nx\r\n");
    Frontmatter lf = parse("---\nupdated: 2025-09-02\ntags: [a, b]\n---\nx\n");
    assertThat(crlf).isEqualTo(lf);
    assertThat(crlf.date("updated")).contains(LocalDate.of(2025, 9, 2));
  }

  @Test
  void listsAreReadWithStrings() {
    Frontmatter fm = parse("---\ntags: [plomberie, devis, 2025]\nalias: one\n"
        + "items:\n  - a\n  - b\n---\n");
    assertThat(fm.strings("tags")).containsExactly("plomberie", "devis", "2025");
    assertThat(fm.strings("items")).containsExactly("a", "b");
    assertThat(fm.strings("alias")).containsExactly("one");
    assertThat(fm.strings("missing")).isEmpty();
    assertThat(fm.string("tags")).isEmpty();
  }

  @Test
  void nullItemsOfAListAreSkipped() {
    assertThat(parse("---\ntags: [a, ~, b]\n---\n").strings("tags")).containsExactly("a", "b");
  }

  @Test
  void mapValueIsNotAString() {
    Frontmatter fm = parse("---\nmeta:\n  a: 1\n---\n");
    assertThat(fm.string("meta")).isEmpty();
    assertThat(fm.fields().get("meta")).isEqualTo(Map.of("a", 1));
  }

  @Test
  void yamlCommentThatLooksLikeAHeadingIsNotAField() {
    Frontmatter fm = parse("---\n# a comment\nupdated: 2025-01-02\n---\n");
    assertThat(fm.fields().keySet()).containsExactly("updated");
    assertThat(fm.date("updated")).contains(LocalDate.of(2025, 1, 2));
  }

  @Test
  void soonFixtureHasFieldsButNoDate() throws IOException {
    Frontmatter fm = fixture("projects/client-dupont/state.md");
    assertThat(fm.malformed()).isFalse();
    assertThat(fm.endLine()).isEqualTo(5);
    assertThat(fm.string("updated")).contains("soon");
    assertThat(fm.string("owner")).contains("Camille");
    assertThat(fm.date("updated")).isEmpty();
  }

  @Test
  void quotedDateFixtureIsDated() throws IOException {
    Frontmatter fm = fixture("projects/comptabilite/state.md");
    assertThat(fm.endLine()).isEqualTo(5);
    assertThat(fm.date("updated")).contains(LocalDate.of(2025, 9, 10));
  }

  @Test
  void bomFixtureFrontmatterIsNotHidden() throws IOException {
    Frontmatter fm = fixture("projects/marathon-2025/state.md");
    assertThat(fm.present()).isTrue();
    assertThat(fm.endLine()).isEqualTo(5);
    assertThat(fm.date("updated")).contains(LocalDate.of(2025, 8, 30));
    assertThat(fm.string("status")).contains("actif");
    assertThat(fm.string("owner")).contains("Camille");
  }

  @Test
  void frontmatterOnlyFixtureIsReadWhole() throws IOException {
    Frontmatter fm = fixture("bucket/frontmatter-seule.md");
    assertThat(fm.endLine()).isEqualTo(7);
    assertThat(fm.strings("tags")).containsExactly("brouillon", "vide");
    assertThat(fm.date("created")).contains(LocalDate.of(2025, 3, 28));
    assertThat(fm.date("updated")).contains(LocalDate.of(2025, 4, 1));
  }

  @Test
  void latin1FixtureFrontmatterIsDecoded() throws IOException {
    Frontmatter fm = fixture("projects/comptabilite/bucket/ancien-export-latin1.md");
    assertThat(fm.string("type")).contains("référence");
    assertThat(fm.strings("tags")).isEqualTo(List.of("export", "ancien-logiciel"));
    assertThat(fm.date("updated")).contains(LocalDate.of(2025, 5, 5));
  }

  @Test
  void changelogFixtureHasNoFrontmatter() throws IOException {
    assertThat(fixture("projects/startup-x/changelog.md")).isEqualTo(Frontmatter.NONE);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(strings = {"a: !!timestamp garbage", "a: !foo x", "a: !!python/object x",
      "a: *unknown", "<<: 5", "a: !!int ''", "a: [1, 2", "a: {b: 1", "a: 'unclosed"})
  void yamlThatCannotBeLoadedIsMalformedNotAnError(String yaml) {
    Frontmatter fm = parse("---\n" + yaml + "\nupdated: 2025-07-14\n---\nbody\n");
    assertThat(fm.malformed()).isTrue();
    assertThat(fm.fields()).isEmpty();
    assertThat(fm.endLine()).isEqualTo(4);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @ValueSource(strings = {"a: !!int abc", "a: !!float abc", "a: !!int 0x", "a: !!binary '%%%'",
      "a: !!set [1]", "a: !!str [1]", "a: !!map x", "a: !!seq x"})
  void yamlTagsThatCannotBeConstructedMakeTheBlockMalformed(String yaml) {
    Frontmatter fm = parse("---\n" + yaml + "\nupdated: 2025-07-14\n---\nbody\n");
    assertThat(fm.malformed()).isTrue();
    assertThat(fm.fields()).isEmpty();
    assertThat(fm.endLine()).isEqualTo(4);
  }
}
