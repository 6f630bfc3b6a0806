package org.qmd4j.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.qmd4j.spi.KeywordQuery;

/** The one description of a keyword query both keyword engines render. */
class KeywordParserTest {
  @Test
  void wordsPhraseCompoundsAndTagsOfAQuery() {
    KeywordQuery q = KeywordParser.parse("[décision] status: en-cours #projet/client");
    assertThat(q.words()).containsEntry("decision", "decision").containsEntry("cours", "cour")
        .as("a stop word").doesNotContainKey("en");
    assertThat(q.tags()).containsExactly("decision");
    assertThat(q.units()).contains("en-cours");
    assertThat(q.hashtags()).containsExactly("projet/client");
    assertThat(q.phrase()).isNotEmpty();
    assertThat(q.termCount()).isEqualTo(q.words().size() + 1);
    assertThat(q.prefixWords()).containsExactly("decision", "status", "cours");
  }

  @Test
  void aLongQueryExpandsFewerPrefixesAndHasNoPhrase() {
    assertThat(KeywordParser.parse("facture client").expansions()).isEqualTo(32);
    KeywordQuery longer = KeywordParser.parse("un deux trois quatre cinq six sept huit neuf dix "
        + "onze douze treize quatorze quinze seize dix-sept dix-huit");
    assertThat(longer.expansions()).isEqualTo(12);
    assertThat(longer.phrase()).isEmpty();
  }

  @Test
  void punctuationAloneIsAnEmptyQuery() {
    assertThat(KeywordParser.parse("?! ...").isEmpty()).isTrue();
  }

  @Test
  void scoresFallInTheBandOfTheWordsHeld() {
    assertThat(KeywordQuery.normalize(1f, 0)).isEqualTo(0.5);
    assertThat(KeywordQuery.normalize(KeywordQuery.TIER * 2 + 5f, 2)).isEqualTo(0.75);
    assertThat(KeywordQuery.normalize(KeywordQuery.TIER + 5f, 2)).isEqualTo(0.375);
    assertThat(KeywordQuery.held(KeywordQuery.TIER * 3 + 2f)).isEqualTo(3);
  }
}
