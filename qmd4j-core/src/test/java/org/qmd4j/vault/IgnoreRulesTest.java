package org.qmd4j.vault;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code .qmd4jignore} follows gitignore's rules. */
class IgnoreRulesTest {
  private static boolean ignored(String rules, String path) {
    return IgnoreRules.parse(rules).ignores(path, false);
  }

  private static boolean ignoredFolder(String rules, String path) {
    return IgnoreRules.parse(rules).ignores(path, true);
  }

  @ParameterizedTest(name = "{0} ignores {1}: {2}")
  @CsvSource(delimiter = '|', value = {
      // A name without a slash matches at any depth.
      "draft.md        | draft.md              | true",
      "draft.md        | a/b/draft.md          | true",
      "draft.md        | a/draft.md.bak        | false",
      // '*' stays within one segment, '?' is one character.
      "*.tmp.md        | notes/x.tmp.md        | true",
      "a*.md           | a/b.md                | false",
      "note?.md        | note1.md              | true",
      "note?.md        | note12.md             | false",
      // A slash at the start or in the middle anchors to the root.
      "/prive.md       | prive.md              | true",
      "/prive.md       | clients/prive.md      | false",
      "docs/old.md     | docs/old.md           | true",
      "docs/old.md     | x/docs/old.md         | false",
      // '**' leading, trailing and in the middle.
      "**/tmp.md       | tmp.md                | true",
      "**/tmp.md       | a/b/tmp.md            | true",
      "archive/**      | archive/2020/x.md     | true",
      "archive/**      | archive.md            | false",
      "a/**/b.md       | a/b.md                | true",
      "a/**/b.md       | a/x/y/b.md            | true",
      "a/**/b.md       | c/a/x/b.md            | false",
      // Character classes, negated classes, ranges.
      "[abc].md        | b.md                  | true",
      "[!abc].md       | b.md                  | false",
      "[!abc].md       | d.md                  | true",
      "file[0-9].md    | file7.md              | true",
      "file[0-9].md    | filex.md              | false",
      // Escapes: a literal '#', '!' and '*'.
      "\\#title.md     | #title.md             | true",
      "\\!bang.md      | !bang.md              | true",
      "star\\*.md      | star*.md              | true",
      "star\\*.md      | starx.md              | false",
  })
  void matchesAsGitDoes(String rule, String path, boolean expected) {
    assertThat(ignored(rule, path)).isEqualTo(expected);
  }

  @Test
  void aTrailingSlashMatchesFoldersOnly() {
    assertThat(ignoredFolder("brouillons/", "brouillons")).isTrue();
    assertThat(ignored("brouillons/", "brouillons")).as("a file named so").isFalse();
    assertThat(ignored("brouillons/", "brouillons/facture.md")).as("inside").isTrue();
    assertThat(ignored("brouillons/", "a/brouillons/facture.md")).as("at any depth").isTrue();
  }

  @Test
  void theLastMatchingRuleWinsAndNegationReincludes() {
    String rules = "journal/**/brouillon-*.md\n!journal/2025/brouillon-garde.md\n";
    assertThat(ignored(rules, "journal/2025/brouillon-idee.md")).isTrue();
    assertThat(ignored(rules, "journal/2025/brouillon-garde.md")).isFalse();
    assertThat(ignored("!a.md\n*.md\n", "a.md")).as("a later rule wins again").isTrue();
  }

  @Test
  void aFileInsideAnIgnoredFolderCannotBeReincluded() {
    // As in git: "It is not possible to re-include a file if a parent directory is excluded".
    String rules = "brouillons/\n!brouillons/garde.md\n";
    assertThat(ignored(rules, "brouillons/garde.md")).isTrue();
  }

  @Test
  void commentsBlankLinesAndTrailingSpacesAreNotRules() {
    IgnoreRules rules = IgnoreRules.parse("# a comment\n\n   \n*.tmp.md   \r\n");
    assertThat(rules.size()).isEqualTo(1);
    assertThat(rules.ignores("x.tmp.md", false)).isTrue();
    assertThat(IgnoreRules.parse("trail\\ \n").ignores("trail ", false))
        .as("an escaped trailing space is kept").isTrue();
  }

  @Test
  void noRuleIgnoresNothing() {
    assertThat(IgnoreRules.NONE.ignores("a/b.md", false)).isFalse();
    assertThat(IgnoreRules.parse("").size()).isZero();
  }

  @Test
  void regexMetacharactersInNamesAreLiteral() {
    assertThat(ignored("a+b (1).md", "a+b (1).md")).isTrue();
    assertThat(ignored("a+b (1).md", "aab (1).md")).isFalse();
    assertThat(ignored("$x^.md", "$x^.md")).isTrue();
  }

  @Test
  void aLoneStarStarMatchesEveryFileAndAnUnclosedClassIsLiteral() {
    assertThat(ignored("**", "a/b/c.md")).isTrue();
    assertThat(ignored("[abc.md", "[abc.md")).isTrue();
  }

  @Test
  void randomNamesMatchTheirOwnLiteralRule() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    String alphabet = "abcXYZ019 -_.+()$^{}é";
    for (int i = 0; i < 200; i++) {
      StringBuilder name = new StringBuilder();
      int n = 1 + random.nextInt(12);
      for (int j = 0; j < n; j++) name.append(alphabet.charAt(random.nextInt(alphabet.length())));
      String literal = name.toString().strip();
      if (literal.isEmpty() || literal.startsWith("#")) continue;
      assertThat(ignored("/" + literal, literal)).as("seed " + seed + ": " + literal).isTrue();
      assertThat(ignored("/" + literal, literal + "x")).as("seed " + seed + ": " + literal)
          .isFalse();
    }
  }
}
